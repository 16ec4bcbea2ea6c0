import type { FastifyInstance } from 'fastify';
import { webhookAttempts, webhookMessages } from '../src/db/schema';
import { createMember, type TestApp } from './helpers';
import { multipartBody, PNG } from './multipart';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One object of every kind an operation can take an id of, created in one organization. */
export interface SweepFixtures {
  organizationId: string;
  subOrganizationId: string;
  memberId: string;
  memberEmail: string;
  apiKeyId: string;
  fileKey: string;
  sizeId: string;
  locationId: string;
  deviceId: string;
  deliveryDeviceId: string;
  serviceDeviceId: string;
  wallId: string;
  userId: string;
  groupId: string;
  priceId: string;
  promoId: string;
  membershipId: string;
  conditionId: string;
  productId: string;
  productGroupId: string;
  /** A storage transaction in progress. */
  eventId: string;
  /** A delivery created by the desk, awaiting its drop-off. */
  deliveryId: string;
  reservationId: string;
  reservationTracking: string;
  issueId: string;
  notificationId: string;
  reportId: string;
  webhookId: string;
  webhookDeliveryId: string;
  /** A screen paired to the location (not yet exchanged by a tablet). */
  kioskId: string;
  courierId: string;
}

/** `app.inject` as one caller; throws on a non-2xx answer with the body, for fixture set-up. */
export function caller(app: FastifyInstance, headers: Record<string, string>) {
  return async <T = { id: string }>(method: Method, path: string, payload?: unknown): Promise<T> => {
    const res = await app.inject({
      method,
      url: `/api/${path}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${path} → ${res.statusCode} ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  };
}

/**
 * Creates one object of every id-taking kind in the organization `admin` signs in to, through the
 * same API calls the console and kiosks make (a webhook delivery, which only a job makes, is written
 * to its tables). `slug` keeps names, e-mails and numbers apart between organizations.
 */
export async function createSweepFixtures(
  t: TestApp,
  admin: Record<string, string>,
  organizationId: string,
  subOrganizationId: string,
  slug: string,
): Promise<SweepFixtures> {
  const api = caller(t.app, admin);
  const member = await createMember(t, organizationId, {
    email: `viewer.${slug}@sweep.test`,
    role: 'viewer',
  });
  const apiKey = await api<{ id: string; key: string }>('POST', 'api-keys');
  const image = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    ...(() => {
      const body = multipartBody({}, [{ name: 'image', filename: 'x.png', data: PNG, type: 'image/png' }]);
      return { payload: body.payload, headers: { ...admin, ...body.headers } };
    })(),
  });
  if (image.statusCode >= 300) throw new Error(`images → ${image.statusCode} ${image.body}`);
  const fileKey = String(image.json().detail ?? '')
    .split('/')
    .pop()!;
  const size = await api('POST', 'sizes', { name: `S-${slug}`, width: 10, depth: 10, height: 10 });
  const location = await api('POST', 'locations', {
    name: `Sweep ${slug}`,
    address: '1 Sweep Road',
    contact_email: `desk.${slug}@sweep.test`,
    contact_phone: '+15551234567',
  });
  const price = await api('POST', 'prices', {
    name: `Hourly ${slug}`,
    price_type: 'pay_per_time',
    amount: 3,
    currency: 'usd',
    unit_amount: 1,
    unit: 'hour',
  });
  const condition = await api('POST', 'conditions', { name: `Good ${slug}` });
  const product = await api('POST', 'products', {
    name: `Kayak ${slug}`,
    sku: `SKU-${slug}`,
    serial_number: `SN-${slug}`,
    price: 10,
    id_condition: condition.id,
  });
  const productGroup = await api('POST', 'product-groups', {
    name: `Gear ${slug}`,
    one_to_one: false,
    id_size: size.id,
    products: [product.id],
  });
  const device = (n: number, mode: string) =>
    api('POST', 'devices', {
      name: `${slug}-${n}`,
      locker_number: n,
      mode,
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      id_size: size.id,
      id_price: mode === 'storage' ? price.id : null,
    });
  const storageDoor = await device(1, 'storage');
  const deliveryDoor = await device(2, 'delivery');
  const serviceDoor = await device(3, 'service');
  await device(4, 'storage');
  const wall = await api('POST', 'locker-walls', {
    id_location: location.id,
    name: `Wall ${slug}`,
    custom_id: `W-${slug}`,
    qty_wide: 2,
    qty_tall: 2,
  });
  await api('PATCH', `locker-walls/${wall.id}/doors`, { x: 1, y: 1, id_device: storageDoor.id });
  const user = await api('POST', 'users', {
    name: 'Ann',
    last_name: slug,
    email: `ann.${slug}@sweep.test`,
    phone_number: '+15555550123',
  });
  const group = await api('POST', 'groups', { name: `Group ${slug}` });
  await api('PATCH', `groups/${group.id}/assign-user`, { id_user: user.id });
  const promo = await api('POST', 'promos', {
    name: `Promo ${slug}`,
    code: `P${slug.toUpperCase()}`,
    discount_type: 'percentage',
    amount: 10,
    start_time: new Date(Date.now() - 86_400_000).toISOString(),
    end_time: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const membership = await api('POST', 'memberships', {
    name: `Plus ${slug}`,
    active: true,
    currency: 'usd',
    amount: 9.99,
    billing_type: 'recurring',
    billing_period: 'month',
    number_of_payments: 12,
    membership_type: 'percentage',
    value: 20,
    locations: [location.id],
    users: [user.id],
  });
  const started = await api<{ event: { id: string } }>('POST', 'events/storage', {
    id_device: storageDoor.id,
    id_user: user.id,
  });
  const delivery = await api<{ event: { id: string } }>('POST', 'event/delivery', {
    id_device: deliveryDoor.id,
    phone_number: '+15555550124',
  });
  const tracking = `TRK-${slug}`;
  const reservation = await api('POST', 'reservations', {
    mode: 'storage',
    tracking_number: tracking,
    id_location: location.id,
    id_size: size.id,
    id_user: user.id,
    start_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    end_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  const issue = await api('POST', `issues?id_event=${started.event.id}`, { description: 'Dirty locker' });
  const notification = await api<{ notification?: { id: string }; id?: string }>('POST', 'notifications', {
    name: `Welcome ${slug}`,
    mode: 'rental',
    notification_type: 'on_start',
    time_unit: 'immediately',
    email: true,
    message_email: 'Hello {{user_name}}',
  });
  const report = await api('POST', 'reports', {
    name: `Weekly ${slug}`,
    contents: ['earnings'],
    assign_to: [member.id],
    recurrence: 'weekly',
    weekday: 0,
    send_time: '09:00',
  });
  const webhook = await api('POST', 'webhooks', { url: 'https://hooks.sweep.test/in', events: ['on_start'] });
  const [message] = await t.database.db
    .insert(webhookMessages)
    .values({
      organizationId,
      endpointId: webhook.id,
      webhookId: `msg_${slug}`,
      eventType: 'on_start',
      payload: { type: 'on_start' },
      status: 'succeeded',
    })
    .returning();
  const [delivered] = await t.database.db
    .insert(webhookAttempts)
    .values({
      organizationId,
      endpointId: webhook.id,
      messageId: message!.id,
      attempt: 1,
      latencyMs: 5,
      succeeded: true,
      statusCode: 200,
    })
    .returning();
  const pairing = await api<{ kiosk: { id: string } }>('POST', 'kiosks/pairing', {
    id_location: location.id,
    name: `Lobby ${slug}`,
  });
  const courier = await api('POST', 'couriers', { name: `Courier ${slug}` });
  return {
    organizationId,
    subOrganizationId,
    memberId: member.id,
    memberEmail: member.email,
    apiKeyId: apiKey.id,
    fileKey,
    sizeId: size.id,
    locationId: location.id,
    deviceId: storageDoor.id,
    deliveryDeviceId: deliveryDoor.id,
    serviceDeviceId: serviceDoor.id,
    wallId: wall.id,
    userId: user.id,
    groupId: group.id,
    priceId: price.id,
    promoId: promo.id,
    membershipId: membership.id,
    conditionId: condition.id,
    productId: product.id,
    productGroupId: productGroup.id,
    eventId: started.event.id,
    deliveryId: delivery.event.id,
    reservationId: reservation.id,
    reservationTracking: tracking,
    issueId: issue.id,
    notificationId: notification.notification?.id ?? notification.id!,
    reportId: report.id,
    webhookId: webhook.id,
    webhookDeliveryId: delivered!.id,
    kioskId: pairing.kiosk.id,
    courierId: courier.id,
  };
}
