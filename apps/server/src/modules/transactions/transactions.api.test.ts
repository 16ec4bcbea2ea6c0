import { TRANSACTION_MESSAGES as M, MSG } from '@lockerops/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  insertHourlyPrice,
  insertLocation,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { type ChargeGateway, sandboxCharges } from '../../adapters/payments/charges';
import { loggedUrl } from '../../app';
import {
  conditions,
  devices,
  deviceUnlocks,
  domainEvents,
  mailOutbox,
  memberships,
  membershipUsers,
  prices,
  products,
  productTracking,
  promos,
  smsOutbox,
  transactionShares,
  transactions,
  users,
} from '../../db/schema';
import { createJobRunner } from '../../jobs';
import { deliveryExpiryJob } from '../../jobs/delivery-expiry';
import { expireDeliveries } from './service';

let t: TestApp;
/** The charge gateway of this file's app: the sandbox, unless a test makes charges pend. */
let chargesPend = false;
const testCharges: ChargeGateway = {
  kind: 'test',
  charge: async (req) =>
    chargesPend ? { status: 'pending', reference: 'ch_pending' } : sandboxCharges.charge(req),
  refund: sandboxCharges.refund,
};
let admin: Record<string, string>;
let key: Record<string, string>;
let orgId: string;
let locationId: string;
let hourPrice: string;
let weightPrice: string;
let userId: string;
let lockerNumber = 1;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { charges: testCharges });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  const k = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
  key = { 'x-api-key': k.json().key };
  const db = t.database.db;
  locationId = await insertLocation(db, orgId);
  hourPrice = await insertHourlyPrice(db, orgId);
  [{ id: weightPrice }] = await one(
    db
      .insert(prices)
      .values({
        organizationId: orgId,
        name: 'Per lb',
        priceType: 'pay_per_weight',
        amount: '2.50',
        unit: 'lb',
      })
      .returning(),
  );
  userId = await newUser('Ada', '+14155550100');
});
afterAll(() => t.close());

async function newUser(name: string, phone?: string, org = orgId): Promise<string> {
  const [u] = await t.database.db
    .insert(users)
    .values({
      organizationId: org,
      name,
      phoneNumber: phone,
      email: `${name.toLowerCase()}${Math.random()}@x.test`,
    })
    .returning();
  return u!.id;
}

async function newDevice(
  mode: 'storage' | 'rental' | 'service' | 'delivery' | 'vending',
  extra: Partial<typeof devices.$inferInsert> = {},
): Promise<string> {
  const [d] = await t.database.db
    .insert(devices)
    .values({
      organizationId: orgId,
      name: `${mode} ${lockerNumber}`,
      lockerNumber: lockerNumber++,
      mode,
      hardwareType: 'virtual',
      idLocation: locationId,
      ...extra,
    })
    .returning();
  return d!.id;
}

async function newProduct(salesPrice?: string): Promise<string> {
  const [p] = await t.database.db
    .insert(products)
    .values({ organizationId: orgId, name: `Kayak ${Math.random()}`, salesPrice })
    .returning();
  return p!.id;
}

const device = async (id: string) =>
  (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0]!;
const startedHoursAgo = (id: string, hours: number) =>
  t.database.db
    .update(transactions)
    .set({ startedAt: new Date(Date.now() - hours * 3600_000) })
    .where(eq(transactions.id, id));

const start = (mode: string, payload: object, headers: Record<string, string> = key) =>
  t.app.inject({ method: 'POST', url: `/api/events/${mode}`, headers, payload });
const patch = (url: string, payload: object, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/${url}`, headers, payload });
const post = (url: string, payload: object, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
const get = (url: string, headers: Record<string, string> = admin) =>
  t.app.inject({ url: `/api/${url}`, headers });

async function lastSms(to: string): Promise<string> {
  const [m] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return m?.body ?? '';
}
const codeIn = (text: string) => /code: (\d{6})/.exec(text)?.[1];
/** Texts of the mails to `to`, newest first. */
async function mailsTo(to: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.map((m) => m.text);
}

async function eventsOf(id: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ name: domainEvents.name })
    .from(domainEvents)
    .where(eq(domainEvents.subjectId, id))
    .orderBy(domainEvents.createdAt);
  return rows.map((r) => r.name);
}

describe('storage life cycle (partner API)', () => {
  it('starts on an available door, opens it, holds it, and the pickup charges the elapsed time', async () => {
    const dev = await newDevice('storage', { idPrice: hourPrice });
    const res = await start('storage', { id_device: dev, id_user: userId });
    expect(res.statusCode).toBe(200);
    const ev = res.json().event;
    expect(ev).toMatchObject({ event_type: 'storage', event_status: 'in_progress', total: 0 });
    expect(ev.invoice_id).toMatch(/^INV-\d{6}$/);
    expect(ev.order_id).toMatch(/^ORD-\d{6}$/);
    expect(ev.actions).toContain('end');
    expect(await device(dev)).toMatchObject({ status: 'reserved', lockStatus: 'open' });

    await startedHoursAgo(ev.id, 2);
    const pick = await post(`events/${ev.id}/pickup`, {}, key);
    expect(pick.statusCode).toBe(200);
    expect(pick.json()).toMatchObject({
      detail: M.pickup,
      event: { event_status: 'finished', total: 10, subtotal: 10 },
    });
    expect(pick.json().event.total_time).toBeGreaterThanOrEqual(7200);
    expect((await device(dev)).status).toBe('available');
    expect(await eventsOf(ev.id)).toEqual(['on_start', 'on_complete']);

    const logs = (await get(`event-logs/${ev.id}`)).json().items;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['start', 'user_pickup']);
    expect(logs[1]).toMatchObject({
      status_before: 'in_progress',
      status_after: 'finished',
      actor_name: 'API key',
    });
  });

  it('refuses a door that is not available, of another mode, or an unknown user', async () => {
    const dev = await newDevice('storage');
    expect((await start('storage', { id_device: dev, id_user: userId })).statusCode).toBe(200);
    const again = await start('storage', { id_device: dev, id_user: userId });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(M.deviceUnavailable);
    const svc = await newDevice('service');
    const wrong = await start('storage', { id_device: svc, id_user: userId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(M.deviceWrongMode('storage'));
    const nobody = await start('storage', {
      id_device: await newDevice('storage'),
      id_user: crypto.randomUUID(),
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('a reserved door starts only for the reserving user', async () => {
    const dev = await newDevice('storage');
    const owner = await newUser('Rita');
    const other = await newUser('Otto');
    const reserved = await post('reservations', {
      mode: 'storage',
      tracking_number: 'RITA-1',
      id_device: dev,
      id_location: locationId,
      id_user: owner,
      start_date: new Date(Date.now() - 60_000).toISOString(),
      end_date: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(reserved.statusCode).toBe(200);
    const refused = await start('storage', { id_device: dev, id_user: other });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This locker is reserved for another user.');
    expect((await start('storage', { id_device: dev, id_user: owner })).statusCode).toBe(200);
  });

  it('two starts on one door at once: exactly one wins, and only its unlock reaches the lock', async () => {
    const dev = await newDevice('storage');
    const other = await newUser('Grace');
    const [a, b] = await Promise.all([
      start('storage', { id_device: dev, id_user: userId }),
      start('storage', { id_device: dev, id_user: other }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const held = await t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.idDevice, dev), eq(transactions.deviceHeld, true)));
    expect(held).toHaveLength(1);
    // the loser was refused before any door moved: one unlock in the door's timeline
    const unlocks = await t.database.db.select().from(deviceUnlocks).where(eq(deviceUnlocks.idDevice, dev));
    expect(unlocks.map((u) => u.state)).toEqual(['opened']);
    // the hold ended with the step: the door's next start (after the pickup) is not refused
    const id = (a.statusCode === 200 ? a : b).json().event.id as string;
    expect((await post(`events/${id}/pickup`, {}, key)).statusCode).toBe(200);
    expect((await start('storage', { id_device: dev, id_user: other })).statusCode).toBe(200);
  });
});

describe('charge amounts: time, promo, membership', () => {
  it('applies a valid promo code (percentage) and refuses an invalid one', async () => {
    await t.database.db.insert(promos).values({
      organizationId: orgId,
      name: 'Ten',
      code: 'TEN',
      discountType: 'percentage',
      amount: '10',
      startTime: new Date(Date.now() - 86400_000),
      endTime: new Date(Date.now() + 86400_000),
    });
    const dev = await newDevice('storage', { idPrice: hourPrice });
    const bad = await start('storage', { id_device: dev, id_user: userId, promo_code: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(M.invalidPromo);
    const ev = (await start('storage', { id_device: dev, id_user: userId, promo_code: 'ten' })).json().event;
    expect(ev.promo).toMatchObject({ code: 'TEN' });
    await startedHoursAgo(ev.id, 3);
    const done = (await post(`events/${ev.id}/pickup`, {}, key)).json().event;
    expect(done).toMatchObject({ subtotal: 15, discount: 1.5, total: 13.5 });
  });

  it("takes the user's membership: limited gives free transactions, then full price", async () => {
    const member = await newUser('Linus');
    const [m] = await t.database.db
      .insert(memberships)
      .values({
        organizationId: orgId,
        name: 'Two free',
        amount: '20.00',
        billingType: 'one_time',
        membershipType: 'limited',
        value: '1',
      })
      .returning();
    await t.database.db
      .insert(membershipUsers)
      .values({ organizationId: orgId, membershipId: m!.id, userId: member });
    const dev = await newDevice('storage', { idPrice: hourPrice });
    const first = (await start('storage', { id_device: dev, id_user: member })).json().event;
    await startedHoursAgo(first.id, 1);
    const a = (await post(`events/${first.id}/pickup`, {}, key)).json().event;
    expect(a).toMatchObject({ subtotal: 5, discount: 5, total: 0, membership: { name: 'Two free' } });
    const second = (await start('storage', { id_device: dev, id_user: member })).json().event;
    await startedHoursAgo(second.id, 1);
    const b = (await post(`events/${second.id}/pickup`, {}, key)).json().event;
    expect(b).toMatchObject({ total: 5, membership: null });
  });
});

describe('rental life cycle', () => {
  it('takes the product out and returns it in a condition with its effects', async () => {
    const product = await newProduct();
    const dev = await newDevice('rental', { idProduct: product, idPrice: hourPrice });
    const [cond] = await t.database.db
      .insert(conditions)
      .values({ organizationId: orgId, name: 'Broken', autoMaintenance: true })
      .returning();
    const ev = (await start('rental', { id_device: dev, id_user: userId })).json().event;
    expect(ev).toMatchObject({ event_status: 'in_progress', product: { id: product } });
    expect(await post(`events/${ev.id}/pickup`, {}, key).then((r) => r.statusCode)).toBe(409);
    await startedHoursAgo(ev.id, 4);
    const back = await post(`events/${ev.id}/return`, { id_device: dev, id_condition: cond!.id }, key);
    expect(back.statusCode).toBe(200);
    expect(back.json().event).toMatchObject({
      event_status: 'finished',
      total: 20,
      condition: { name: 'Broken' },
    });
    expect((await device(dev)).status).toBe('maintenance');
    const tracks = await t.database.db
      .select({ state: productTracking.state })
      .from(productTracking)
      .where(eq(productTracking.idProduct, product))
      .orderBy(productTracking.seq);
    expect(tracks.map((r) => r.state)).toEqual(['outgoing', 'incoming', 'maintenance']);
  });

  it('refuses a rental door without a product', async () => {
    const res = await start('rental', { id_device: await newDevice('rental'), id_user: userId });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(M.deviceNoProduct);
  });
});

describe('service life cycle', () => {
  it('drop-off → pickup → charge by weight → dropoff → user pickup', async () => {
    const dev = await newDevice('service', { idPrice: weightPrice });
    const back = await newDevice('service');
    const ev = (await start('service', { id_device: dev, id_user: userId })).json().event;
    expect(ev.event_status).toBe('awaiting_service_pickup');

    const early = await patch(`events/${ev.id}/service`, { step: 'charge', weight: 2 });
    expect(early.statusCode).toBe(409);

    const p = await patch(`events/${ev.id}/service`, { step: 'pickup' });
    expect(p.json()).toMatchObject({ detail: M.pickup, event: { event_status: 'in_progress' } });
    expect((await device(dev)).status).toBe('available');

    const c = await patch(`events/${ev.id}/service`, { step: 'charge', weight: 3.2 });
    expect(c.json()).toMatchObject({
      detail: M.charged,
      event: { event_status: 'awaiting_service_dropoff', total: 8, weight: 3.2 },
    });

    const d = await patch(`events/${ev.id}/service`, { step: 'dropoff', id_device: back });
    expect(d.json()).toMatchObject({ detail: M.dropoff, event: { event_status: 'awaiting_user_pickup' } });
    expect((await device(back)).status).toBe('reserved');

    const u = await post(`events/${ev.id}/pickup`, {}, key);
    expect(u.json().event).toMatchObject({ event_status: 'finished', total: 8 });
    expect((await device(back)).status).toBe('available');
    expect(await eventsOf(ev.id)).toEqual([
      'on_start',
      'on_service_pickup',
      'on_service_charge',
      'on_service_dropoff',
      'on_complete',
    ]);
  });

  it('a charge without weight counts as 1', async () => {
    const dev = await newDevice('service', { idPrice: weightPrice });
    const ev = (await start('service', { id_device: dev, id_user: userId })).json().event;
    await patch(`events/${ev.id}/service`, { step: 'pickup' });
    const c = await patch(`events/${ev.id}/service`, { step: 'charge' });
    expect(c.json().event.total).toBe(2.5);
  });
});

describe('delivery life cycle', () => {
  const phone = '+14155550199';

  it('create → courier drop-off (code by SMS) → resend → pickup with the code', async () => {
    const dev = await newDevice('delivery');
    const none = await post('event/delivery', { id_device: dev });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(M.phoneOrEmail);

    const created = await post('event/delivery', { id_device: dev, phone_number: '1 415 555 0199' });
    expect(created.statusCode).toBe(200);
    const ev = created.json().event;
    expect(ev).toMatchObject({ event_type: 'delivery', event_status: 'in_progress', phone_number: phone });
    expect(ev.courier_pin_code).toMatch(/^\d{6}$/);
    expect((await device(dev)).status).toBe('reserved');

    expect((await post(`events/${ev.id}/resend-code`, {})).statusCode).toBe(409);
    const wrongCourier = await post(`delivery/${ev.id}/dropoff`, { courier_pin_code: '000000x' }, key);
    expect(wrongCourier.statusCode).toBe(409);

    const drop = await post(`delivery/${ev.id}/dropoff`, { courier_pin_code: ev.courier_pin_code }, key);
    expect(drop.statusCode).toBe(200);
    expect(drop.json().event).toMatchObject({
      event_status: 'awaiting_user_pickup',
      notification_status: 'sent',
    });
    expect(drop.json().event.expires_at).not.toBeNull();
    const code = codeIn(await lastSms(phone));
    expect(code).toMatch(/^\d{6}$/);

    const resend = await post(`events/${ev.id}/resend-code`, {});
    expect(resend.statusCode).toBe(200);
    expect(codeIn(await lastSms(phone))).toBe(code);

    const noCode = await post(`events/${ev.id}/pickup`, {}, key);
    expect(noCode.statusCode).toBe(400);
    const wrong = await post(
      `events/${ev.id}/pickup`,
      { code: code === '111111' ? '222222' : '111111' },
      key,
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toBe(M.wrongCode);
    const ok = await post(`events/${ev.id}/pickup`, { code }, key);
    expect(ok.json().event).toMatchObject({ event_status: 'finished' });
    expect((await device(dev)).status).toBe('available');
    const logs = (await get(`event-logs/${ev.id}`)).json().items.map((l: { action: string }) => l.action);
    expect(logs).toEqual(['create_delivery', 'courier_dropoff', 'resend_code', 'wrong_code', 'user_pickup']);
  });

  it('resends the code by the channel the operator chooses', async () => {
    const dev = await newDevice('delivery');
    const both = (
      await post('event/delivery', {
        id_device: dev,
        phone_number: '+14155550166',
        email: 'Cleo@Example.com',
      })
    ).json().event;
    const drop = await post(`delivery/${both.id}/dropoff`, { courier_pin_code: both.courier_pin_code }, key);
    expect(drop.statusCode).toBe(200);
    const code = codeIn(await lastSms('+14155550166'));
    const mailsBefore = (await mailsTo('cleo@example.com')).length;
    const byMail = await post(`events/${both.id}/resend-code`, { via: 'email' });
    expect(byMail.statusCode).toBe(200);
    const mails = await mailsTo('cleo@example.com');
    expect(mails.length).toBe(mailsBefore + 1);
    expect(codeIn(mails[0]!)).toBe(code);
    const bySms = await post(`events/${both.id}/resend-code`, { via: 'sms' });
    expect(bySms.statusCode).toBe(200);
    expect((await mailsTo('cleo@example.com')).length).toBe(mailsBefore + 1);
    expect(codeIn(await lastSms('+14155550166'))).toBe(code);

    const dev2 = await newDevice('delivery');
    const phoneOnly = (await post('event/delivery', { id_device: dev2, phone_number: '+14155550167' })).json()
      .event;
    await post(`delivery/${phoneOnly.id}/dropoff`, { courier_pin_code: phoneOnly.courier_pin_code }, key);
    const noMail = await post(`events/${phoneOnly.id}/resend-code`, { via: 'email' });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().detail).toBe(M.emailMissing);
    const bad = await post(`events/${phoneOnly.id}/resend-code`, { via: 'pigeon' });
    expect(bad.statusCode).toBe(400);
  });

  it('complete from the console into another door; without a door it is a non-locker delivery', async () => {
    const planned = await newDevice('delivery');
    const actual = await newDevice('delivery');
    const ev = (await post('event/delivery', { id_device: planned, email: 'Bob@Example.com' })).json().event;
    expect(ev.email).toBe('bob@example.com');
    const done = await patch(`delivery/${ev.id}/complete`, { id_device: actual });
    expect(done.statusCode).toBe(200);
    expect(done.json().event).toMatchObject({ event_status: 'awaiting_user_pickup', device: { id: actual } });
    expect((await device(planned)).status).toBe('available');
    expect((await device(actual)).status).toBe('reserved');

    const desk = (await post('event/delivery', { phone_number: '+14155550123' })).json().event;
    expect(desk).toMatchObject({ event_status: 'awaiting_user_pickup', device: null });
    expect(await eventsOf(desk.id)).toEqual(['non_locker_delivery']);
    expect(codeIn(await lastSms('+14155550123'))).toMatch(/^\d{6}$/);
  });

  it('a delivery is filed under the customer picked, at the desk location chosen', async () => {
    const other = await newUser('Owner Of The Phone', '+14155550141');
    const picked = await newUser('Picked Customer', '+14155550142');
    // the typed phone belongs to another customer: the pick wins
    const ev = (
      await post('event/delivery', { id_user: picked, phone_number: '+14155550141', id_location: locationId })
    ).json().event;
    expect(ev).toMatchObject({
      user: { id: picked },
      phone_number: '+14155550141',
      location: { id: locationId },
    });
    expect(ev.user.id).not.toBe(other);
    // without a typed contact, the customer's own phone is used
    const own = (await post('event/delivery', { id_user: picked })).json().event;
    expect(own).toMatchObject({ user: { id: picked }, phone_number: '+14155550142' });
    // another organization's (or no) location and user answer 404
    const missing = '00000000-0000-4000-8000-000000000999';
    expect((await post('event/delivery', { id_user: missing })).statusCode).toBe(404);
    const badPlace = await post('event/delivery', { id_user: picked, id_location: missing });
    expect(badPlace.statusCode).toBe(404);
    expect(badPlace.json().detail).toBe(M.locationNotFound);
    expect((await post('event/delivery', {})).json().detail).toBe(M.phoneOrEmail);
  });

  it('a parcel waiting at the desk goes into a locker: the door opens, a new code goes out', async () => {
    const desk = (await post('event/delivery', { phone_number: '+14155550124' })).json().event;
    expect(desk.actions).toContain('complete');
    const firstCode = codeIn(await lastSms('+14155550124'));
    const dev = await newDevice('delivery');
    const done = await patch(`delivery/${desk.id}/complete`, { id_device: dev });
    expect(done.statusCode).toBe(200);
    expect(done.json().event).toMatchObject({
      id: desk.id,
      event_status: 'awaiting_user_pickup',
      device: { id: dev },
      total: desk.total,
    });
    expect(done.json().event.actions).not.toContain('complete');
    expect((await device(dev)).status).toBe('reserved');
    const secondCode = codeIn(await lastSms('+14155550124'));
    expect(secondCode).toMatch(/^\d{6}$/);
    expect(secondCode).not.toBe(firstCode);
    // once in a locker, it cannot be "placed" again
    expect((await patch(`delivery/${desk.id}/complete`, { id_device: dev })).statusCode).toBe(409);
  });

  it('the expiry job marks uncollected deliveries expired (called directly)', async () => {
    const dev = await newDevice('delivery');
    const ev = (await post('event/delivery', { id_device: dev, phone_number: phone })).json().event;
    await patch(`delivery/${ev.id}/complete`, { id_device: dev });
    await t.database.db
      .update(transactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(transactions.id, ev.id));
    const n = await t.database.db.transaction((tx) => expireDeliveries({ tx, now: new Date() }));
    expect(n).toBeGreaterThanOrEqual(1);
    const after = (await get(`events/${ev.id}`)).json();
    expect(after.event_status).toBe('expired');
    expect(after.actions).toContain('end');
    expect(await eventsOf(ev.id)).toEqual(['on_start', 'on_expired']);
    expect((await get(`event-logs/${ev.id}`)).json().items.at(-1)).toMatchObject({
      action: 'expire',
      actor_type: 'system',
    });
    // a second run finds nothing more to do for it
    expect(await t.database.db.transaction((tx) => expireDeliveries({ tx, now: new Date() }))).toBe(0);
    // the operator ends it, freeing the door
    const end = await patch('events', { ids: [ev.id] });
    expect(end.json().items[0].event_status).toBe('finished');
    expect((await device(dev)).status).toBe('available');
  });

  it('the expiry job runs through the job runner', async () => {
    const dev = await newDevice('delivery');
    const ev = (await post('event/delivery', { id_device: dev, phone_number: phone })).json().event;
    await patch(`delivery/${ev.id}/complete`, { id_device: dev });
    await t.database.db
      .update(transactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(transactions.id, ev.id));
    const pool = t.database.pool as unknown as { options: { connectionString: string } } | undefined;
    const runner = createJobRunner({
      database: t.database,
      databaseUrl: pool?.options.connectionString,
      log: t.app.log,
      jobs: [deliveryExpiryJob],
      pollingIntervalSeconds: 0.5,
    });
    await runner.start();
    try {
      expect(await runner.runNow(deliveryExpiryJob.name)).toBe('completed');
    } finally {
      await runner.stop();
    }
    expect((await get(`events/${ev.id}`)).json().event_status).toBe('expired');
  }, 60_000);
});

describe('vending', () => {
  it('a purchase is charged the sales price and finished at once', async () => {
    const product = await newProduct('3.75');
    const dev = await newDevice('vending', { idProduct: product });
    const res = await start('vending', { id_device: dev, id_user: userId });
    expect(res.json().event).toMatchObject({ event_status: 'finished', total: 3.75 });
    expect(await device(dev)).toMatchObject({ status: 'available', idProduct: null });
    expect(await eventsOf(res.json().event.id)).toEqual(['on_complete']);
  });
});

async function finishedStorage(hours = 2): Promise<string> {
  const dev = await newDevice('storage', { idPrice: hourPrice });
  const ev = (await start('storage', { id_device: dev, id_user: userId })).json().event;
  await startedHoursAgo(ev.id, hours);
  await post(`events/${ev.id}/pickup`, {}, key);
  return ev.id;
}

describe('operator actions', () => {
  it('refund: only when finished, never above the paid amount', async () => {
    const dev = await newDevice('storage', { idPrice: hourPrice });
    const running = (await start('storage', { id_device: dev, id_user: userId })).json().event;
    expect((await patch(`events/${running.id}/refund`, { amount: 1 })).statusCode).toBe(409);

    const id = await finishedStorage(2);
    const tooMuch = await patch(`events/${id}/refund`, { amount: 10.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toBe(M.refundTooHigh);
    const ok = await patch(`events/${id}/refund`, { amount: '4.5' });
    expect(ok.json()).toMatchObject({
      detail: M.refunded,
      event: { event_status: 'refunded', refunded_amount: 4.5 },
    });
    expect((await patch(`events/${id}/refund`, { amount: 1 })).statusCode).toBe(409);
  });

  it('penalize: after the end, with a reason; a penalty adds to the refundable amount', async () => {
    const dev = await newDevice('storage', { idPrice: hourPrice });
    const running = (await start('storage', { id_device: dev, id_user: userId })).json().event;
    expect((await patch(`events/${running.id}/penalize`, { amount: 5, reason: 'other' })).statusCode).toBe(
      409,
    );

    const id = await finishedStorage(1);
    const noReason = await patch(`events/${id}/penalize`, { amount: 5 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe(M.penaltyReasonRequired);
    const ok = await patch(`events/${id}/penalize`, { amount: 7.25, reason: 'damaged_items' });
    expect(ok.json()).toMatchObject({
      detail: M.penalized,
      event: { penalize_charge: 7.25, penalize_reason: 'damaged_items', event_status: 'finished' },
    });
    expect((await patch(`events/${id}/refund`, { amount: 12.25 })).statusCode).toBe(200);
  });

  it('end many: all or nothing, the end date between start and now, charged to the end date', async () => {
    const devA = await newDevice('storage', { idPrice: hourPrice });
    const a = (await start('storage', { id_device: devA, id_user: userId })).json().event;
    await startedHoursAgo(a.id, 5);
    const done = await finishedStorage(1);

    const mixed = await patch('events', { ids: [a.id, done] });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().detail).toBe(M.alreadyEnded);
    expect((await get(`events/${a.id}`)).json().event_status).toBe('in_progress');

    const before = await patch('events', {
      ids: [a.id],
      ended_at: new Date(Date.now() - 6 * 3600_000).toISOString(),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().detail).toBe(M.endDateRange);
    const future = await patch('events', {
      ids: [a.id],
      ended_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);

    const at = new Date(Date.now() - 2 * 3600_000).toISOString();
    const ok = await patch('events', { ids: [a.id], ended_at: at });
    expect(ok.json()).toMatchObject({ detail: M.ended, items: [{ event_status: 'finished', total: 15 }] });
    expect((await device(devA)).status).toBe('available');
  });

  it('cancel while under way; not after the end', async () => {
    const dev = await newDevice('storage');
    const ev = (await start('storage', { id_device: dev, id_user: userId })).json().event;
    const c = await patch(`events/${ev.id}/cancel`, {});
    expect(c.json().event).toMatchObject({ event_status: 'canceled' });
    expect(c.json().event.canceled_by).toBeTruthy();
    expect((await device(dev)).status).toBe('available');
    expect((await patch(`events/${ev.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('service steps refused outside their states; dropoff refused for deliveries', async () => {
    const id = await finishedStorage(1);
    const charge = await patch(`events/${id}/service`, { step: 'charge', weight: 1 });
    expect(charge.statusCode).toBe(409);
    expect(charge.json().detail).toContain('cannot be charged');
    const ev = (
      await post('event/delivery', { id_device: await newDevice('delivery'), phone_number: '+14155550111' })
    ).json().event;
    const d = await patch(`events/${ev.id}/service`, {
      step: 'dropoff',
      id_device: await newDevice('delivery'),
    });
    expect(d.statusCode).toBe(409);
  });

  it('two refunds of one transaction at once: one succeeds', async () => {
    const id = await finishedStorage(2);
    const [a, b] = await Promise.all([
      patch(`events/${id}/refund`, { amount: 10 }),
      patch(`events/${id}/refund`, { amount: 10 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const logs = (await get(`event-logs/${id}`))
      .json()
      .items.filter((l: { action: string }) => l.action === 'refund');
    expect(logs).toHaveLength(1);
  });

  it('a pending payment holds the transaction until it is confirmed', async () => {
    chargesPend = true;
    try {
      const dev = await newDevice('storage', { idPrice: hourPrice });
      const ev = (await start('storage', { id_device: dev, id_user: userId })).json().event;
      await startedHoursAgo(ev.id, 1);
      const p = (await post(`events/${ev.id}/pickup`, {}, key)).json().event;
      expect(p).toMatchObject({
        event_status: 'awaiting_payment_confirmation',
        payment_status: 'pending',
        total: 5,
      });
      expect((await patch(`events/${ev.id}/refund`, { amount: 1 })).statusCode).toBe(409);
      // the pickup's on_complete waits for the payment
      expect(await eventsOf(ev.id)).toEqual(['on_start']);
      const c = await post(`events/${ev.id}/payment`, { status: 'succeeded' }, key);
      expect(c.json().event).toMatchObject({ event_status: 'finished', payment_status: 'succeeded' });
      expect(await eventsOf(ev.id)).toEqual(['on_start', 'on_complete']);
    } finally {
      chargesPend = false;
    }
  });
});

describe('lists, lookups, sharing', () => {
  it('filters by type, status and location, looks an invoice up, searches', async () => {
    const all = (await get('events')).json();
    expect(all.page_size).toBe(50);
    expect(all.total).toBeGreaterThan(5);
    const storage = (await get('events?by_type=storage&status=finished')).json();
    expect(
      storage.items.every(
        (e: { event_type: string; event_status: string }) =>
          e.event_type === 'storage' && e.event_status === 'finished',
      ),
    ).toBe(true);
    const inv = all.items[0].invoice_id;
    const one = (await get(`events?key=invoice_id&value=${inv.toLowerCase()}`)).json();
    expect(one.items).toHaveLength(1);
    expect((await get(`events?invoice_id=${all.items[0].order_id}`)).json().total).toBe(1);
    expect((await get(`events?id_location=${locationId}&search=ada`)).json().total).toBeGreaterThan(0);
    expect((await get(`events?id_location=${crypto.randomUUID()}`)).json().total).toBe(0);
    // what a door holds: its transactions only (the locker wall's door dialog)
    const withDoor = all.items.find((e: { device: { id: string } | null }) => e.device);
    const ofDoor = (await get(`events?id_device=${withDoor.device.id}&size=100`)).json();
    expect(ofDoor.total).toBeGreaterThan(0);
    expect(ofDoor.total).toBeLessThan(all.total);
    expect(
      ofDoor.items.every((e: { device: { id: string } | null }) => e.device?.id === withDoor.device.id),
    ).toBe(true);
    expect((await get(`events?id_device=${crypto.randomUUID()}`)).json().total).toBe(0);
    expect((await get('events?id_device=not-a-uuid')).statusCode).toBe(400);
    const statuses = (await get('events/statuses')).json().items.map((s: { value: string }) => s.value);
    expect(statuses).toContain('awaiting_payment_confirmation');
    const csv = await get('events/export?by_type=storage');
    expect(csv.headers['content-disposition']).toContain('event_export.csv');
    expect(csv.body.split('\n')[0]).toContain('invoice_id');
  });

  it("events_by_user answers the user's rows newest first", async () => {
    const res = (await get(`events_by_user/${userId}`)).json();
    expect(res.items.length).toBeGreaterThan(3);
    expect(res.items[0]).toHaveProperty('locker_number');
    const times = res.items.map((r: { started: string }) => r.started);
    expect([...times].sort().reverse()).toEqual(times);
    const active = (await get(`events_by_user/${userId}?active=true`)).json().items;
    expect(active.length).toBeLessThan(res.items.length);
  });

  it('shares a public link by SMS; the public view has no personal data', async () => {
    const id = await finishedStorage(1);
    const s = await post(`events/${id}/share`, { phone_number: '+14155550177' });
    expect(s.json().detail).toBe(M.shared);
    const link = /\/api\/event\/[^\s]+/.exec(await lastSms('+14155550177'))![0];
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect(link).toBe(`/api/event/${id}/public?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const pub = await t.app.inject({ url: link });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ event_status: 'finished', total: 5, location: 'Market St' });
    expect(pub.body).not.toContain('Ada');
    expect((await post(`events/${id}/share`, {})).json().detail).toBe(M.phoneOrEmail);
  });

  it('the public view needs the token of a sent link: the bare id answers 404 (finding 12)', async () => {
    const id = await finishedStorage(1);
    const other = await finishedStorage(1);
    const tokenOf = async (transactionId: string, phone: string) => {
      expect((await post(`events/${transactionId}/share`, { phone_number: phone })).statusCode).toBe(200);
      return new URL(/https?:\/\/\S+/.exec(await lastSms(phone))![0]).searchParams.get('token')!;
    };
    const first = await tokenOf(id, '+14155550178');
    const second = await tokenOf(id, '+14155550179');
    const others = await tokenOf(other, '+14155550180');
    const view = (transactionId: string, query = '') =>
      t.app.inject({ url: `/api/event/${transactionId}/public${query}` });
    for (const res of [
      await view(id),
      await view(id, '?token='),
      await view(id, `?token=${first.slice(0, -1)}x`),
      await view(id, `?token=${others}`),
      await view(crypto.randomUUID(), `?token=${first}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(M.notFound);
    }
    // every link sent keeps working
    expect((await view(id, `?token=${first}`)).statusCode).toBe(200);
    expect((await view(id, `?token=${second}`)).statusCode).toBe(200);
    expect((await view(other, `?token=${others}`)).json().id).toBe(other);
    // stored only as a hash; never in the history log or the audit
    const stored = await t.database.db
      .select()
      .from(transactionShares)
      .where(eq(transactionShares.transactionId, id));
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(first);
    const logs = (await get(`event-logs/${id}`)).body;
    expect(logs).not.toContain(first);
    expect(loggedUrl(`/api/event/${id}/public?token=${first}&x=1`)).toBe(
      `/api/event/${id}/public?token=[redacted]&x=1`,
    );
  });
});

describe('roles and tenancy', () => {
  it('members cannot take operator actions; viewers read', async () => {
    await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
    await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
    const member = bearer(await signIn(t.app, 'member@demo-org.test'));
    const viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
    const id = await finishedStorage(1);
    const r = await patch(`events/${id}/refund`, { amount: 1 }, member);
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toBe(MSG.forbidden);
    expect((await patch('events', { ids: [id] }, member)).statusCode).toBe(403);
    expect((await get('events', viewer)).statusCode).toBe(200);
    expect((await post('event/delivery', { phone_number: '+14155550100' }, viewer)).statusCode).toBe(403);
  });

  it("another organization's ids answer 404", async () => {
    const other = await createOrganization(t, 'Other Org');
    await createMember(t, other.id, { email: 'admin@other.test' });
    const otherAdmin = bearer(await signIn(t.app, 'admin@other.test', undefined, 'other-org.localhost'));
    const id = await finishedStorage(1);
    expect((await get(`events/${id}`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`event-logs/${id}`, otherAdmin)).statusCode).toBe(404);
    expect((await patch(`events/${id}/refund`, { amount: 1 }, otherAdmin)).statusCode).toBe(404);
    expect((await patch('events', { ids: [id] }, otherAdmin)).statusCode).toBe(404);
    expect((await get('events', otherAdmin)).json().total).toBe(0);
    const dev = await newDevice('storage');
    const foreignUser = await newUser('Zed', undefined, other.id);
    expect((await start('storage', { id_device: dev, id_user: userId }, otherAdmin)).statusCode).toBe(404);
    expect((await start('storage', { id_device: dev, id_user: foreignUser })).statusCode).toBe(404);
    const count = await t.database.db.execute(sql`select 1`);
    expect(count).toBeTruthy();
  });
});

describe('export', () => {
  it('streams event_export.csv with the count, and only the selected ids when given', async () => {
    const a = await finishedStorage(1);
    const b = await finishedStorage(1);
    const all = await get('events/export');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toBe('attachment; filename="event_export.csv"');
    const total = Number(all.headers['x-export-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(all.body.trim().split('\n')).toHaveLength(total + 1);
    const sel = await get(`events/export?ids=${a},${b}`);
    expect(sel.headers['x-export-count']).toBe('2');
    const lines = sel.body.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('invoice_id');
  });
});
