import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Lite App and Reservation Widget customizers (console §2); toolbox section: admins, Toolbox flag. */
export const appsWidgetsArea: AreaRegistration = {
  path: '/apps-widgets',
  title: 'Apps & Widgets',
  icon: WidgetsOutlined,
  section: 'toolbox',
  page: lazy(() => import('./AppsWidgetsPage').then((m) => ({ default: m.AppsWidgetsPage }))),
};
