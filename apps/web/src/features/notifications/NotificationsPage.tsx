import { NOTIFICATION_MODES, type TNotification } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn, type TableFilter } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import {
  NOTIFICATIONS_ENDPOINT,
  notificationsKey,
  useCloneNotification,
  useDeleteNotification,
  ZNotificationPage,
} from './hooks';
import { eventLabel, NotificationFormDialog } from './NotificationFormDialog';

const timing = (t: TFunction, n: TNotification) =>
  n.time_unit === 'immediately'
    ? t('timing.immediately')
    : t(n.before ? 'timing.before' : 'timing.after', {
        amount: t(`timing.${n.time_unit}`, { count: n.time_amount }),
      });

/** Columns of the templates list (spec console §2 Notifications list, §3). */
export function notificationColumns(actions: {
  /** the `notifications` namespace's translate function */
  t: TFunction;
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>;
  onEdit: (n: TNotification) => void;
  onClone: (n: TNotification) => void;
  onDelete?: (n: TNotification) => void;
}): GridColDef<TNotification>[] {
  const { t, label } = actions;
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
      ...rowActionsColumn<TNotification>({ onClone: actions.onClone, onEdit: actions.onEdit }),
      width: 150,
      renderCell: (params) => {
        const base = rowActionsColumn<TNotification>({
          onClone: actions.onClone,
          onEdit: actions.onEdit,
          // defaults cannot be deleted (spec console §2)
          onDelete: params.row.is_default ? undefined : actions.onDelete,
        });
        return base.renderCell?.(params);
      },
    },
  ];
}

/**
 * /notifications (spec console §2 Notifications list): the templates by mode, searchable and paged;
 * add, edit, clone and delete — defaults can be neither deleted nor selected.
 */
export function NotificationsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('notifications');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ notification: TNotification | null } | null>(null);
  const [deleting, setDeleting] = useState<TNotification | null>(null);
  const clone = useCloneNotification();
  const remove = useDeleteNotification();
  const columns = useMemo(
    () =>
      notificationColumns({
        t,
        label,
        onEdit: (notification) => setDialog({ notification }),
        onClone: (n) => clone.mutate(n.id),
        onDelete: isAdmin ? setDeleting : undefined,
      }),
    [t, label, isAdmin, clone.mutate],
  );
  const filters = useMemo<TableFilter[]>(
    () => [
      {
        key: 'mode',
        kind: 'select',
        label: t('modeFilter'),
        emptyLabel: t('allModes'),
        options: NOTIFICATION_MODES.map((m) => ({ value: m, label: label('mode', m) })),
        values: NOTIFICATION_MODES,
        minWidth: 160,
      },
    ],
    [t, label],
  );
  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), () => setDialog({ notification: null }))} />
      <DataTable<TNotification>
        queryKey={notificationsKey}
        endpoint={NOTIFICATIONS_ENDPOINT}
        schema={ZNotificationPage}
        columns={columns}
        filterPage="notifications"
        filters={filters}
        canSelect={isAdmin}
        isRowSelectable={(n) => !n.is_default}
        bulkDelete
        onRowClick={(notification) => setDialog({ notification })}
        disableVirtualization={disableVirtualization}
      />
      <NotificationFormDialog
        open={!!dialog}
        notification={dialog?.notification ?? null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        destructive
        open={!!deleting}
        message={t('confirmDelete', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
