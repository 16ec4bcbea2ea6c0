import LockOutlined from '@mui/icons-material/LockOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Devices: the locker doors (operational-data-areas §2). */
export const devicesArea: AreaRegistration = {
  path: '/devices',
  title: 'Devices',
  icon: LockOutlined,
  section: 'doors',
  roles: NOT_VIEWER,
  page: lazy(() => import('./DevicesPage').then((m) => ({ default: m.DevicesPage }))),
};
