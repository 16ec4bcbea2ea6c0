import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Product groups (operational-data-areas §2). */
export const productGroupsArea: AreaRegistration = {
  path: '/product-groups',
  title: 'Product Groups',
  icon: CategoryOutlined,
  section: 'product',
  roles: NOT_VIEWER,
};
