import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Door sizes (operational-data-areas §2). */
export const sizesArea: AreaRegistration = {
  path: '/sizes',
  title: 'Sizes',
  icon: StraightenOutlined,
  section: 'doors',
  roles: NOT_VIEWER,
};
