import { STAFF } from '@lockerops/contract';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Issues (console §2 Issues list); viewers are kept out (§6). */
export const issuesArea: AreaRegistration = {
  path: '/issues',
  title: 'Issues',
  icon: ReportProblemOutlined,
  section: 'issue',
  roles: STAFF,
  page: lazy(() => import('./IssuesPage').then((m) => ({ default: m.IssuesPage }))),
};
