import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Product conditions (operational-data-areas §2). */
export const conditionsArea: AreaRegistration = {
  path: '/conditions',
  title: 'Conditions',
  icon: RuleOutlined,
  section: 'product',
  roles: NOT_VIEWER,
};
