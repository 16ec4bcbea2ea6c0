/**
 * The endpoint map: every call of the partner API declared once — method, path (relative to
 * `/api`, Fastify's `:param` syntax), and the zod schemas of its path parameters, query, JSON body
 * and success answer. The server registers its routes from these entries (`crudRoutes` takes a
 * list area's entries; other routes use `routeOf`), a server test checks that every `/api` route is
 * here with the same schemas and nothing else is, and the console calls the API only through
 * `apiCall(<area>Endpoints.<key>.<name>, …)`, so a changed schema fails `tsc` on both sides.
 *
 * The entries are written one module per area (`endpoints/<area>.ts`, each exporting
 * `<area>Endpoints`); this module joins them into `endpoints` for the server and the tests. The
 * console imports an area's module (through the package's index) and never `endpoints` itself, so
 * a page's bundle holds only the schemas of the areas it calls: the console validates answers at
 * run time, and the whole map would pull every area's schemas into every page.
 *
 * A map of our own rather than `@ts-rest/core`: the entries carry who may call them (`roles`,
 * API-key `scopes`) and the routes Fastify options (rate limits, OpenAPI text, multipart) that
 * ts-rest's server adapter does not model, and the schemas are already the contract's zod schemas,
 * so a plain `as const` object and a 40-line client give the same typing without a second router.
 *
 * `roles`: the member roles that may call it (default: every role for a GET, admins and members
 * for a write; `rolesOf`); `scopes`: the API-key scopes that may (default: none).
 *
 * `multipart`: the body is FormData (not described here); `file`: the answer is a file or a page,
 * not JSON; `status`: the success status when it is not 200.
 */

import { apiKeysEndpoints } from './endpoints/api-keys';
import { authEndpoints } from './endpoints/auth';
import { commonEndpoints } from './endpoints/common';
import { conditionsEndpoints } from './endpoints/conditions';
import { customerAppEndpoints } from './endpoints/customer-app';
import { devicesEndpoints } from './endpoints/devices';
import { feedbackEndpoints } from './endpoints/feedback';
import { fleetHealthEndpoints } from './endpoints/fleet-health';
import { groupsEndpoints } from './endpoints/groups';
import { healthEndpoints } from './endpoints/health';
import { issuesEndpoints } from './endpoints/issues';
import { kiosksEndpoints } from './endpoints/kiosks';
import { locationsEndpoints } from './endpoints/locations';
import { lockerWallsEndpoints } from './endpoints/locker-walls';
import { locksEndpoints } from './endpoints/locks';
import { membersEndpoints } from './endpoints/members';
import { membershipsEndpoints } from './endpoints/memberships';
import { notificationsEndpoints } from './endpoints/notifications';
import { organizationsEndpoints } from './endpoints/organizations';
import { paymentsEndpoints } from './endpoints/payments';
import { pricesEndpoints } from './endpoints/prices';
import { productGroupsEndpoints } from './endpoints/product-groups';
import { productsEndpoints } from './endpoints/products';
import { promosEndpoints } from './endpoints/promos';
import { reportsEndpoints } from './endpoints/reports';
import { reservationsEndpoints } from './endpoints/reservations';
import { settingsEndpoints } from './endpoints/settings';
import { sizesEndpoints } from './endpoints/sizes';
import { toolboxEndpoints } from './endpoints/toolbox';
import { transactionsEndpoints } from './endpoints/transactions';
import { usersEndpoints } from './endpoints/users';

export * from './endpoints/api-keys';
export * from './endpoints/auth';
export * from './endpoints/common';
export * from './endpoints/conditions';
export * from './endpoints/customer-app';
export * from './endpoints/define';
export * from './endpoints/devices';
export * from './endpoints/feedback';
export * from './endpoints/fleet-health';
export * from './endpoints/groups';
export * from './endpoints/health';
export * from './endpoints/issues';
export * from './endpoints/kiosks';
export * from './endpoints/locations';
export * from './endpoints/locker-walls';
export * from './endpoints/locks';
export * from './endpoints/members';
export * from './endpoints/memberships';
export * from './endpoints/notifications';
export * from './endpoints/organizations';
export * from './endpoints/payments';
export * from './endpoints/prices';
export * from './endpoints/product-groups';
export * from './endpoints/products';
export * from './endpoints/promos';
export * from './endpoints/reports';
export * from './endpoints/reservations';
export * from './endpoints/settings';
export * from './endpoints/sizes';
export * from './endpoints/toolbox';
export * from './endpoints/transactions';
export * from './endpoints/users';

/** Every call of the API, by area and name: `endpoints.<area>.<name>`. */
export const endpoints = {
  ...healthEndpoints,
  ...authEndpoints,
  ...membersEndpoints,
  ...organizationsEndpoints,
  ...settingsEndpoints,
  ...apiKeysEndpoints,
  ...feedbackEndpoints,
  ...commonEndpoints,
  ...locationsEndpoints,
  ...devicesEndpoints,
  ...locksEndpoints,
  ...fleetHealthEndpoints,
  ...lockerWallsEndpoints,
  ...usersEndpoints,
  ...groupsEndpoints,
  ...membershipsEndpoints,
  ...paymentsEndpoints,
  ...productsEndpoints,
  ...conditionsEndpoints,
  ...transactionsEndpoints,
  ...reservationsEndpoints,
  ...issuesEndpoints,
  ...notificationsEndpoints,
  ...reportsEndpoints,
  ...toolboxEndpoints,
  ...sizesEndpoints,
  ...pricesEndpoints,
  ...promosEndpoints,
  ...productGroupsEndpoints,
  ...customerAppEndpoints,
  ...kiosksEndpoints,
} as const;
