import { STAFF } from '@lockerops/contract';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Notification templates (console §2 Notifications list); viewers are kept out (§6). */
export const notificationsArea: AreaRegistration = {
  path: '/notifications',
  title: 'Notifications',
  icon: NotificationsOutlined,
  section: 'notifications',
  roles: STAFF,
  page: lazy(() => import('./NotificationsPage').then((m) => ({ default: m.NotificationsPage }))),
};
