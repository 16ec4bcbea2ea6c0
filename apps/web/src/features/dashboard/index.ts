import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Dashboard at /home, open to every signed-in role (console §2, §6). */
export const dashboardArea: AreaRegistration = {
  path: '/home',
  title: 'Dashboard',
  icon: DashboardOutlined,
  section: 'analytics',
  page: lazy(() => import('./DashboardPage').then((m) => ({ default: m.DashboardPage }))),
};
