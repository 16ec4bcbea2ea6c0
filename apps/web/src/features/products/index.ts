import { STAFF } from '@lockerops/contract';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Products, shown as Inventory (operational-data-areas §2); viewers are kept out (§1). */
export const inventoryArea: AreaRegistration = {
  path: '/inventory',
  title: 'Inventory',
  icon: Inventory2Outlined,
  section: 'product',
  roles: STAFF,
  page: lazy(() => import('./InventoryPage').then((m) => ({ default: m.InventoryPage }))),
};
