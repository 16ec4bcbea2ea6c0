import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Products, shown as Inventory (operational-data-areas §2). */
export const inventoryArea: AreaRegistration = {
  path: '/inventory',
  title: 'Inventory',
  icon: Inventory2Outlined,
  section: 'product',
  roles: NOT_VIEWER,
};
