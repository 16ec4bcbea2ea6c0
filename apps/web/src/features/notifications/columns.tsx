import { NOTIFICATION_MODES, type TNotification } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { rowActionsColumn, type TableFilter } from '../../components/DataTable';
import type { ListActions } from '../../components/ListPage';
import type { useEnumLabel } from '../../i18n/enums';
import { eventLabel } from './NotificationFormDialog';

const timing = (t: TFunction, n: TNotification) =>
  n.time_unit === 'immediately'
    ? t('timing.immediately')
    : t(n.before ? 'timing.before' : 'timing.after', {
        amount: t(`timing.${n.time_unit}`, { count: n.time_amount }),
      });

/** Columns of the templates list (spec console §2 Notifications list, §3). */
export function notificationColumns(
  /** the `notifications` namespace's translate function */
  t: TFunction,
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>,
  onClone: (n: TNotification) => void,
  { isAdmin, edit, remove }: ListActions<TNotification>,
): GridColDef<TNotification>[] {
  return [
    { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 180 },
    {
      field: 'mode',
      headerName: t('column.mode'),
      width: 120,
      valueFormatter: (v: TNotification['mode']) => label('mode', v),
    },
    {
      field: 'notification_type',
      headerName: t('column.event'),
      width: 170,
      valueFormatter: (v: string) => eventLabel(t, v),
    },
    {
      field: 'time_unit',
      headerName: t('column.when'),
      width: 160,
      sortable: false,
      valueGetter: (_v, row) => timing(t, row),
    },
    {
      field: 'channels',
      headerName: t('column.channels'),
      width: 130,
      sortable: false,
      valueGetter: (_v, row) =>
        [row.email ? t('channel.email') : '', row.sms ? t('channel.sms') : ''].filter(Boolean).join(', '),
    },
    {
      field: 'is_default',
      headerName: t('column.default'),
      width: 90,
      sortable: false,
      valueFormatter: (v: boolean) => (v ? t('column.yes') : ''),
    },
    {
      ...rowActionsColumn<TNotification>({ onClone, onEdit: edit }),
      width: 150,
      renderCell: (params) => {
        const base = rowActionsColumn<TNotification>({
          onClone,
          onEdit: edit,
          // defaults cannot be deleted (spec console §2)
          onDelete: params.row.is_default || !isAdmin ? undefined : remove,
        });
        return base.renderCell?.(params);
      },
    },
  ];
}

/** The templates list's filter (spec console §2): one mode, or all. */
export function notificationFilters(t: TFunction, label: ReturnType<typeof useEnumLabel>): TableFilter[] {
  return [
    {
      key: 'mode',
      kind: 'select',
      label: t('modeFilter'),
      emptyLabel: t('allModes'),
      options: NOTIFICATION_MODES.map((m) => ({ value: m, label: label('mode', m) })),
      values: NOTIFICATION_MODES,
      minWidth: 160,
    },
  ];
}
