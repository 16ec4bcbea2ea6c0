import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Locker walls (operational-data-areas §2). */
export const lockerWallArea: AreaRegistration = {
  path: '/locker-wall',
  title: 'Locker Wall',
  icon: ViewModuleOutlined,
  section: 'places',
  roles: NOT_VIEWER,
};
