import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Issues (console §2 Issues list); viewers are kept out (§6). */
export const issuesArea: AreaRegistration = {
  path: '/issues',
  title: 'Issues',
  icon: ReportProblemOutlined,
  section: 'issue',
  roles: NOT_VIEWER,
  page: lazy(() => import('./IssuesPage').then((m) => ({ default: m.IssuesPage }))),
};
