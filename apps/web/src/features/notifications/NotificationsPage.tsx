import { MODE_LABELS, NOTIFICATION_MODES, type TNotification } from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn, useListParams } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import {
  NOTIFICATIONS_ENDPOINT,
  notificationsKey,
  useCloneNotification,
  useDeleteNotification,
  ZNotificationPage,
} from './hooks';
import { EVENT_LABELS, NotificationFormDialog } from './NotificationFormDialog';

const timing = (n: TNotification) =>
  n.time_unit === 'immediately'
    ? 'Immediately'
    : `${n.time_amount} ${n.time_unit}${n.time_amount === 1 ? '' : 's'} ${n.before ? 'before' : 'after'}`;

/** Columns of the templates list (spec console §2 Notifications list, §3). */
export function notificationColumns(actions: {
  onEdit: (n: TNotification) => void;
  onClone: (n: TNotification) => void;
  onDelete?: (n: TNotification) => void;
}): GridColDef<TNotification>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
    {
      field: 'mode',
      headerName: 'Mode',
      width: 120,
      valueFormatter: (v: TNotification['mode']) => MODE_LABELS[v] ?? v,
    },
    {
      field: 'notification_type',
      headerName: 'Event',
      width: 170,
      valueFormatter: (v: string) => EVENT_LABELS[v] ?? v,
    },
    {
      field: 'time_unit',
      headerName: 'When',
      width: 160,
      sortable: false,
      valueGetter: (_v, row) => timing(row),
    },
    {
      field: 'channels',
      headerName: 'Channels',
      width: 130,
      sortable: false,
      valueGetter: (_v, row) => [row.email ? 'E-mail' : '', row.sms ? 'SMS' : ''].filter(Boolean).join(', '),
    },
    {
      field: 'is_default',
      headerName: 'Default',
      width: 90,
      sortable: false,
      valueFormatter: (v: boolean) => (v ? 'Yes' : ''),
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
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const list = useListParams({ filterKeys: ['mode'] });
  const mode = list.params.filters.mode ?? '';
  const [dialog, setDialog] = useState<{ notification: TNotification | null } | null>(null);
  const [deleting, setDeleting] = useState<TNotification | null>(null);
  const clone = useCloneNotification();
  const remove = useDeleteNotification();
  const columns = useMemo(
    () =>
      notificationColumns({
        onEdit: (notification) => setDialog({ notification }),
        onClone: (n) => clone.mutate(n.id),
        onDelete: isAdmin ? setDeleting : undefined,
      }),
    [isAdmin, clone.mutate],
  );
  return (
    <>
      <PageTitle
        title="Notifications"
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setDialog({ notification: null })}
          >
            Add Notification
          </Button>
        }
      />
      <DataTable<TNotification>
        queryKey={notificationsKey}
        endpoint={NOTIFICATIONS_ENDPOINT}
        schema={ZNotificationPage}
        columns={columns}
        filterPage="notifications"
        filterKeys={['mode']}
        toolbar={
          <TextField
            select
            size="small"
            label="Mode"
            value={mode}
            onChange={(e) => list.setFilter('mode', e.target.value || undefined)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">All modes</MenuItem>
            {NOTIFICATION_MODES.map((m) => (
              <MenuItem key={m} value={m}>
                {MODE_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
        }
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
        open={!!deleting}
        message={`Are you sure you want to delete the notification "${deleting?.name ?? ''}"?`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
