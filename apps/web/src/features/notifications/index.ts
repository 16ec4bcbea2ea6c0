import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Notification templates (console §2). */
export const notificationsArea: AreaRegistration = {
  path: '/notifications',
  title: 'Notifications',
  icon: NotificationsOutlined,
  section: 'notifications',
  roles: NOT_VIEWER,
};
