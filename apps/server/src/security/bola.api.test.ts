import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../test/helpers';
import { multipartBody, PNG } from '../../test/multipart';
import { caller, createSweepFixtures, type SweepFixtures } from '../../test/sweep-fixtures';
import { apiKeyMayCall } from '../auth/scopes';

/**
 * BOLA sweep (sweeps): every operation of the OpenAPI document that takes an id — a path
 * parameter, a uuid body or query field, `id`, `ids` or `id_*` — is called with the ids of objects
 * that organization A owns, by organization B's admin, B's API key, and an admin of A's own
 * sub-organization (directly, and with `target_org` pointing at A). Every call answers 404 (a key
 * outside its scope: 403, refused before any lookup), and none of A's rows changes. An id-taking
 * operation that is neither probed below nor exempted with its reason fails the sweep, so a new
 * endpoint is covered the day it is added.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Probe {
  /** Path under /api with A's ids filled in, query included. */
  url: string;
  payload?: unknown;
  /** A multipart body instead of JSON. */
  multipart?: { fields: Record<string, string>; files: NonNullable<Parameters<typeof multipartBody>[1]> };
  /**
   * `filter`: the id narrows a list or export; the answer is 200 (or 404) and names none of A's
   * objects. `reference`: the ids are references in a new or changed object of the caller's own;
   * the answer is a 4xx identical to the answer for ids that never existed. `csv`: ids in the rows of
   * a bulk upload; the answer (per-row results) is identical to the one for ids that never existed.
   * Default `lookup`: 404.
   */
  kind?: 'filter' | 'reference' | 'csv';
}
type Builder = (a: SweepFixtures) => Probe | Probe[];

const day = 86_400_000;
const sizeBody = { name: 'Probe', width: 10, depth: 10, height: 10 };
const locationBody = {
  name: 'Probe',
  address: '1 Probe Road',
  contact_email: 'probe@sweep.test',
  contact_phone: '+15551234567',
};
const deviceBody = (a: SweepFixtures) => ({
  name: 'Probe door',
  locker_number: 91,
  mode: 'storage',
  status: 'available',
  hardware_type: 'virtual',
  id_location: a.locationId,
  id_size: a.sizeId,
  id_price: a.priceId,
  id_product: null,
});
const priceBody = {
  name: 'Probe',
  price_type: 'pay_per_time',
  amount: 3,
  currency: 'usd',
  unit_amount: 1,
  unit: 'hour',
};
const promoBody = {
  name: 'Probe',
  code: 'PROBE1',
  discount_type: 'percentage',
  amount: 10,
  start_time: new Date(Date.now() - day).toISOString(),
  end_time: new Date(Date.now() + day).toISOString(),
};
const membershipBody = (a: SweepFixtures) => ({
  name: 'Probe',
  active: true,
  currency: 'usd',
  amount: 9.99,
  billing_type: 'recurring',
  billing_period: 'month',
  number_of_payments: 12,
  membership_type: 'percentage',
  value: 20,
  locations: [a.locationId],
  users: [a.userId],
});
const productGroupBody = (a: SweepFixtures) => ({
  name: 'Probe',
  one_to_one: false,
  id_size: a.sizeId,
  charging_time: null,
  transaction_number: null,
  total_inventory: null,
  products: [a.productId],
});
const reservationBody = (a: SweepFixtures) => ({
  mode: 'storage',
  tracking_number: 'TRK-PROBE',
  id_location: a.locationId,
  id_size: a.sizeId,
  id_user: a.userId,
  start_date: new Date(Date.now() + 5 * day).toISOString(),
  end_date: new Date(Date.now() + 6 * day).toISOString(),
});
const notificationBody = (a: SweepFixtures) => ({
  name: 'Probe',
  mode: 'rental',
  notification_type: 'on_start',
  time_unit: 'immediately',
  email: true,
  message_email: 'Hello',
  id_member: a.memberId,
});
const reportBody = (a: SweepFixtures) => ({
  name: 'Probe',
  contents: ['earnings'],
  assign_to: [a.memberId],
  recurrence: 'weekly',
  weekday: 1,
  send_time: '10:00',
});
const issueBody = (a: SweepFixtures) => ({
  description: 'Probe',
  id_event: a.eventId,
  id_user: a.userId,
  team_member_id: a.memberId,
});
/** List and export filters by one of A's ids. */
const filters =
  (path: string, fields: Array<[string, keyof SweepFixtures]>): Builder =>
  (a) =>
    fields.map(([f, k]) => ({ url: `${path}?${f}=${a[k]}`, kind: 'filter' as const }));
const exportOf =
  (path: string, k: keyof SweepFixtures): Builder =>
  (a) => ({
    url: `${path}/export?ids=${a[k]}`,
    kind: 'filter',
  });

/** A bulk upload of one CSV row (header line, row line). */
const csvUpload = (path: string, header: string, row: string): Probe => ({
  url: `${path}/csv`,
  kind: 'csv',
  multipart: {
    fields: {},
    files: [
      { name: 'file', filename: 'rows.csv', data: Buffer.from(`${header}\n${row}\n`), type: 'text/csv' },
    ],
  },
});

/** Every id-taking operation and the calls that probe it with A's ids. */
const PROBES: Record<string, Builder> = {
  // door health
  'GET /api/fleet-health/doors': filters('fleet-health/doors', [['id_location', 'locationId']]),
  'GET /api/fleet-health/devices/{id}': (a) => ({ url: `fleet-health/devices/${a.deviceId}` }),
  'PUT /api/fleet-health/devices/{id}/faults': (a) => ({
    url: `fleet-health/devices/${a.deviceId}/faults`,
    payload: { offline: true },
  }),
  'PUT /api/fleet-health/locations/{id}/bridge-faults': (a) => ({
    url: `fleet-health/locations/${a.locationId}/bridge-faults`,
    payload: { offline: true },
  }),
  // the screens at the walls and their couriers
  'GET /api/kiosks': filters('kiosks', [['id_location', 'locationId']]),
  'POST /api/kiosks/pairing': (a) => [
    { url: 'kiosks/pairing', payload: { id_location: a.locationId, name: 'Probe' }, kind: 'reference' },
    { url: 'kiosks/pairing', payload: { id_locker_wall: a.wallId, name: 'Probe' }, kind: 'reference' },
  ],
  'DELETE /api/kiosks/{id}': (a) => ({ url: `kiosks/${a.kioskId}` }),
  'POST /api/couriers': (a) => ({ url: 'couriers', payload: { id_user: a.userId }, kind: 'reference' }),
  'POST /api/couriers/{id}/code': (a) => ({ url: `couriers/${a.courierId}/code` }),
  'DELETE /api/couriers/{id}': (a) => ({ url: `couriers/${a.courierId}` }),
  // team members
  'GET /api/members/{id}': (a) => ({ url: `members/${a.memberId}` }),
  'PATCH /api/members/{id}': (a) => ({ url: `members/${a.memberId}`, payload: { first_name: 'Probe' } }),
  'PUT /api/members/{id}': (a) => ({
    url: `members/${a.memberId}`,
    payload: { first_name: 'Probe', role: 'admin' },
  }),
  'PATCH /api/members/{id}/status': (a) => ({
    url: `members/${a.memberId}/status`,
    payload: { enabled: false },
  }),
  'PATCH /api/members/{id}/verify': (a) => ({
    url: `members/${a.memberId}/verify`,
    payload: { verified: true },
  }),
  'DELETE /api/members': (a) => ({ url: 'members', payload: { ids: [a.memberId] } }),
  'PATCH /api/members': (a) => ({
    url: 'members',
    payload: { user_ids: [a.memberId], member: { role: 'admin' } },
  }),
  'GET /api/members/export': exportOf('members', 'memberId'),
  // organizations and branding
  'PATCH /api/organizations/{id}': (a) => [
    { url: `organizations/${a.subOrganizationId}`, payload: { name: 'Probe' } },
    { url: `organizations/${a.organizationId}`, payload: { name: 'Probe' } },
  ],
  'GET /api/organizations/name-available': (a) => [
    { url: `organizations/name-available?name=Probe&id=${a.subOrganizationId}` },
    { url: `organizations/name-available?name=Probe&id=${a.organizationId}` },
  ],
  'DELETE /api/organizations/{id}': (a) => ({ url: `organizations/${a.subOrganizationId}` }),
  'DELETE /api/organizations/{id}/cancel': (a) => ({ url: `organizations/${a.subOrganizationId}/cancel` }),
  'PUT /api/white-label/{org}': (a) => [
    { url: `white-label/${a.subOrganizationId}`, payload: { app_name: 'Probe' } },
    { url: `white-label/${a.organizationId}`, payload: { app_name: 'Probe' } },
  ],
  'POST /api/settings': (a) => ({
    url: 'settings',
    payload: { default_id_size: a.sizeId },
    kind: 'reference',
  }),
  'PUT /api/settings': (a) => ({
    url: 'settings',
    payload: { default_id_size: a.sizeId },
    kind: 'reference',
  }),
  'POST /api/devices/csv': (a) =>
    csvUpload(
      'devices',
      'name,locker_number,mode,status,hardware_type,id_location,id_size,id_price',
      `CSV door,92,storage,available,virtual,${a.locationId},${a.sizeId},${a.priceId}`,
    ),
  'POST /api/reservations/csv': (a) => {
    const t0 = Date.now(); // one instant: the window is exactly one day
    return csvUpload(
      'reservations',
      'mode,tracking_number,id_location,id_size,id_user,start_date,end_date',
      `storage,TRK-CSV,${a.locationId},${a.sizeId},${a.userId},${new Date(t0 + 7 * day).toISOString()},${new Date(t0 + 8 * day).toISOString()}`,
    );
  },
  'POST /api/memberships/csv': (a) =>
    csvUpload(
      'memberships',
      'name,active,currency,amount,billing_type,billing_period,number_of_payments,membership_type,value,locations,users',
      `CSV Plus,true,usd,9.99,recurring,month,12,percentage,20,${a.locationId},${a.userId}`,
    ),
  'POST /api/products/csv': (a) =>
    csvUpload(
      'products',
      'name,price,id_product_group,id_condition',
      `CSV Kayak,1,${a.productGroupId},${a.conditionId}`,
    ),
  'POST /api/product-groups/csv': (a) =>
    csvUpload('product-groups', 'name,one_to_one,id_size', `CSV Gear,false,${a.sizeId}`),
  // keys
  'POST /api/api-keys/{id}/rotate': (a) => ({ url: `api-keys/${a.apiKeyId}/rotate` }),
  'DELETE /api/api-keys/{id}': (a) => ({ url: `api-keys/${a.apiKeyId}` }),
  // history
  'GET /api/history/{entity}/{id}': (a) => [
    { url: `history/device/${a.deviceId}` },
    { url: `history/user/${a.userId}` },
    { url: `history/location/${a.locationId}` },
  ],
  // sizes
  'GET /api/sizes/{id}': (a) => ({ url: `sizes/${a.sizeId}` }),
  'PUT /api/sizes/{id}': (a) => ({ url: `sizes/${a.sizeId}`, payload: sizeBody }),
  'DELETE /api/sizes': (a) => ({ url: 'sizes', payload: { ids: [a.sizeId] } }),
  'GET /api/sizes/export': exportOf('sizes', 'sizeId'),
  // locations
  'GET /api/locations': filters('locations', [['id_location', 'locationId']]),
  'POST /api/locations': (a) => ({
    url: 'locations',
    payload: { ...locationBody, assign_to: [a.memberId] },
    kind: 'reference',
  }),
  'GET /api/locations/{id}': (a) => ({ url: `locations/${a.locationId}` }),
  'PUT /api/locations/{id}': (a) => ({ url: `locations/${a.locationId}`, payload: locationBody }),
  'DELETE /api/locations': (a) => ({ url: 'locations', payload: { ids: [a.locationId] } }),
  'GET /api/locations/export': (a) => [
    { url: `locations/export?ids=${a.locationId}`, kind: 'filter' },
    { url: `locations/export?id_location=${a.locationId}`, kind: 'filter' },
  ],
  'PATCH /api/location/{id}': (a) => ({ url: `location/${a.locationId}`, payload: { shared: true } }),
  'GET /api/locations/{id}/devices': (a) => ({ url: `locations/${a.locationId}/devices` }),
  'GET /api/locations/{id}/sizes': (a) => ({ url: `locations/${a.locationId}/sizes` }),
  'PATCH /api/location/{id}/unlock': (a) => ({ url: `location/${a.locationId}/unlock` }),
  'GET /api/locations/{id}/lock-settings': (a) => ({ url: `locations/${a.locationId}/lock-settings` }),
  'PUT /api/locations/{id}/lock-settings': (a) => ({
    url: `locations/${a.locationId}/lock-settings`,
    payload: { virtual_latency_ms: 1 },
  }),
  'PATCH /api/resources/{id}/assign-user': (a) => ({
    url: `resources/${a.locationId}/assign-user`,
    payload: { id_user: a.userId },
  }),
  'PATCH /api/resources/{id}/remove-user': (a) => ({
    url: `resources/${a.locationId}/remove-user`,
    payload: { id_user: a.userId },
  }),
  'GET /api/resources/{id}/users': (a) => ({ url: `resources/${a.locationId}/users` }),
  'GET /api/resources/{id}/groups': (a) => ({ url: `resources/${a.locationId}/groups` }),
  // devices
  'GET /api/devices': filters('devices', [['id_location', 'locationId']]),
  'POST /api/devices': (a) => ({ kind: 'reference', url: 'devices', payload: deviceBody(a) }),
  'GET /api/devices/{id}': (a) => ({ url: `devices/${a.deviceId}` }),
  'PUT /api/devices/{id}': (a) => ({ url: `devices/${a.deviceId}`, payload: deviceBody(a) }),
  'DELETE /api/devices': (a) => ({ url: 'devices', payload: { ids: [a.deviceId] } }),
  'PATCH /api/devices': (a) => ({
    url: 'devices',
    payload: { id_devices: [a.deviceId], device: { status: 'maintenance' } },
  }),
  'GET /api/devices/export': (a) => [
    { url: `devices/export?ids=${a.deviceId}`, kind: 'filter' },
    { url: `devices/export?id_location=${a.locationId}`, kind: 'filter' },
  ],
  'PATCH /api/devices/maintain-all': (a) => ({ url: 'devices/maintain-all', payload: { ids: [a.deviceId] } }),
  'PATCH /api/devices/unlock': (a) => ({ url: 'devices/unlock', payload: { ids: [a.deviceId] } }),
  'GET /api/devices/{id}/lock-status': (a) => ({ url: `devices/${a.deviceId}/lock-status` }),
  'PATCH /api/devices/{id}/virtual-lock': (a) => ({
    url: `devices/${a.deviceId}/virtual-lock`,
    payload: { online: false },
  }),
  'GET /api/devices/{id}/unlocks': (a) => ({ url: `devices/${a.deviceId}/unlocks` }),
  'GET /api/device-logs/{id}': (a) => ({ url: `device-logs/${a.deviceId}` }),
  // locker walls
  'GET /api/locker-walls': filters('locker-walls', [['id_location', 'locationId']]),
  'POST /api/locker-walls': (a) => ({
    kind: 'reference',
    url: 'locker-walls',
    payload: { id_location: a.locationId, name: 'Probe', qty_wide: 1, qty_tall: 1 },
  }),
  'GET /api/locker-walls/{id}': (a) => ({ url: `locker-walls/${a.wallId}` }),
  'PUT /api/locker-walls/{id}': (a) => ({
    url: `locker-walls/${a.wallId}`,
    payload: { id_location: a.locationId, name: 'Probe', qty_wide: 2, qty_tall: 2 },
  }),
  'DELETE /api/locker-walls/{id}': (a) => ({ url: `locker-walls/${a.wallId}` }),
  'GET /api/locker-walls/{id}/unassigned-devices': (a) => ({
    url: `locker-walls/${a.wallId}/unassigned-devices`,
  }),
  'PATCH /api/locker-walls/{id}/doors': (a) => ({
    url: `locker-walls/${a.wallId}/doors`,
    payload: { x: 2, y: 1, id_device: a.serviceDeviceId },
  }),
  'PATCH /api/locker-walls/{id}/kiosk': (a) => ({
    url: `locker-walls/${a.wallId}/kiosk`,
    payload: { x: 2, y: 2 },
  }),
  'DELETE /api/locker-walls/{id}/kiosk': (a) => ({ url: `locker-walls/${a.wallId}/kiosk` }),
  // users and groups
  'GET /api/users': filters('users', [['id_group', 'groupId']]),
  'GET /api/users/{id}': (a) => ({ url: `users/${a.userId}` }),
  'PUT /api/users/{id}': (a) => ({ url: `users/${a.userId}`, payload: { name: 'Probe' } }),
  'DELETE /api/users': (a) => ({ url: 'users', payload: { ids: [a.userId] } }),
  'GET /api/users/export': (a) => [
    { url: `users/export?ids=${a.userId}`, kind: 'filter' },
    { url: `users/export?id_group=${a.groupId}`, kind: 'filter' },
  ],
  'PATCH /api/users/{id}/activate': (a) => ({ url: `users/${a.userId}/activate` }),
  'PATCH /api/users/{id}/deactivate': (a) => ({ url: `users/${a.userId}/deactivate` }),
  'GET /api/events_by_user/{id}': (a) => ({ url: `events_by_user/${a.userId}` }),
  'GET /api/groups/{id}': (a) => ({ url: `groups/${a.groupId}` }),
  'PUT /api/groups/{id}': (a) => ({ url: `groups/${a.groupId}`, payload: { name: 'Probe' } }),
  'DELETE /api/groups': (a) => ({ url: 'groups', payload: { ids: [a.groupId] } }),
  'GET /api/groups/export': exportOf('groups', 'groupId'),
  'GET /api/groups/{id}/members': (a) => ({ url: `groups/${a.groupId}/members` }),
  'PATCH /api/groups/{id}/assign-user': (a) => ({
    url: `groups/${a.groupId}/assign-user`,
    payload: { id_user: a.userId },
  }),
  'PATCH /api/groups/{id}/remove-user': (a) => ({
    url: `groups/${a.groupId}/remove-user`,
    payload: { id_user: a.userId },
  }),
  'PATCH /api/groups/{id}/assign': (a) => ({
    url: `groups/${a.groupId}/assign`,
    payload: { id_resource: a.locationId, resource_type: 'location' },
  }),
  'PATCH /api/groups/{id}/remove': (a) => ({
    url: `groups/${a.groupId}/remove`,
    payload: { id_resource: a.locationId, resource_type: 'location' },
  }),
  // pricing
  'GET /api/prices/{id}': (a) => ({ url: `prices/${a.priceId}` }),
  'PUT /api/prices/{id}': (a) => ({ url: `prices/${a.priceId}`, payload: priceBody }),
  'DELETE /api/prices': (a) => ({ url: 'prices', payload: { ids: [a.priceId] } }),
  'GET /api/prices/export': exportOf('prices', 'priceId'),
  'GET /api/promos/{id}': (a) => ({ url: `promos/${a.promoId}` }),
  'PUT /api/promos/{id}': (a) => ({ url: `promos/${a.promoId}`, payload: promoBody }),
  'DELETE /api/promos': (a) => ({ url: 'promos', payload: { ids: [a.promoId] } }),
  'GET /api/promos/export': exportOf('promos', 'promoId'),
  'POST /api/memberships': (a) => ({ kind: 'reference', url: 'memberships', payload: membershipBody(a) }),
  'GET /api/memberships/{id}': (a) => ({ url: `memberships/${a.membershipId}` }),
  'PUT /api/memberships/{id}': (a) => ({ url: `memberships/${a.membershipId}`, payload: membershipBody(a) }),
  'DELETE /api/memberships': (a) => ({ url: 'memberships', payload: { ids: [a.membershipId] } }),
  'GET /api/memberships/export': exportOf('memberships', 'membershipId'),
  // inventory
  'GET /api/products': filters('products', [
    ['id_product_group', 'productGroupId'],
    ['id_condition', 'conditionId'],
  ]),
  'POST /api/products': (a) => ({
    kind: 'reference',
    url: 'products',
    payload: { name: 'Probe', price: 1, id_condition: a.conditionId, id_product_group: a.productGroupId },
  }),
  'GET /api/products/{id}': (a) => ({ url: `products/${a.productId}` }),
  'PUT /api/products/{id}': (a) => ({ url: `products/${a.productId}`, payload: { name: 'Probe', price: 1 } }),
  'DELETE /api/products': (a) => ({ url: 'products', payload: { ids: [a.productId] } }),
  'PATCH /api/products': (a) => ({
    url: 'products',
    payload: { id_products: [a.productId], product: { price: 2 } },
  }),
  'GET /api/products/export': (a) => [
    { url: `products/export?ids=${a.productId}`, kind: 'filter' },
    { url: `products/export?id_product_group=${a.productGroupId}`, kind: 'filter' },
    { url: `products/export?id_condition=${a.conditionId}`, kind: 'filter' },
  ],
  'POST /api/products/{id}/duplicate': (a) => ({ url: `products/${a.productId}/duplicate` }),
  'GET /api/products/{id}/tracking': (a) => ({ url: `products/${a.productId}/tracking` }),
  'POST /api/product-groups': (a) => ({
    kind: 'reference',
    url: 'product-groups',
    payload: productGroupBody(a),
  }),
  'GET /api/product-groups/{id}': (a) => ({ url: `product-groups/${a.productGroupId}` }),
  'PUT /api/product-groups/{id}': (a) => ({
    url: `product-groups/${a.productGroupId}`,
    payload: productGroupBody(a),
  }),
  'DELETE /api/product-groups': (a) => ({ url: 'product-groups', payload: { ids: [a.productGroupId] } }),
  'GET /api/product-groups/export': exportOf('product-groups', 'productGroupId'),
  'POST /api/conditions': (a) => ({
    url: 'conditions',
    payload: { name: 'Probe', products: [a.productId] },
    kind: 'reference',
  }),
  'GET /api/conditions/{id}': (a) => ({ url: `conditions/${a.conditionId}` }),
  'PUT /api/conditions/{id}': (a) => ({ url: `conditions/${a.conditionId}`, payload: { name: 'Probe' } }),
  'PATCH /api/conditions/{id}': (a) => ({
    url: `conditions/${a.conditionId}`,
    payload: { auto_report: true },
  }),
  'DELETE /api/conditions': (a) => ({ url: 'conditions', payload: { ids: [a.conditionId] } }),
  'GET /api/conditions/export': exportOf('conditions', 'conditionId'),
  'POST /api/conditions/{id}/clone': (a) => ({ url: `conditions/${a.conditionId}/clone` }),
  // transactions
  'GET /api/events': (a) => [
    { url: `events?ids=${a.eventId}`, kind: 'filter' },
    { url: `events?id_location=${a.locationId}`, kind: 'filter' },
    { url: `events?id_user=${a.userId}`, kind: 'filter' },
  ],
  'PATCH /api/events': (a) => ({ url: 'events', payload: { ids: [a.eventId] } }),
  'GET /api/events/export': (a) => [
    { url: `events/export?ids=${a.eventId}`, kind: 'filter' },
    { url: `events/export?id_location=${a.locationId}`, kind: 'filter' },
    { url: `events/export?id_user=${a.userId}`, kind: 'filter' },
  ],
  'GET /api/events/{id}': (a) => ({ url: `events/${a.eventId}` }),
  'GET /api/event-logs/{id}': (a) => ({ url: `event-logs/${a.eventId}` }),
  'PATCH /api/events/{id}/service': (a) => ({
    url: `events/${a.eventId}/service`,
    payload: { step: 'pickup' },
  }),
  'PATCH /api/events/{id}/cancel': (a) => ({ url: `events/${a.eventId}/cancel`, payload: {} }),
  'PATCH /api/events/{id}/refund': (a) => ({ url: `events/${a.eventId}/refund`, payload: { amount: 1 } }),
  'PATCH /api/events/{id}/penalize': (a) => ({
    url: `events/${a.eventId}/penalize`,
    payload: { amount: 1, reason: 'other' },
  }),
  'POST /api/event/delivery': (a) => ({
    kind: 'reference',
    url: 'event/delivery',
    payload: { id_device: a.deliveryDeviceId, phone_number: '+15555550999' },
  }),
  'PATCH /api/delivery/{id}/complete': (a) => ({
    url: `delivery/${a.deliveryId}/complete`,
    payload: { id_device: a.deliveryDeviceId },
  }),
  'POST /api/events/{id}/resend-code': (a) => ({ url: `events/${a.deliveryId}/resend-code`, payload: {} }),
  'POST /api/events/{id}/share': (a) => ({
    url: `events/${a.eventId}/share`,
    payload: { email: 'x@sweep.test' },
  }),
  'POST /api/events/storage': (a) => ({
    kind: 'reference',
    url: 'events/storage',
    payload: { id_device: a.deviceId, id_user: a.userId },
  }),
  'POST /api/events/rental': (a) => ({
    kind: 'reference',
    url: 'events/rental',
    payload: { id_device: a.deviceId, id_user: a.userId },
  }),
  'POST /api/events/service': (a) => ({
    kind: 'reference',
    url: 'events/service',
    payload: { id_device: a.serviceDeviceId, id_user: a.userId },
  }),
  'POST /api/events/vending': (a) => ({
    kind: 'reference',
    url: 'events/vending',
    payload: { id_device: a.deviceId, id_user: a.userId },
  }),
  'POST /api/events/{id}/return': (a) => ({
    url: `events/${a.eventId}/return`,
    payload: { id_device: a.deviceId, id_condition: a.conditionId },
  }),
  'POST /api/events/{id}/pickup': (a) => ({ url: `events/${a.eventId}/pickup`, payload: {} }),
  'POST /api/delivery/{id}/dropoff': (a) => ({
    url: `delivery/${a.deliveryId}/dropoff`,
    payload: { id_device: a.deliveryDeviceId },
  }),
  'POST /api/events/{id}/payment': (a) => ({
    url: `events/${a.eventId}/payment`,
    payload: { status: 'succeeded' },
  }),
  // reservations
  'GET /api/reservations': filters('reservations', [['id_device', 'deviceId']]),
  'POST /api/reservations': (a) => ({ kind: 'reference', url: 'reservations', payload: reservationBody(a) }),
  'GET /api/reservations/{id}': (a) => ({ url: `reservations/${a.reservationId}` }),
  'PUT /api/reservations/{id}': (a) => ({
    url: `reservations/${a.reservationId}`,
    payload: reservationBody(a),
  }),
  'DELETE /api/reservations': (a) => ({ url: 'reservations', payload: { ids: [a.reservationId] } }),
  'GET /api/reservations/export': exportOf('reservations', 'reservationId'),
  // issues
  'GET /api/issues': filters('issues', [['id_location', 'locationId']]),
  'POST /api/issues': (a) => [
    { url: 'issues', payload: issueBody(a), kind: 'reference' },
    { url: `issues?id_event=${a.eventId}`, payload: { description: 'Probe' }, kind: 'reference' },
  ],
  'GET /api/issues/{id}': (a) => ({ url: `issues/${a.issueId}` }),
  'PUT /api/issues/{id}': (a) => ({ url: `issues/${a.issueId}`, payload: { description: 'Probe' } }),
  'PATCH /api/issues/{id}': (a) => ({ url: `issues/${a.issueId}?status=resolved` }),
  'DELETE /api/issues': (a) => ({ url: 'issues', payload: { ids: [a.issueId] } }),
  'GET /api/issues/export': (a) => [
    { url: `issues/export?ids=${a.issueId}`, kind: 'filter' },
    { url: `issues/export?id_location=${a.locationId}`, kind: 'filter' },
  ],
  // notifications
  'POST /api/notifications': (a) => ({
    kind: 'reference',
    url: 'notifications',
    payload: notificationBody(a),
  }),
  'GET /api/notifications/{id}': (a) => ({ url: `notifications/${a.notificationId}` }),
  'PUT /api/notifications/{id}': (a) => ({
    url: `notifications/${a.notificationId}`,
    payload: notificationBody(a),
  }),
  'DELETE /api/notifications': (a) => ({ url: 'notifications', payload: { ids: [a.notificationId] } }),
  'GET /api/notifications/export': exportOf('notifications', 'notificationId'),
  'POST /api/notifications/{id}/clone': (a) => ({ url: `notifications/${a.notificationId}/clone` }),
  'PATCH /api/notifications-service/notifications/{id}/upload-images': (a) => ({
    url: `notifications-service/notifications/${a.notificationId}/upload-images`,
    multipart: { fields: {}, files: [{ name: 'header', filename: 'h.png', data: PNG, type: 'image/png' }] },
  }),
  'GET /api/notifications/{id}/deliveries': (a) => ({ url: `notifications/${a.notificationId}/deliveries` }),
  'POST /api/notifications/{id}/test': (a) => ({
    url: `notifications/${a.notificationId}/test`,
    payload: { email: 'x@sweep.test' },
  }),
  // reports
  'POST /api/reports': (a) => ({ kind: 'reference', url: 'reports', payload: reportBody(a) }),
  'GET /api/reports/{id}': (a) => ({ url: `reports/${a.reportId}` }),
  'PUT /api/reports/{id}': (a) => ({ url: `reports/${a.reportId}`, payload: reportBody(a) }),
  'DELETE /api/reports': (a) => ({ url: 'reports', payload: { ids: [a.reportId] } }),
  'GET /api/reports/export': exportOf('reports', 'reportId'),
  'GET /api/reports/download/{id}': (a) => ({ url: `reports/download/${a.reportId}` }),
  ...Object.fromEntries(
    [
      'range',
      'earnings',
      'user_growth',
      'door_health',
      'issue_rate',
      'occupancy_rate',
      'transaction_rate',
      'transactions_per_locker',
      'total_transactions',
      'avg_transaction_time',
      'total_users',
      'total_locations',
      'avg_revenue_per_transaction',
      'door_counts',
      'users',
      'transactions',
      'top_users',
      'locations',
    ].map((m) => [`GET /api/reports/${m}`, filters(`reports/${m}`, [['locations', 'locationId']])]),
  ),
  // webhooks
  'PUT /api/webhooks/{id}': (a) => ({
    url: `webhooks/${a.webhookId}`,
    payload: { url: 'https://probe.sweep.test/x' },
  }),
  'DELETE /api/webhooks/{id}': (a) => ({ url: `webhooks/${a.webhookId}` }),
  'POST /api/webhooks/{id}/rotate-secret': (a) => ({ url: `webhooks/${a.webhookId}/rotate-secret` }),
  'GET /api/webhooks/{id}/deliveries': (a) => ({ url: `webhooks/${a.webhookId}/deliveries` }),
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/replay': (a) => ({
    url: `webhooks/${a.webhookId}/deliveries/${a.webhookDeliveryId}/replay`,
  }),
};

/**
 * Id-taking operations the sweep does not probe with A's ids, and why. Each is covered elsewhere
 * or takes no object of another organization.
 */
const EXEMPT: Record<string, string> = {
  'POST /api/kiosk/courier/drops':
    "a paired screen's own call: only its kiosk token opens it (401 for every session and key: role sweep), and it reaches only its own place's doors and deliveries (another location's answer 404: kiosks tests)",
  'POST /api/kiosk/storage':
    "a paired screen's own call: only its kiosk token opens it (401 for every session and key: role sweep), and it reaches only its own place's doors and its own customer's storages (another location's or organization's door answers 404, another screen's customer session 401: kiosks storage tests)",
  'POST /api/kiosk/storage/holds':
    "a paired screen's own call: only its kiosk token opens it (401 for every session and key: role sweep), and it reaches only its own place's doors and its own customer's storages (another location's or organization's door answers 404, another screen's customer session 401: kiosks storage tests)",
  'GET /api/kiosk/storage/holds/{id}':
    "a paired screen's own call: only its kiosk token opens it (401 for every session and key: role sweep), and it reaches only its own place's doors and its own customer's storages (another location's or organization's door answers 404, another screen's customer session 401: kiosks storage tests)",
  'DELETE /api/kiosk/storage/holds/{id}':
    "a paired screen's own call: only its kiosk token opens it (401 for every session and key: role sweep), and it reaches only its own place's doors and its own customer's storages (another location's or organization's door answers 404, another screen's customer session 401: kiosks storage tests)",
  'POST /api/kiosk/storage/{id}/end':
    "a paired screen's own call: only its kiosk token opens it (401 for every session and key: role sweep), and it reaches only its own place's doors and its own customer's storages (another location's or organization's door answers 404, another screen's customer session 401: kiosks storage tests)",
  'POST /api/customer/{organization}/handover':
    "Lite App payment handed over from a screen: no team session or key opens it; its handover token (sealed by the server, from the screen's QR code) names one held door of one organization, and a forged or spent token answers 404/409 (kiosks storage tests)",
  'POST /api/customer/{organization}/handover/start':
    "Lite App payment handed over from a screen: no team session or key opens it; its handover token (sealed by the server, from the screen's QR code) names one held door of one organization, and a forged or spent token answers 404/409 (kiosks storage tests)",
  'POST /api/kiosk/doors/{id}/report':
    "a paired screen's own call: only its kiosk token opens it (401 for every session and key: role sweep), and it reaches only its own place's doors and deliveries (another location's answer 404: kiosks tests)",
  ...Object.fromEntries(
    [
      'sizes',
      'locations',
      'users',
      'groups',
      'members',
      'prices',
      'promos',
      'conditions',
      'issues',
      'notifications',
      'reports',
    ].map((area) => [
      `POST /api/${area}/csv`,
      'its CSV columns hold no id of another object (names and values only)',
    ]),
  ),
  'GET /api/files/{key}':
    'public by design (images in <img> tags carry no token); the key is a random UUID, a capability',
  'GET /api/filters/{page}': "`page` names a console table, not an object; rows are the caller's own",
  'PUT /api/filters/{page}': "`page` names a console table, not an object; rows are the caller's own",
  'PUT /api/lock-vendors/{vendor}':
    "`vendor` names a lock brand, not an object; the account saved is the caller's own",
  'DELETE /api/lock-vendors/{vendor}':
    "`vendor` names a lock brand, not an object; the account removed is the caller's own",
  'GET /api/event/{id}/public':
    'public transaction page: authorised by its share token, not by a session (transactions tests)',
  'GET /api/reservations/{tracking}/check-uniqueness':
    "answers only whether the caller's own organization already uses a tracking number (probed below)",
  'GET /api/widget/{organization}/config':
    'public widget: the publishable key must belong to the organization in the path (probed below)',
  'GET /api/widget/{organization}/quote': 'public widget (probed below with B’s key and A’s ids)',
  'POST /api/widget/{organization}/verification':
    'public widget: the publishable key must belong to the organization in the path (probed below)',
  'POST /api/widget/{organization}/reservations': 'public widget (probed below with B’s key and A’s ids)',
  'GET /api/customer/{organization}/parcels':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/parcels/{id}/open':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/config':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/code':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/session':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'DELETE /api/customer/{organization}/session':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/me':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'PATCH /api/customer/{organization}/me':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'DELETE /api/customer/{organization}/me':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/locations':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/lockers':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/lockers':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/lockers/{id}/open':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/lockers/{id}/end':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/locations/{id}/products':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/conditions':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/rentals':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/rentals/{id}/return':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/lockers/{id}/photo':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/lockers/{id}/receipt':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'GET /api/customer/{organization}/reservations':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/reservations':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'POST /api/customer/{organization}/holds':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
  'DELETE /api/customer/{organization}/reservations/{id}':
    "Lite App: no team session or key opens it; a customer reaches only their own rows (another customer's answers 404: customer-app tests)",
};

/**
 * What a sub-organization may read of its parent's shared location (console §6: super-tenants share
 * locations; the shared location and its doors are listed read-only in the sub-organization).
 */
const SHARED_WITH_SUB_ORGANIZATIONS: Record<string, string> = {};

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown>>;
}
interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; schema?: Schema } | { $ref: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

const ID_NAME = /^(id|ids|id_.+)$/;

/** True for a uuid field or a list of them. */
function isUuid(doc: OpenApiDoc, s: Schema | undefined): boolean {
  const r = deref(doc, s);
  if (!r) return false;
  if (r.format === 'uuid') return true;
  if (r.items) return isUuid(doc, r.items);
  return [...(r.anyOf ?? []), ...(r.oneOf ?? [])].some((x) => isUuid(doc, x));
}
function deref(doc: OpenApiDoc, s: Schema | undefined): Schema | undefined {
  let r = s;
  while (r?.$ref) {
    const [, , group, name] = r.$ref.split('/');
    r = doc.components?.[group!]?.[name!] as Schema | undefined;
  }
  return r;
}
/** The top-level fields of a request body (through unions and intersections). */
function bodyFields(doc: OpenApiDoc, s: Schema | undefined, out = new Map<string, Schema>()) {
  const r = deref(doc, s);
  if (!r) return out;
  for (const x of [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])]) bodyFields(doc, x, out);
  if (r.type === 'array' && r.items && isUuid(doc, r.items)) out.set('(array body)', r);
  for (const [k, v] of Object.entries(r.properties ?? {})) out.set(k, v);
  return out;
}

/** Every operation that takes an id, and where: `path`, `body:<field>`, `query:<field>`. */
function idTakingOperations(doc: OpenApiDoc): Map<string, string[]> {
  const ops = new Map<string, string[]>();
  for (const [p, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const where: string[] = [];
      for (const raw of op.parameters ?? []) {
        const prm = deref(doc, raw as Schema) as unknown as { name: string; in: string; schema?: Schema };
        if (prm.in === 'path') where.push(`path:${prm.name}`);
        else if (
          prm.in === 'query' &&
          prm.name !== 'target_org' &&
          (ID_NAME.test(prm.name) || isUuid(doc, prm.schema))
        )
          where.push(`query:${prm.name}`);
      }
      for (const content of Object.values(op.requestBody?.content ?? {}))
        for (const [k, v] of bodyFields(doc, content.schema))
          if (ID_NAME.test(k) || isUuid(doc, v)) where.push(`body:${k}`);
      // the rows of a bulk upload may carry ids in their columns
      if (method === 'post' && p.endsWith('/csv')) where.push('csv rows');
      if (where.length) ops.set(`${method.toUpperCase()} ${p}`, [...new Set(where)]);
    }
  return ops;
}

let t: TestApp;
let a: SweepFixtures;
let doc: OpenApiDoc;
/** The callers that must not reach A's objects. */
let callers: Array<{ name: string; headers: Record<string, string>; query?: string; key?: boolean }>;
let bPublishableKey: string;
let adminA: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const orgA = await demoOrg(t);
  adminA = bearer(await signIn(t.app));
  const managed = await createOrganization(t, 'Sweep Managed', orgA.id);
  a = await createSweepFixtures(t, adminA, orgA.id, managed.id, 'a');
  const sub = await createOrganization(t, 'Sweep Child', orgA.id);
  const orgB = await createOrganization(t, 'Sweep Other');
  await createMember(t, orgB.id, { email: 'admin@sweep-other.test' });
  const adminB = bearer(
    await signIn(t.app, 'admin@sweep-other.test', ADMIN_PASSWORD, 'sweep-other.localhost'),
  );
  const keyB = await caller(t.app, adminB)<{ key: string }>('POST', 'api-keys');
  const widgetB = await caller(t.app, adminB)<{ publishable_key: string }>('GET', 'apps/widget');
  bPublishableKey = widgetB.publishable_key;
  await createMember(t, sub.id, { email: 'admin@sweep-child.test' });
  const adminSub = bearer(
    await signIn(t.app, 'admin@sweep-child.test', ADMIN_PASSWORD, 'sweep-child.localhost'),
  );
  callers = [
    { name: "B's admin", headers: adminB },
    { name: "B's API key", headers: { 'x-api-key': keyB.key }, key: true },
    { name: "A's sub-organization admin", headers: adminSub },
    { name: "A's sub-organization admin, target_org=A", headers: adminSub, query: `target_org=${orgA.id}` },
  ];
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  await watchWritesOfA();
}, 600_000);
afterAll(() => t?.close());

/**
 * Records every write to a row of organization A (or of the sub-organization it manages): a row
 * trigger on every table with `organization_id`, and on `organizations`, appends to `sweep_writes`.
 * Installed as the database owner in this file's own database copy; the request role never sees
 * it (SECURITY DEFINER).
 */
async function watchWritesOfA(): Promise<void> {
  const ids = `${a.organizationId},${a.subOrganizationId}`;
  await t.database.db.execute(sql`create table sweep_writes (id serial primary key, what text not null)`);
  await t.database.db.execute(
    sql.raw(`
    create function sweep_note() returns trigger language plpgsql security definer set search_path = public as $f$
    begin
      if (tg_op <> 'INSERT' and (to_jsonb(old) ->> tg_argv[1]) = any (string_to_array(tg_argv[0], ',')))
        or (tg_op <> 'DELETE' and (to_jsonb(new) ->> tg_argv[1]) = any (string_to_array(tg_argv[0], ','))) then
        insert into sweep_writes (what) values (tg_table_name || ' ' || tg_op);
      end if;
      return null;
    end $f$`),
  );
  const tables = (await t.database.db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and exists (select 1 from pg_attribute x where x.attrelid = c.oid and x.attname = 'organization_id' and not x.attisdropped)`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const statements = tables.rows.map(
    (r) =>
      `create trigger sweep_note after insert or update or delete on "${r.name}" for each row execute function sweep_note('${ids}', 'organization_id')`,
  );
  statements.push(
    `create trigger sweep_note after insert or update or delete on organizations for each row execute function sweep_note('${ids}', 'id')`,
  );
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
}

/** The writes to A's rows recorded since the last call. */
async function writesToA(): Promise<string[]> {
  const res = (await t.database.db.execute(sql`delete from sweep_writes returning what`)) as unknown as {
    rows: Array<{ what: string }>;
  };
  return res.rows.map((r) => r.what);
}

function request(method: Method, probe: Probe, who: (typeof callers)[number]) {
  const sep = probe.url.includes('?') ? '&' : '?';
  const url = `/api/${probe.url}${who.query ? `${sep}${who.query}` : ''}`;
  if (probe.multipart) {
    const body = multipartBody(probe.multipart.fields, probe.multipart.files);
    return t.app.inject({ method, url, headers: { ...who.headers, ...body.headers }, payload: body.payload });
  }
  return t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
  });
}

/** The ids of A's fixtures, which no answer to another organization may contain. */
const idsOfA = () =>
  Object.entries(a)
    .filter(
      ([k, v]) => k !== 'organizationId' && k !== 'subOrganizationId' && /^[0-9a-f-]{36}$/.test(String(v)),
    )
    .map(([, v]) => String(v));

/** The text with every uuid replaced by one placeholder, to compare answers that may echo ids. */
const anyId = (text: string) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');

/** The probe with each of A's ids replaced by an id that never existed. */
function withMissingIds(probe: Probe): Probe {
  const swap = (text: string) => idsOfA().reduce((acc, id) => acc.replaceAll(id, randomUUID()), text);
  return {
    ...probe,
    url: swap(probe.url),
    payload: probe.payload === undefined ? undefined : JSON.parse(swap(JSON.stringify(probe.payload))),
    multipart: probe.multipart && {
      fields: probe.multipart.fields,
      files: probe.multipart.files.map((f) => ({ ...f, data: Buffer.from(swap(f.data.toString('utf8'))) })),
    },
  };
}

describe('BOLA sweep', () => {
  it('covers every id-taking operation of the OpenAPI document', () => {
    const ops = idTakingOperations(doc);
    expect(ops.size).toBeGreaterThan(150);
    const uncovered = [...ops.keys()]
      .filter((op) => !PROBES[op] && !EXEMPT[op])
      .map((op) => `${op} (${ops.get(op)!.join(', ')})`);
    expect(uncovered, 'id-taking operations with neither a probe nor an exemption').toEqual([]);
    const stale = [...Object.keys(PROBES), ...Object.keys(EXEMPT)].filter((op) => !ops.has(op));
    expect(stale, 'probes or exemptions of operations that no longer take an id').toEqual([]);
  });

  it("sees a write to A's rows (the watcher the sweep relies on)", async () => {
    await writesToA();
    await caller(t.app, adminA)('PUT', `sizes/${a.sizeId}`, {
      name: 'S-a',
      width: 10,
      depth: 10,
      height: 10,
    });
    expect(await writesToA()).toContain('sizes UPDATE');
  });

  it("answers 404 to every other organization's caller and leaves A's rows as they were", async () => {
    const failures: string[] = [];
    await writesToA();
    for (const [op, build] of Object.entries(PROBES)) {
      const [method, path] = op.split(' ') as [Method, string];
      for (const probe of ([] as Probe[]).concat(build(a))) {
        for (const who of callers) {
          const res = await request(method, probe, who);
          const label = `${method} /api/${probe.url} as ${who.name} → ${res.statusCode}`;
          if (who.key && !apiKeyMayCall('partner', method, path.replace(/\{([^}]+)\}/g, ':$1'))) {
            if (res.statusCode !== 403) failures.push(`${label} (outside the key's scope: 403 expected)`);
          } else if (probe.kind === 'filter' && !who.query) {
            if (res.statusCode !== 404 && res.statusCode !== 200)
              failures.push(`${label} ${res.body.slice(0, 160)}`);
            const leaked = idsOfA().filter((id) => res.body.includes(id));
            if (leaked.length) failures.push(`${label} names A's ${leaked.join(', ')}`);
            const missing = await request(method, withMissingIds(probe), who);
            if (missing.body !== res.body)
              failures.push(
                `${label} differs from the answer for ids that never existed: ${res.body.slice(0, 160)} / ${missing.body.slice(0, 160)}`,
              );
          } else if (probe.kind === 'csv') {
            const missing = await request(method, withMissingIds(probe), who);
            if (res.statusCode >= 500 || anyId(res.body) !== anyId(missing.body))
              failures.push(
                `${label} ${res.body.slice(0, 200)} (ids that never existed: ${missing.body.slice(0, 200)})`,
              );
          } else if (probe.kind === 'reference' && res.statusCode !== 404) {
            const missing = await request(method, withMissingIds(probe), who);
            if (res.statusCode < 400 || res.statusCode >= 500 || res.body !== missing.body)
              failures.push(
                `${label} ${res.body.slice(0, 160)} (ids that never existed: ${missing.statusCode} ${missing.body.slice(0, 160)})`,
              );
          } else if (res.statusCode !== 404) {
            failures.push(`${label} ${res.body.slice(0, 160)}`);
          }
          const writes = await writesToA();
          if (writes.length) failures.push(`${label} wrote A's rows: ${[...new Set(writes)].join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('once A shares its location, its sub-organization reads it and its doors, and reaches nothing else', async () => {
    await caller(t.app, adminA)('PATCH', `location/${a.locationId}`, { shared: true });
    const sub = callers.find((c) => c.name === "A's sub-organization admin")!;
    const listed = await request('GET', { url: 'locations' }, sub);
    expect(listed.body, 'the shared location is listed in the sub-organization').toContain(a.locationId);
    const failures: string[] = [];
    await writesToA();
    for (const [op, build] of Object.entries(PROBES)) {
      const [method] = op.split(' ') as [Method];
      for (const probe of ([] as Probe[]).concat(build(a))) {
        if (probe.kind === 'filter' || probe.kind === 'csv') continue;
        const res = await request(method, probe, sub);
        const shared = SHARED_WITH_SUB_ORGANIZATIONS[op];
        const label = `${method} /api/${probe.url} → ${res.statusCode}`;
        if (shared ? res.statusCode !== 200 : res.statusCode !== 404 && probe.kind !== 'reference')
          failures.push(`${label} ${res.body.slice(0, 160)}`);
        const writes = await writesToA();
        if (writes.length) failures.push(`${label} wrote A's rows: ${[...new Set(writes)].join(', ')}`);
      }
    }
    await caller(t.app, adminA)('PATCH', `location/${a.locationId}`, { shared: false });
    expect(failures).toEqual([]);
  }, 600_000);

  it("reads of A's objects succeed for A itself (the probes name real objects)", async () => {
    const failures: string[] = [];
    for (const [op, build] of Object.entries(PROBES)) {
      const [method] = op.split(' ') as [Method];
      if (method !== 'GET') continue;
      for (const probe of ([] as Probe[]).concat(build(a))) {
        if (probe.kind === 'filter') continue;
        const res = await request(method, probe, { name: 'A', headers: adminA });
        if (res.statusCode !== 200)
          failures.push(`GET /api/${probe.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("A's own CSV rows (dry run) are answered otherwise than ids that never existed (the probes matter)", async () => {
    const failures: string[] = [];
    for (const [op, build] of Object.entries(PROBES)) {
      const [method] = op.split(' ') as [Method];
      for (const probe of ([] as Probe[]).concat(build(a))) {
        if (probe.kind !== 'csv' || !probe.multipart) continue;
        const dry = { ...probe, multipart: { ...probe.multipart, fields: { dry_run: 'true' } } };
        const own = await request(method, dry, { name: 'A', headers: adminA });
        const missing = await request(method, withMissingIds(dry), { name: 'A', headers: adminA });
        if (own.statusCode !== 200 || anyId(own.body) === anyId(missing.body))
          failures.push(`${op} as A → ${own.statusCode} ${own.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("check-uniqueness and the public widget do not reach A's objects", async () => {
    const unique = await request(
      'GET',
      { url: `reservations/${a.reservationTracking}/check-uniqueness` },
      callers[0]!,
    );
    expect(unique.statusCode).toBe(200);
    expect(unique.body).not.toContain(a.reservationId);
    const subdomainA = 'demo-org';
    const onA = await t.app.inject({
      method: 'GET',
      url: `/api/widget/${subdomainA}/config`,
      headers: { 'x-publishable-key': bPublishableKey },
    });
    expect(onA.statusCode).toBe(401);
    // B's key sends no code in A's name
    const codeOnA = await t.app.inject({
      method: 'POST',
      url: `/api/widget/${subdomainA}/verification`,
      headers: { 'x-publishable-key': bPublishableKey },
      payload: { email: 'probe@example.test' },
    });
    expect(codeOnA.statusCode).toBe(401);
    // one instant for both ends: two Date.now() calls can be a millisecond apart, a window longer
    // than the widget's one-day maximum (400 before any look-up)
    const t0 = Date.now();
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/widget/sweep-other/quote?id_location=${a.locationId}&id_size=${a.sizeId}&start=${encodeURIComponent(new Date(t0 + day).toISOString())}&end=${encodeURIComponent(new Date(t0 + 2 * day).toISOString())}`,
      headers: { 'x-publishable-key': bPublishableKey },
    });
    expect(quote.statusCode, quote.body).toBe(404);
  });
});
