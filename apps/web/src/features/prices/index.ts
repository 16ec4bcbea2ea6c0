import { STAFF } from '@lockerops/contract';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Pay-per prices (operational-data-areas §2). */
export const payPerArea: AreaRegistration = {
  path: '/pay-per',
  title: 'Pay-per',
  icon: PriceChangeOutlined,
  section: 'pricing',
  roles: STAFF,
  page: lazy(() => import('./PayPerPage').then((m) => ({ default: m.PayPerPage }))),
};

/** The 'Pricing' title route of console §2 (not in the sidebar). */
export const pricingArea: AreaRegistration = {
  path: '/pricing',
  title: 'Pricing',
  feature: 'pricing',
  roles: STAFF,
  page: lazy(() => import('./PricingPage').then((m) => ({ default: m.PricingPage }))),
};
