import { STAFF } from '@lockerops/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Devices: the locker doors (operational-data-areas §2). */
export const devicesArea: AreaRegistration = {
  path: '/devices',
  title: 'Devices',
  icon: LockOutlined,
  section: 'doors',
  roles: STAFF,
  page: lazy(() => import('./DevicesPage').then((m) => ({ default: m.DevicesPage }))),
};
