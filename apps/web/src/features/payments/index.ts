import { STAFF } from '@lockerops/contract';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Payment-provider set-up (console §2, §4). */
export const pricingSetUpArea: AreaRegistration = {
  path: '/pricing-set-up',
  title: 'Pricing set-up',
  icon: AccountBalanceOutlined,
  section: 'pricing',
  roles: STAFF,
  page: lazy(() => import('./PricingSetUpPage').then((m) => ({ default: m.PricingSetUpPage }))),
};
