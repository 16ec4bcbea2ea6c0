import type { TMembership } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { rowActionsColumn } from '../../components/DataTable';
import type { ListActions } from '../../components/ListPage';
import type { useEnumLabel } from '../../i18n/enums';
import { formatMoney } from '../../lib/format';

/**
 * Columns of the subscriptions table (spec operational §2): name, type, value, amount, billing,
 * subscribers, active.
 */
export function membershipColumns(
  /** the `memberships` namespace's translate function */
  t: TFunction,
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>,
  { edit, remove }: ListActions<TMembership>,
): GridColDef<TMembership>[] {
  return [
    { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 150 },
    {
      field: 'membership_type',
      headerName: t('column.type'),
      width: 120,
      valueGetter: (_v, row) => label('membershipType', row.membership_type),
    },
    { field: 'value', headerName: t('column.value'), width: 90 },
    {
      field: 'amount',
      headerName: t('column.amount'),
      width: 110,
      valueGetter: (_v, row) => formatMoney(row.amount, row.currency),
    },
    {
      field: 'billing_type',
      headerName: t('column.billing'),
      width: 160,
      valueGetter: (_v, row) =>
        row.billing_type === 'recurring'
          ? t('column.every', {
              period: row.billing_period ? t(`period.${row.billing_period}`) : '',
              count: row.number_of_payments,
            })
          : t('column.oneTime'),
    },
    { field: 'subscribers', headerName: t('column.subscribers'), width: 120, sortable: false },
    {
      field: 'active',
      headerName: t('column.active'),
      width: 90,
      valueGetter: (_v, row) => (row.active ? t('column.yes') : t('column.no')),
    },
    rowActionsColumn<TMembership>({ onEdit: edit, onDelete: remove }),
  ];
}
