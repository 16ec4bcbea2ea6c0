import { ADMINS } from '@lockerops/contract';
import TabletOutlined from '@mui/icons-material/TabletOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** The screens at the walls and the couriers who use them; admins (pairing, codes). */
export const kiosksArea: AreaRegistration = {
  path: '/kiosks',
  title: 'Kiosks',
  icon: TabletOutlined,
  section: 'places',
  roles: ADMINS,
  page: lazy(() => import('./KiosksPage').then((m) => ({ default: m.KiosksPage }))),
};
