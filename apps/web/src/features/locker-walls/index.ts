import { STAFF } from '@lockerops/contract';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Locker walls (operational-data-areas §2 Locker wall); viewers are kept out (§1). */
export const lockerWallArea: AreaRegistration = {
  path: '/locker-wall',
  title: 'Locker Wall',
  icon: ViewModuleOutlined,
  section: 'places',
  roles: STAFF,
  page: lazy(() => import('./LockerWallPage').then((m) => ({ default: m.LockerWallPage }))),
};
