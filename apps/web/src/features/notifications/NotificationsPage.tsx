import type { TNotification } from '@lockerops/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
import { useEnumLabel } from '../../i18n/enums';
import { notificationColumns, notificationFilters } from './columns';
import {
  NOTIFICATIONS_ENDPOINT,
  notificationsKey,
  useCloneNotification,
  useDeleteNotification,
  ZNotificationPage,
} from './hooks';
import { NotificationFormDialog } from './NotificationFormDialog';

/**
 * /notifications (spec console §2 Notifications list): the templates by mode, searchable and paged;
 * add, edit, clone and delete — defaults can be neither deleted nor selected.
 */
export function NotificationsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('notifications');
  const label = useEnumLabel();
  const clone = useCloneNotification();
  const remove = useDeleteNotification();
  const columns = useCallback(
    (a: ListActions<TNotification>) => notificationColumns(t, label, (n) => clone.mutate(n.id), a),
    [t, label, clone.mutate],
  );
  const filters = useMemo(() => notificationFilters(t, label), [t, label]);
  return (
    <ListPage<TNotification>
      ns="notifications"
      endpoint={NOTIFICATIONS_ENDPOINT}
      queryKey={notificationsKey}
      schema={ZNotificationPage}
      columns={columns}
      filterPage="notifications"
      filters={filters}
      isRowSelectable={(n) => !n.is_default}
      removal={remove}
      dialog={({ row, open, onClose }) => (
        <NotificationFormDialog notification={row} open={open} onClose={onClose} />
      )}
      disableVirtualization={disableVirtualization}
    />
  );
}
