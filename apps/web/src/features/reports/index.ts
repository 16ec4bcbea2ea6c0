import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Reporting (console §2 Reporting): open to every signed-in role (§6). */
export const reportsArea: AreaRegistration = {
  path: '/reporting',
  title: 'Reporting',
  icon: AssessmentOutlined,
  section: 'analytics',
  page: lazy(() => import('./ReportsPage').then((m) => ({ default: m.ReportsPage }))),
};
