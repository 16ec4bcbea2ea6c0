import { STAFF } from '@lockerops/contract';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Product groups (operational-data-areas §2); viewers are kept out (§1). */
export const productGroupsArea: AreaRegistration = {
  path: '/product-groups',
  title: 'Product Groups',
  icon: CategoryOutlined,
  section: 'product',
  roles: STAFF,
  page: lazy(() => import('./ProductGroupsPage').then((m) => ({ default: m.ProductGroupsPage }))),
};
