import { STAFF } from '@lockerops/contract';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Locations (operational-data-areas §2). */
export const locationsArea: AreaRegistration = {
  path: '/locations',
  title: 'Locations',
  icon: PlaceOutlined,
  section: 'places',
  roles: STAFF,
  page: lazy(() => import('./LocationsPage').then((m) => ({ default: m.LocationsPage }))),
};
