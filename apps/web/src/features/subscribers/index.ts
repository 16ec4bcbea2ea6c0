import SubscriptionsOutlined from '@mui/icons-material/SubscriptionsOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Subscribers of subscription plans (operational-data-areas §2). */
export const subscribersArea: AreaRegistration = {
  path: '/subscribers',
  title: 'Subscribers',
  icon: SubscriptionsOutlined,
  section: 'people',
  roles: NOT_VIEWER,
  page: lazy(() => import('./SubscribersPage').then((m) => ({ default: m.SubscribersPage }))),
};
