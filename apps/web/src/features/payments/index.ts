import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Payment-provider set-up (console §2, §4). */
export const pricingSetUpArea: AreaRegistration = {
  path: '/pricing-set-up',
  title: 'Pricing set-up',
  icon: AccountBalanceOutlined,
  section: 'pricing',
  roles: NOT_VIEWER,
  page: lazy(() => import('./PricingSetUpPage').then((m) => ({ default: m.PricingSetUpPage }))),
};
