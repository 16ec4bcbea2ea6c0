import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Product groups (operational-data-areas §2); viewers are kept out (§1). */
export const productGroupsArea: AreaRegistration = {
  path: '/product-groups',
  title: 'Product Groups',
  icon: CategoryOutlined,
  section: 'product',
  roles: NOT_VIEWER,
  page: lazy(() => import('./ProductGroupsPage').then((m) => ({ default: m.ProductGroupsPage }))),
};
