import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Users (operational-data-areas §2). */
export const usersArea: AreaRegistration = {
  path: '/users',
  title: 'Users',
  icon: PersonOutlined,
  section: 'people',
  roles: NOT_VIEWER,
};
