import SubscriptionsOutlined from '@mui/icons-material/SubscriptionsOutlined';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Subscribers of subscription plans (operational-data-areas §2). */
export const subscribersArea: AreaRegistration = {
  path: '/subscribers',
  title: 'Subscribers',
  icon: SubscriptionsOutlined,
  section: 'people',
  roles: NOT_VIEWER,
};
