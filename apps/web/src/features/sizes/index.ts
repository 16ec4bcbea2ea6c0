import { STAFF } from '@lockerops/contract';
import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Door sizes (operational-data-areas §2 Sizes); viewers are kept out (§1). */
export const sizesArea: AreaRegistration = {
  path: '/sizes',
  title: 'Sizes',
  icon: StraightenOutlined,
  section: 'doors',
  roles: STAFF,
  page: lazy(() => import('./SizesPage').then((m) => ({ default: m.SizesPage }))),
};
