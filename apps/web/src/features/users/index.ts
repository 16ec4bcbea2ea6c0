import { STAFF } from '@lockerops/contract';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Users (operational-data-areas §2); viewers are kept out (console §6). */
export const usersArea: AreaRegistration = {
  path: '/users',
  title: 'Users',
  icon: PersonOutlined,
  section: 'people',
  roles: STAFF,
  page: lazy(() => import('./UsersPage').then((m) => ({ default: m.UsersPage }))),
};

/** users/{id}/details: the QR-code target and the "User Transaction History" view (operational §2). */
export const userDetailsArea: AreaRegistration = {
  path: '/users/:id/details',
  title: 'User Transaction History',
  roles: STAFF,
  page: lazy(() => import('./UserDetailsPage').then((m) => ({ default: m.UserDetailsPage }))),
};
