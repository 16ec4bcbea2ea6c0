import { useTranslation } from 'react-i18next';
import { matchPath } from 'react-router';
import { apisArea } from '../features/api-keys';
import { appsWidgetsArea } from '../features/apps-widgets';
import { conditionsArea } from '../features/conditions';
import { dashboardArea } from '../features/dashboard';
import { devicesArea } from '../features/devices';
import { fleetHealthArea } from '../features/fleet-health';
import { groupsArea } from '../features/groups';
import { integrationsArea } from '../features/integrations';
import { issuesArea } from '../features/issues';
import { kiosksArea } from '../features/kiosks';
import { locationsArea } from '../features/locations';
import { lockerWallArea } from '../features/locker-walls';
import { teamMembersArea } from '../features/members';
import { subscriptionsArea } from '../features/memberships';
import { notificationsArea } from '../features/notifications';
import { multiTenantArea } from '../features/organizations';
import { pricingSetUpArea } from '../features/payments';
import { payPerArea, pricingArea } from '../features/prices';
import { productGroupsArea } from '../features/product-groups';
import { inventoryArea } from '../features/products';
import { promoCodesArea } from '../features/promos';
import { reportsArea } from '../features/reports';
import { reservationsArea } from '../features/reservations';
import { settingsArea } from '../features/settings';
import { sizesArea } from '../features/sizes';
import { subscribersArea } from '../features/subscribers';
import { transactionsArea } from '../features/transactions';
import { userDetailsArea, usersArea } from '../features/users';
import type { AreaRegistration } from '../lib/areaTypes';

/**
 * THE registry: every main page of the console. Adding an area = its folder under features/ and one
 * line here. Order inside a sidebar section is the order of this list.
 */
export const AREAS: readonly AreaRegistration[] = [
  dashboardArea,
  reportsArea,
  payPerArea,
  subscriptionsArea,
  promoCodesArea,
  pricingSetUpArea,
  pricingArea,
  locationsArea,
  lockerWallArea,
  kiosksArea,
  devicesArea,
  fleetHealthArea,
  sizesArea,
  inventoryArea,
  productGroupsArea,
  conditionsArea,
  usersArea,
  userDetailsArea,
  groupsArea,
  teamMembersArea,
  subscribersArea,
  transactionsArea,
  reservationsArea,
  issuesArea,
  notificationsArea,
  multiTenantArea,
  apisArea,
  appsWidgetsArea,
  integrationsArea,
  settingsArea,
];

/** The sign-in pages with a title of their own (`area.auth…` in the catalogs). */
const AUTH_PAGES = new Set([
  '/auth/login',
  '/auth/register',
  '/auth/reset-password',
  '/auth/welcome',
  '/auth/404',
]);

/** The area a path belongs to (nested pages such as /users/:id/details count as their area). */
export function areaForPath(pathname: string): AreaRegistration | undefined {
  return AREAS.find((a) => matchPath({ path: a.path, end: false }, pathname));
}

/**
 * The catalog key of a page: its path in camel case without parameters (`/pricing-set-up` →
 * `pricingSetUp`, `/users/:id/details` → `usersDetails`, `/auth/reset-password` →
 * `authResetPassword`). Titles live in common.json under `area.<key>`.
 */
export const areaKey = (path: string): string =>
  path
    .split('/')
    .filter((p) => p && !p.startsWith(':'))
    .join('-')
    .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The page title by path in the console's language (empty for a path without a page). */
export function useTitleForPath(): (pathname: string) => string {
  const { t } = useTranslation();
  return (pathname) => {
    const path = areaForPath(pathname)?.path ?? (AUTH_PAGES.has(pathname) ? pathname : undefined);
    return path ? t(`area.${areaKey(path)}`) : '';
  };
}

/** An area's title in the console's language. */
export function useAreaTitle(): (area: AreaRegistration) => string {
  const { t } = useTranslation();
  return (area) => t(`area.${areaKey(area.path)}`);
}
