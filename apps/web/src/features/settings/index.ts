import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Settings (console §2); reached from the profile menu, not the sidebar. */
export const settingsArea: AreaRegistration = {
  path: '/settings',
  title: 'Settings',
  icon: SettingsOutlined,
  roles: NOT_VIEWER,
};
