import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import type { AreaRegistration } from '../../app/areaTypes';

/** Reports: scheduled report list (console §2 Reporting). */
export const reportsArea: AreaRegistration = {
  path: '/reporting',
  title: 'Reporting',
  icon: AssessmentOutlined,
  section: 'analytics',
};
