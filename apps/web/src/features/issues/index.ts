import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Issues (console §2). */
export const issuesArea: AreaRegistration = {
  path: '/issues',
  title: 'Issues',
  icon: ReportProblemOutlined,
  section: 'issue',
  roles: NOT_VIEWER,
};
