import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, createTestApp, demoOrg, signIn, type TestApp } from '../../test/helpers';

/**
 * Role sweep (sweeps): every operation of the OpenAPI document is called by a viewer, a
 * member, an admin and the organization's API key (partner scope), and by nobody; the answer must
 * match the one table below. Allowed: anything but 401 and 403 (the role guard lets the call reach
 * validation, lookup or the handler). Forbidden: 403. Nobody: 401 unless the operation is public.
 * An operation missing from the table fails the sweep, so a new endpoint gets its row.
 *
 * Where the table comes from:
 * - spec console §6: home, reporting and transactions are open to every signed-in role; viewers are
 *   restricted from every configuration page (pricing, locations, devices, sizes, inventory,
 *   product groups, conditions, users, groups, team members, reservations, settings, locker wall,
 *   issues, notifications); row selection, bulk actions, bulk upload, Settings and /multi-tenant
 *   are the admin's; /apis, /apps-widgets and /integrations are never shown to other roles.
 * - spec operational §1: only admins use bulk actions (delete, edit, export), bulk upload,
 *   activate/deactivate and delete of users, delete of members, resend of the password link and
 *   editing a member; members cannot use the location link, maintenance, delete or unlock on
 *   devices, cannot open condition, product, group or location edit, cannot toggle auto report,
 *   clone or delete conditions, cannot delete reservations or locations, cannot see transaction
 *   actions or end a transaction.
 * - the partner/kiosk key drives transactions and reservations, looks up users,
 *   reads what a kiosk shows and unlocks devices; never members, settings, organizations or keys.
 */

/** Who may call: v viewer, m member, a admin, k the partner API key; or public (no sign-in). */
type Access = 'public' | 'widget' | 'customer' | `${'v' | ''}${'m' | ''}${'a' | ''}${'k' | ''}`;
const PUBLIC: Access = 'public';
/** The reservation widget: no session, the organization's publishable key. */
const WIDGET: Access = 'widget';
/** The Lite App's signed-in calls: the customer's own cookie; no team session or key opens them (401). */
const CUSTOMER: Access = 'customer';
/** A paired screen's calls: the kiosk token only; no team session or key opens them (401). */
const KIOSK: Access = 'customer';
/** Shell reads, the dashboard, reporting and transactions (console §6). */
const ALL: Access = 'vma';
const ALL_K: Access = 'vmak';
/** Configuration pages: closed to viewers (console §6), open to members (operational §1). */
const STAFF: Access = 'ma';
const STAFF_K: Access = 'mak';
/** Bulk actions, bulk upload, exports, settings, team, multi-tenant, keys, integrations. */
const ADMIN: Access = 'a';
const ADMIN_K: Access = 'ak';

/**
 * THE table: one row per operation. Rows that differ from their area's rule say why.
 */
const ACCESS: Record<string, Access> = {
  'GET /api/health': PUBLIC,
  'POST /api/auth/sign-in': PUBLIC,
  'POST /api/auth/new-password': PUBLIC,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/confirm-forgot-password': PUBLIC,
  'POST /api/auth/refresh': PUBLIC,
  'POST /api/auth/sign-out': PUBLIC,
  // the shell: who is signed in, their own profile and password, the organization, its branding
  'GET /api/members/self': ALL,
  'PATCH /api/members/{id}': ALL,
  'GET /api/members/{id}': STAFF,
  'PUT /api/members/{id}': ADMIN,
  'POST /api/members/change-password': ALL,
  'GET /api/organization': PUBLIC,
  'GET /api/organizations/self': ALL_K,
  // the dashboard's sub-organization filter (open to all, console §6 super-tenants)
  'GET /api/organizations': ALL,
  'POST /api/organizations': ADMIN,
  'GET /api/organizations/name-available': ADMIN,
  'PATCH /api/organizations/{id}': ADMIN,
  'DELETE /api/organizations/{id}': ADMIN,
  'DELETE /api/organizations/{id}/cancel': ADMIN,
  // currency and time zone for the dashboard and transactions; writes are the admin's
  'GET /api/settings': ALL,
  'POST /api/settings': ADMIN,
  'PUT /api/settings': ADMIN,
  // the caller's own columns and filters
  'GET /api/filters/{page}': ALL,
  'PUT /api/filters/{page}': ALL,
  'GET /api/white-label': ALL,
  'PUT /api/white-label': ADMIN,
  'PATCH /api/white-label': ADMIN,
  'PUT /api/white-label/{org}': ADMIN,
  'PATCH /api/white-label/logo': ADMIN,
  'POST /api/notification-contact/verify': ADMIN,
  'GET /api/notification-contact/verify': PUBLIC,
  // /apis, /apps-widgets, /integrations: never shown to other roles (console §6)
  'GET /api/api-keys': ADMIN,
  'POST /api/api-keys': ADMIN,
  'POST /api/api-keys/{id}/rotate': ADMIN,
  'DELETE /api/api-keys/{id}': ADMIN,
  // the help dialog's feedback form, in the shell of every role
  'POST /api/feedback': ALL,
  'GET /api/files/{key}': PUBLIC,
  'POST /api/images': STAFF,
  // then the entity's own read roles, checked by the handler
  'GET /api/history/{entity}/{id}': ALL,
  // catalogue reads: what a kiosk shows (finding 2)
  'GET /api/sizes': STAFF_K,
  'POST /api/sizes': STAFF,
  'DELETE /api/sizes': ADMIN,
  'GET /api/sizes/export': ADMIN,
  'GET /api/sizes/{id}': STAFF_K,
  'PUT /api/sizes/{id}': STAFF,
  'POST /api/sizes/csv': ADMIN,
  'GET /api/locations': STAFF_K,
  'POST /api/locations': STAFF,
  'DELETE /api/locations': ADMIN,
  'GET /api/locations/export': ADMIN,
  'GET /api/locations/{id}': STAFF_K,
  'PUT /api/locations/{id}': ADMIN,
  'POST /api/locations/csv': ADMIN,
  'PATCH /api/location/{id}': ADMIN,
  'GET /api/locations/{id}/devices': STAFF_K,
  'GET /api/locations/{id}/sizes': STAFF_K,
  // unlock: not for members (operational §1), for the kiosk key (finding 2)
  'PATCH /api/location/{id}/unlock': ADMIN_K,
  'PATCH /api/resources/{id}/assign-user': ADMIN,
  'PATCH /api/resources/{id}/remove-user': ADMIN,
  'GET /api/resources/{id}/users': STAFF,
  'GET /api/resources/{id}/groups': STAFF,
  'GET /api/geocode/reverse': STAFF,
  'GET /api/geocode/search': STAFF,
  'GET /api/devices': STAFF_K,
  'POST /api/devices': STAFF,
  'DELETE /api/devices': ADMIN,
  'PATCH /api/devices': ADMIN,
  'GET /api/devices/export': ADMIN,
  'GET /api/devices/{id}': STAFF_K,
  'PUT /api/devices/{id}': STAFF,
  'POST /api/devices/csv': ADMIN,
  'PATCH /api/devices/maintain-all': ADMIN,
  'PATCH /api/devices/unlock': ADMIN_K,
  'GET /api/devices/{id}/lock-status': STAFF_K,
  'PATCH /api/devices/{id}/virtual-lock': ADMIN,
  'GET /api/devices/{id}/unlocks': STAFF,
  'GET /api/locations/{id}/lock-settings': STAFF,
  'PUT /api/locations/{id}/lock-settings': ADMIN,
  'GET /api/types/device/mode': STAFF_K,
  'GET /api/types/device/hardware': STAFF_K,
  'GET /api/device-logs/{id}': STAFF_K,
  'GET /api/locker-walls': STAFF,
  'POST /api/locker-walls': STAFF,
  'GET /api/locker-walls/{id}': STAFF,
  'PUT /api/locker-walls/{id}': STAFF,
  'DELETE /api/locker-walls/{id}': ADMIN,
  'GET /api/locker-walls/{id}/unassigned-devices': STAFF,
  'PATCH /api/locker-walls/{id}/doors': STAFF,
  'PATCH /api/locker-walls/{id}/kiosk': STAFF,
  'DELETE /api/locker-walls/{id}/kiosk': STAFF,
  'GET /api/users': STAFF_K,
  'POST /api/users': STAFF,
  'DELETE /api/users': ADMIN,
  'GET /api/users/export': ADMIN,
  'GET /api/users/{id}': STAFF_K,
  'PUT /api/users/{id}': STAFF,
  'POST /api/users/csv': ADMIN,
  'PATCH /api/users/{id}/activate': ADMIN,
  'PATCH /api/users/{id}/deactivate': ADMIN,
  'GET /api/users/search': STAFF_K,
  'GET /api/events_by_user/{id}': ALL_K,
  'GET /api/groups': STAFF,
  'POST /api/groups': STAFF,
  'DELETE /api/groups': ADMIN,
  'GET /api/groups/export': ADMIN,
  'GET /api/groups/{id}': STAFF,
  'PUT /api/groups/{id}': ADMIN,
  'POST /api/groups/csv': ADMIN,
  'GET /api/groups/{id}/members': STAFF,
  'PATCH /api/groups/{id}/assign-user': ADMIN,
  'PATCH /api/groups/{id}/remove-user': ADMIN,
  'PATCH /api/groups/{id}/assign': ADMIN,
  'PATCH /api/groups/{id}/remove': ADMIN,
  'GET /api/members': STAFF,
  'POST /api/members': ADMIN,
  'DELETE /api/members': ADMIN,
  'PATCH /api/members': ADMIN,
  'GET /api/members/export': ADMIN,
  'PATCH /api/members/{id}/status': ADMIN,
  'PATCH /api/members/{id}/verify': ADMIN,
  'POST /api/members/resend-password-email': ADMIN,
  'POST /api/members/csv': ADMIN,
  'GET /api/prices': STAFF_K,
  'POST /api/prices': STAFF,
  'DELETE /api/prices': ADMIN,
  'GET /api/prices/export': ADMIN,
  'GET /api/prices/{id}': STAFF_K,
  'PUT /api/prices/{id}': STAFF,
  'POST /api/prices/csv': ADMIN,
  'GET /api/promos': STAFF,
  'POST /api/promos': STAFF,
  'DELETE /api/promos': ADMIN,
  'GET /api/promos/export': ADMIN,
  'GET /api/promos/{id}': STAFF,
  'PUT /api/promos/{id}': STAFF,
  'POST /api/promos/csv': ADMIN,
  'GET /api/memberships': STAFF,
  'POST /api/memberships': STAFF,
  'DELETE /api/memberships': ADMIN,
  'GET /api/memberships/export': ADMIN,
  'GET /api/memberships/{id}': STAFF,
  'PUT /api/memberships/{id}': STAFF,
  'POST /api/memberships/csv': ADMIN,
  'GET /api/memberships/subscribers': STAFF,
  'GET /api/payments/mode': ALL,
  // the payment-provider set-up is closed to viewers only (console §6 pricing-set-up)
  // the payment account receives the organization's money: created and deleted by admins
  'POST /api/stripe': ADMIN,
  'DELETE /api/stripe': ADMIN,
  'GET /api/stripe/account': STAFF,
  'POST /api/stripe/webhook': PUBLIC,
  'GET /api/products': STAFF_K,
  'POST /api/products': STAFF,
  'DELETE /api/products': ADMIN,
  'PATCH /api/products': ADMIN,
  'GET /api/products/export': ADMIN,
  'GET /api/products/{id}': STAFF_K,
  'PUT /api/products/{id}': ADMIN,
  'POST /api/products/csv': ADMIN,
  'POST /api/products/{id}/duplicate': STAFF,
  'GET /api/products/{id}/tracking': STAFF,
  'GET /api/product-groups': STAFF,
  'POST /api/product-groups': STAFF,
  'DELETE /api/product-groups': ADMIN,
  'GET /api/product-groups/export': ADMIN,
  'GET /api/product-groups/{id}': STAFF,
  'PUT /api/product-groups/{id}': ADMIN,
  'POST /api/product-groups/csv': ADMIN,
  'GET /api/conditions': STAFF_K,
  'POST /api/conditions': STAFF,
  'DELETE /api/conditions': ADMIN,
  'GET /api/conditions/export': ADMIN,
  'GET /api/conditions/{id}': STAFF_K,
  'PUT /api/conditions/{id}': ADMIN,
  'PATCH /api/conditions/{id}': ADMIN,
  'POST /api/conditions/csv': ADMIN,
  'POST /api/conditions/{id}/clone': ADMIN,
  // transactions: open to all (console §6); actions and end are the admin's (operational §1);
  // kiosks and apps drive them with the key (finding 2), but not bulk end, export, refund or penalty
  'GET /api/events': ALL_K,
  'PATCH /api/events': ADMIN,
  'GET /api/events/statuses': ALL_K,
  'GET /api/events/export': ADMIN,
  'GET /api/events/{id}': ALL_K,
  'GET /api/event/{id}/public': PUBLIC,
  'GET /api/event-logs/{id}': ALL_K,
  'PATCH /api/events/{id}/service': ADMIN_K,
  'PATCH /api/events/{id}/cancel': ADMIN_K,
  'PATCH /api/events/{id}/refund': ADMIN,
  'PATCH /api/events/{id}/penalize': ADMIN,
  // deliveries are created and completed at the desk (members too)
  'POST /api/event/delivery': STAFF_K,
  'PATCH /api/delivery/{id}/complete': STAFF_K,
  'POST /api/events/{id}/resend-code': ADMIN_K,
  'POST /api/events/{id}/share': ADMIN_K,
  // the partner life cycle: start, return, pick up, drop off
  'POST /api/events/storage': STAFF_K,
  'POST /api/events/rental': STAFF_K,
  'POST /api/events/service': STAFF_K,
  'POST /api/events/vending': STAFF_K,
  'POST /api/events/{id}/return': STAFF_K,
  'POST /api/events/{id}/pickup': STAFF_K,
  'POST /api/delivery/{id}/dropoff': STAFF_K,
  'POST /api/events/{id}/payment': ADMIN_K,
  // reservations: closed to viewers; bulk delete, export and upload the admin's (not the key's);
  // driven one at a time by the key
  'GET /api/reservations': STAFF_K,
  'POST /api/reservations': STAFF_K,
  'DELETE /api/reservations': ADMIN,
  'GET /api/reservations/export': ADMIN,
  'GET /api/reservations/{id}': STAFF_K,
  'PUT /api/reservations/{id}': STAFF_K,
  'POST /api/reservations/csv': ADMIN,
  'GET /api/reservation-settings': STAFF_K,
  'PUT /api/reservation-settings': STAFF,
  'GET /api/reservations/{tracking}/check-uniqueness': STAFF_K,
  'GET /api/issues': STAFF,
  'POST /api/issues': STAFF,
  'DELETE /api/issues': ADMIN,
  'GET /api/issues/export': ADMIN,
  'GET /api/issues/{id}': STAFF,
  'PUT /api/issues/{id}': STAFF,
  'PATCH /api/issues/{id}': STAFF,
  'POST /api/issues/csv': ADMIN,
  'GET /api/notifications': STAFF,
  'POST /api/notifications': STAFF,
  'DELETE /api/notifications': ADMIN,
  'GET /api/notifications/export': ADMIN,
  'GET /api/notifications/{id}': STAFF,
  'PUT /api/notifications/{id}': STAFF,
  'POST /api/notifications/csv': ADMIN,
  'GET /api/types/notification/type': STAFF_K,
  'POST /api/notifications/{id}/clone': STAFF,
  'PATCH /api/notifications-service/notifications/{id}/upload-images': STAFF,
  'GET /api/notifications/{id}/deliveries': STAFF,
  'POST /api/notifications/{id}/test': STAFF,
  // reporting: open to all (console §6); writing reports members too; bulk delete the admin's
  'GET /api/reports/range': ALL,
  'GET /api/reports/earnings': ALL,
  'GET /api/reports/user_growth': ALL,
  'GET /api/reports/door_health': ALL,
  'GET /api/reports/issue_rate': ALL,
  'GET /api/reports/occupancy_rate': ALL,
  'GET /api/reports/transaction_rate': ALL,
  'GET /api/reports/transactions_per_locker': ALL,
  'GET /api/reports/total_transactions': ALL,
  'GET /api/reports/avg_transaction_time': ALL,
  'GET /api/reports/total_users': ALL,
  'GET /api/reports/total_locations': ALL,
  'GET /api/reports/avg_revenue_per_transaction': ALL,
  'GET /api/reports/door_counts': ALL,
  'GET /api/reports/users': ALL,
  'GET /api/reports/transactions': ALL,
  'GET /api/reports/top_users': ALL,
  'GET /api/reports/locations': ALL,
  'GET /api/reports': ALL,
  'POST /api/reports': STAFF,
  'DELETE /api/reports': ADMIN,
  'GET /api/reports/export': ADMIN,
  'GET /api/reports/{id}': ALL,
  'PUT /api/reports/{id}': STAFF,
  'POST /api/reports/csv': ADMIN,
  'GET /api/reports/all': ALL,
  'GET /api/reports/download/{id}': ALL,
  'GET /api/apps/lite-app': ADMIN,
  'PUT /api/apps/lite-app': ADMIN,
  'GET /api/apps/widget': ADMIN,
  'PUT /api/apps/widget': ADMIN,
  'POST /api/apps/widget/rotate-key': ADMIN,
  // lock vendor accounts hold the organization's vendor credentials: settings, the admin's
  'GET /api/lock-vendors': ADMIN,
  'PUT /api/lock-vendors/{vendor}': ADMIN,
  'DELETE /api/lock-vendors/{vendor}': ADMIN,
  'GET /api/integrations': ADMIN,
  'GET /api/integrations/twilio': ADMIN,
  'PUT /api/integrations/twilio': ADMIN,
  'DELETE /api/integrations/twilio': ADMIN,
  'GET /api/webhooks/events': ADMIN,
  'GET /api/webhooks': ADMIN,
  'POST /api/webhooks': ADMIN,
  'PUT /api/webhooks/{id}': ADMIN,
  'DELETE /api/webhooks/{id}': ADMIN,
  'POST /api/webhooks/{id}/rotate-secret': ADMIN,
  'GET /api/webhooks/{id}/deliveries': ADMIN,
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/replay': ADMIN,
  // the public reservation widget
  'GET /api/widget/{organization}/config': WIDGET,
  'GET /api/widget/{organization}/quote': WIDGET,
  'POST /api/widget/{organization}/verification': WIDGET,
  'POST /api/widget/{organization}/reservations': WIDGET,
  // the Lite App: public before sign-in, then the customer's own session
  'GET /api/customer/{organization}/config': PUBLIC,
  'POST /api/customer/{organization}/code': PUBLIC,
  'POST /api/customer/{organization}/session': PUBLIC,
  'GET /api/customer/{organization}/locations': PUBLIC,
  'DELETE /api/customer/{organization}/session': CUSTOMER,
  'GET /api/customer/{organization}/me': CUSTOMER,
  'PATCH /api/customer/{organization}/me': CUSTOMER,
  'DELETE /api/customer/{organization}/me': CUSTOMER,
  'GET /api/customer/{organization}/lockers': CUSTOMER,
  'POST /api/customer/{organization}/lockers': CUSTOMER,
  'POST /api/customer/{organization}/lockers/{id}/open': CUSTOMER,
  'POST /api/customer/{organization}/lockers/{id}/end': CUSTOMER,
  'GET /api/customer/{organization}/parcels': CUSTOMER,
  'POST /api/customer/{organization}/parcels/{id}/open': CUSTOMER,
  'GET /api/customer/{organization}/locations/{id}/products': PUBLIC,
  'GET /api/customer/{organization}/conditions': CUSTOMER,
  'POST /api/customer/{organization}/rentals': CUSTOMER,
  'POST /api/customer/{organization}/rentals/{id}/return': CUSTOMER,
  'GET /api/customer/{organization}/lockers/{id}/photo': CUSTOMER,
  'GET /api/customer/{organization}/lockers/{id}/receipt': CUSTOMER,
  'GET /api/customer/{organization}/reservations': CUSTOMER,
  'POST /api/customer/{organization}/reservations': CUSTOMER,
  'POST /api/customer/{organization}/holds': CUSTOMER,
  'DELETE /api/customer/{organization}/reservations/{id}': CUSTOMER,
  // a payment handed over from a screen: its token is the credential
  'POST /api/customer/{organization}/handover': PUBLIC,
  'POST /api/customer/{organization}/handover/start': PUBLIC,
  // door health: everyone reads it; faults and an immediate heartbeat are the admin's
  'GET /api/fleet-health': ALL,
  'GET /api/fleet-health/doors': ALL,
  'GET /api/fleet-health/devices/{id}': ALL,
  'PUT /api/fleet-health/devices/{id}/faults': ADMIN,
  'PUT /api/fleet-health/locations/{id}/bridge-faults': ADMIN,
  'POST /api/fleet-health/poll': ADMIN,
  // the screens at the walls: listed to everyone, paired and revoked by admins; couriers' codes are the admin's
  'GET /api/kiosks': ALL,
  'POST /api/kiosks/pairing': ADMIN,
  'DELETE /api/kiosks/{id}': ADMIN,
  'GET /api/couriers': ADMIN,
  'POST /api/couriers': ADMIN,
  'POST /api/couriers/{id}/code': ADMIN,
  'DELETE /api/couriers/{id}': ADMIN,
  // a screen pairs with its one-time code, then calls with its kiosk token only
  'POST /api/kiosk/pair': PUBLIC,
  'GET /api/kiosk/state': KIOSK,
  'POST /api/kiosk/pickup': KIOSK,
  'POST /api/kiosk/courier/session': KIOSK,
  'POST /api/kiosk/courier/drops': KIOSK,
  'GET /api/kiosk/courier/recipients': KIOSK,
  'GET /api/kiosk/courier/parcel': KIOSK,
  'POST /api/kiosk/doors/{id}/report': KIOSK,
  'POST /api/kiosk/customer/code': KIOSK,
  'POST /api/kiosk/customer/session': KIOSK,
  'GET /api/kiosk/storage': KIOSK,
  'POST /api/kiosk/storage': KIOSK,
  'POST /api/kiosk/storage/holds': KIOSK,
  'GET /api/kiosk/storage/holds/{id}': KIOSK,
  'DELETE /api/kiosk/storage/holds/{id}': KIOSK,
  'POST /api/kiosk/storage/{id}/end': KIOSK,
};

type Who = 'viewer' | 'member' | 'admin' | 'key' | 'nobody';
const LETTER: Record<Exclude<Who, 'nobody'>, string> = { viewer: 'v', member: 'm', admin: 'a', key: 'k' };
/** A path id that names nothing: the guard decides before any lookup, so no object is needed. */
const NO_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
const headers = {} as Record<Who, Record<string, string>>;
let operations: Array<{ method: string; path: string }>;
let publishableKey: string;

beforeAll(async () => {
  t = await createTestApp({ WIDGET_RATE_LIMIT: '1000' });
  const org = (await demoOrg(t)).id;
  await createMember(t, org, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, org, { email: 'viewer@demo-org.test', role: 'viewer' });
  headers.admin = bearer(await signIn(t.app));
  headers.member = bearer(await signIn(t.app, 'member@demo-org.test'));
  headers.viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
  const key = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: headers.admin });
  headers.key = { 'x-api-key': key.json().key };
  headers.nobody = {};
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
});
afterAll(() => t?.close());

describe('role sweep', () => {
  it('has one row for every operation of the OpenAPI document, and none for operations gone', () => {
    const keys = operations.map((o) => `${o.method} ${o.path}`);
    expect(keys.length).toBeGreaterThan(200);
    expect(
      keys.filter((k) => !(k in ACCESS)),
      'operations missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((k) => !keys.includes(k)),
      'rows of operations that no longer exist',
    ).toEqual([]);
  });

  it('answers every operation as the table says, for every role and the API key (0 misses)', async () => {
    const misses: string[] = [];
    const uncoded: string[] = [];
    // the admin goes last: an admin-only call with an empty body may change settings, never the callers
    const order: Who[] = ['nobody', 'viewer', 'member', 'key', 'admin'];
    // signing out ends the callers' sessions: last
    const last = (o: { path: string }) => (o.path === '/api/auth/sign-out' ? 1 : 0);
    for (const { method, path } of [...operations].sort((x, y) => last(x) - last(y))) {
      const access = ACCESS[`${method} ${path}`];
      if (!access) continue;
      const url = path.replace(/\{organization\}/, 'demo-org').replace(/\{[^}]+\}/g, NO_ID);
      if (access === WIDGET) {
        // a session does not open the widget (401, or 400 for the empty query first); its key does
        const res = await t.app.inject({ method: method as 'GET', url, headers: headers.admin });
        if (res.statusCode !== 401 && res.statusCode !== 400)
          misses.push(`${method} ${path} with a session and no widget key: ${res.statusCode}`);
        // the sweep rotated it when it called POST apps/widget/rotate-key
        const widget = await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: headers.admin });
        publishableKey = widget.json().publishable_key;
      }
      for (const who of order) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers:
            access === WIDGET ? { ...headers[who], 'x-publishable-key': publishableKey } : headers[who],
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const got = res.statusCode;
        let expected: 'allowed' | 401 | 403;
        if (access === PUBLIC || access === WIDGET) expected = 'allowed';
        else if (access === CUSTOMER) expected = 401;
        else if (who === 'nobody') expected = 401;
        else expected = access.includes(LETTER[who]) ? 'allowed' : 403;
        const ok = expected === 'allowed' ? got !== 401 && got !== 403 : got === expected;
        if (!ok)
          misses.push(
            `${method} ${path} as ${who}: ${got}, table says ${expected} ${res.body.slice(0, 100)}`,
          );
        // every 4xx answer names its message's code beside the English detail
        if (got >= 400 && got < 500 && String(res.headers['content-type'] ?? '').includes('json')) {
          const body = res.json() as { detail?: unknown; code?: unknown };
          if (typeof body.code !== 'string' || body.detail === undefined)
            uncoded.push(`${method} ${path} as ${who}: ${got} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(misses).toEqual([]);
    expect(uncoded).toEqual([]);
  }, 600_000);
});
