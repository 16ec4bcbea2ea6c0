import { STAFF } from '@lockerops/contract';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Settings (console §2); reached from the profile menu, not the sidebar. */
export const settingsArea: AreaRegistration = {
  path: '/settings',
  title: 'Settings',
  icon: SettingsOutlined,
  roles: STAFF,
  page: lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage }))),
};
