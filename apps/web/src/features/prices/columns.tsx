import type { TPrice } from '@lockerops/contract';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { rowActionsColumn } from '../../components/DataTable';
import type { ListActions } from '../../components/ListPage';
import type { useEnumLabel } from '../../i18n/enums';
import { formatMoney } from '../../lib/format';

/**
 * Columns of the prices table (spec operational §2 Prices): name, unit type, amount, unit amount,
 * unit, card on file, default.
 */
export function priceColumns(
  /** the `prices` namespace's translate function */
  t: TFunction,
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>,
  { edit, remove }: ListActions<TPrice>,
): GridColDef<TPrice>[] {
  return [
    { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 160 },
    {
      field: 'price_type',
      headerName: t('field.unitType'),
      width: 150,
      valueGetter: (_v, row) => label('priceType', row.price_type),
    },
    {
      field: 'amount',
      headerName: t('field.amount'),
      width: 120,
      valueGetter: (_v, row) => formatMoney(row.amount, row.currency),
    },
    { field: 'unit_amount', headerName: t('field.unitAmount'), width: 120 },
    {
      field: 'unit',
      headerName: t('field.unit'),
      width: 100,
      valueFormatter: (v: string) => t(`unit.${v}`, { defaultValue: v }),
    },
    {
      field: 'card_on_file',
      headerName: t('field.cardOnFile'),
      width: 120,
      sortable: false,
      valueGetter: (_v, row) => (row.card_on_file ? t('field.yes') : t('field.no')),
    },
    {
      field: 'default',
      headerName: t('field.default'),
      width: 110,
      renderCell: ({ row }) =>
        row.default ? <Chip size="small" color="primary" label={t('field.default')} /> : null,
    },
    rowActionsColumn<TPrice>({ onEdit: edit, onDelete: remove }),
  ];
}
