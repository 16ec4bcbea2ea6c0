import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Notification templates (console §2 Notifications list); viewers are kept out (§6). */
export const notificationsArea: AreaRegistration = {
  path: '/notifications',
  title: 'Notifications',
  icon: NotificationsOutlined,
  section: 'notifications',
  roles: NOT_VIEWER,
  page: lazy(() => import('./NotificationsPage').then((m) => ({ default: m.NotificationsPage }))),
};
