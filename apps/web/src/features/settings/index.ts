import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Settings (console §2); reached from the profile menu, not the sidebar. */
export const settingsArea: AreaRegistration = {
  path: '/settings',
  title: 'Settings',
  icon: SettingsOutlined,
  roles: NOT_VIEWER,
  page: lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage }))),
};
