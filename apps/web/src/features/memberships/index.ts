import { STAFF } from '@lockerops/contract';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Subscription plans (operational-data-areas §2). */
export const subscriptionsArea: AreaRegistration = {
  path: '/subscriptions',
  title: 'Subscriptions',
  icon: CardMembershipOutlined,
  section: 'pricing',
  roles: STAFF,
  page: lazy(() => import('./SubscriptionsPage').then((m) => ({ default: m.SubscriptionsPage }))),
};
