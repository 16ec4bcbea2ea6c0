import { STAFF } from '@lockerops/contract';
import SubscriptionsOutlined from '@mui/icons-material/SubscriptionsOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/**
 * Subscribers of subscription plans (operational-data-areas §2). Plans are part of Pricing, so the
 * page needs the Pricing feature page, as its call (`GET memberships/subscribers`) does on the server.
 */
export const subscribersArea: AreaRegistration = {
  path: '/subscribers',
  title: 'Subscribers',
  icon: SubscriptionsOutlined,
  section: 'people',
  roles: STAFF,
  feature: 'pricing',
  page: lazy(() => import('./SubscribersPage').then((m) => ({ default: m.SubscribersPage }))),
};
