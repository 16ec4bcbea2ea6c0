import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Door sizes (operational-data-areas §2 Sizes); viewers are kept out (§1). */
export const sizesArea: AreaRegistration = {
  path: '/sizes',
  title: 'Sizes',
  icon: StraightenOutlined,
  section: 'doors',
  roles: NOT_VIEWER,
  page: lazy(() => import('./SizesPage').then((m) => ({ default: m.SizesPage }))),
};
