import type { TPromo } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { rowActionsColumn } from '../../components/DataTable';
import type { ListActions } from '../../components/ListPage';
import type { useEnumLabel } from '../../i18n/enums';
import { formatDateTime, formatNumber } from '../../lib/format';

const when = (iso: string) => formatDateTime(iso);

/** Columns of the promo codes table (spec operational §2 Promos): name, code, discount, amount, validity. */
export function promoColumns(
  /** the `promos` namespace's translate function */
  t: TFunction,
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>,
  { edit, remove }: ListActions<TPromo>,
): GridColDef<TPromo>[] {
  return [
    { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 150 },
    { field: 'code', headerName: t('field.code'), width: 140 },
    {
      field: 'discount_type',
      headerName: t('field.discountType'),
      width: 140,
      valueGetter: (_v, row) => label('discountType', row.discount_type),
    },
    {
      field: 'amount',
      headerName: t('field.amount'),
      width: 110,
      valueGetter: (_v, row) =>
        row.discount_type === 'percentage'
          ? t('percent', { value: formatNumber(row.amount, Number.isInteger(row.amount) ? 0 : 2) })
          : formatNumber(row.amount),
    },
    {
      field: 'start_time',
      headerName: t('field.startTime'),
      width: 190,
      valueGetter: (_v, row) => when(row.start_time),
    },
    {
      field: 'end_time',
      headerName: t('field.endTime'),
      width: 190,
      valueGetter: (_v, row) => when(row.end_time),
    },
    rowActionsColumn<TPromo>({ onEdit: edit, onDelete: remove }),
  ];
}
