import { STAFF } from '@lockerops/contract';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Fleet health: places worst first by doors online, offline and open alerts. */
export const fleetHealthArea: AreaRegistration = {
  path: '/fleet-health',
  title: 'Fleet health',
  icon: MonitorHeartOutlined,
  section: 'doors',
  // viewers see the dashboard, reporting and transactions only (console §6)
  roles: STAFF,
  page: lazy(() => import('./FleetHealthPage').then((m) => ({ default: m.FleetHealthPage }))),
};
