import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Locations (operational-data-areas §2). */
export const locationsArea: AreaRegistration = {
  path: '/locations',
  title: 'Locations',
  icon: PlaceOutlined,
  section: 'places',
  roles: NOT_VIEWER,
  page: lazy(() => import('./LocationsPage').then((m) => ({ default: m.LocationsPage }))),
};
