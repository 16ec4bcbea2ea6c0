import { STAFF } from '@lockerops/contract';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Reservations (operational-data-areas §2). */
export const reservationsArea: AreaRegistration = {
  path: '/reservations',
  title: 'Reservations',
  icon: EventAvailableOutlined,
  section: 'event',
  roles: STAFF,
  page: lazy(() => import('./ReservationsPage').then((m) => ({ default: m.ReservationsPage }))),
};
