import { STAFF } from '@lockerops/contract';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Product conditions (operational-data-areas §2); viewers are kept out (§1). */
export const conditionsArea: AreaRegistration = {
  path: '/conditions',
  title: 'Conditions',
  icon: RuleOutlined,
  section: 'product',
  roles: STAFF,
  page: lazy(() => import('./ConditionsPage').then((m) => ({ default: m.ConditionsPage }))),
};
