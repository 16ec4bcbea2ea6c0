import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Locker walls (operational-data-areas §2 Locker wall); viewers are kept out (§1). */
export const lockerWallArea: AreaRegistration = {
  path: '/locker-wall',
  title: 'Locker Wall',
  icon: ViewModuleOutlined,
  section: 'places',
  roles: NOT_VIEWER,
  page: lazy(() => import('./LockerWallPage').then((m) => ({ default: m.LockerWallPage }))),
};
