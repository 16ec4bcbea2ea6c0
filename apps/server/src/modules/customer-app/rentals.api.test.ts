import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { multipartBody, PNG } from '../../../test/multipart';
import { lastWidgetCode } from '../../../test/widget';
import { createLockAdapter, createVirtualDriver } from '../../adapters/locks';
import {
  conditions,
  devices,
  locations,
  organizations,
  prices,
  products,
  sizes,
  toolboxSettings,
  transactionLogs,
  transactions,
  users,
} from '../../db/schema';

/*
 * The Lite App's rentals, reservations and door holds (README "Lite App"): each switch of the
 * customizer enforced by the server, the partner API's own steps underneath ("Lite App" in the
 * history), one customer never reaching another's rentals, photos or reservations, and a door
 * held for a payment free again once its 5 minutes are up (the app's clock, moved by the test).
 */

let t: TestApp;
let orgId: string;
let loc: string;
let held: string;
let conditionId: string;
const rentalDoors: string[] = [];
let clock = new Date('2027-03-01T15:00:00Z');
const base = '/api/customer/demo-org';

/** Saves the Lite App customizer's switches (sign-in by e-mail). */
async function liteApp(settings: Record<string, boolean>) {
  const liteApp = { sign_in_method: 'email', ...settings };
  await t.database.db
    .insert(toolboxSettings)
    .values({ organizationId: orgId, liteApp })
    .onConflictDoUpdate({ target: toolboxSettings.organizationId, set: { liteApp } });
}

beforeAll(async () => {
  const virtual = createVirtualDriver();
  t = await createTestApp(
    { WIDGET_RATE_LIMIT: '1000' },
    undefined,
    {
      // a lock that takes a moment to open, as a real one does: requests overlap while it works
      locks: createLockAdapter({
        drivers: {
          virtual: {
            ...virtual,
            unlock: async (target) => {
              await new Promise((r) => setTimeout(r, 100));
              return virtual.unlock(target);
            },
          },
        },
      }),
    },
    () => clock,
  );
  orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  await db
    .update(organizations)
    .set({ liteAppEnabled: true, storageMode: true, rentalMode: true })
    .where(eq(organizations.id, orgId));
  await liteApp({});
  const [l] = await db
    .insert(locations)
    .values({ organizationId: orgId, name: 'Rent Pier', timeZone: 'Asia/Tokyo' })
    .returning();
  loc = l!.id;
  const [s] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'RentBox', width: '10', depth: '10', height: '10' })
    .returning();
  const [h] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'HoldBox', width: '30', depth: '30', height: '30' })
    .returning();
  held = h!.id;
  const [c] = await db.insert(conditions).values({ organizationId: orgId, name: 'Scratched' }).returning();
  conditionId = c!.id;
  for (const n of [1, 2, 3]) {
    const [p] = await db
      .insert(products)
      .values({ organizationId: orgId, name: `Drill ${n}`, description: 'Cordless' })
      .returning();
    const [d] = await db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: `Rent ${n}`,
        lockerNumber: 700 + n,
        mode: 'rental',
        hardwareType: 'virtual',
        idLocation: loc,
        idSize: s!.id,
        idProduct: p!.id,
      })
      .returning();
    rentalDoors.push(d!.id);
  }
  const [price] = await db
    .insert(prices)
    .values({
      organizationId: orgId,
      name: 'Hold hourly',
      priceType: 'pay_per_time',
      amount: '3.00',
      currency: 'usd',
      unitAmount: 1,
      unit: 'hour',
    })
    .returning();
  await db.insert(devices).values({
    organizationId: orgId,
    name: 'Hold 1',
    lockerNumber: 801,
    mode: 'storage',
    hardwareType: 'virtual',
    idLocation: loc,
    idSize: held,
    idPrice: price!.id,
  });
});
afterAll(() => t.close());

/** Signs `email` in from `address`; answers the session cookie header. */
async function signInAs(email: string, address: string): Promise<string> {
  const asked = await t.app.inject({
    method: 'POST',
    url: `${base}/code`,
    remoteAddress: address,
    payload: { email },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const code = await lastWidgetCode(t, { email });
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/session`,
    remoteAddress: address,
    payload: { email, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `lockerops_customer=${res.cookies.find((k) => k.name === 'lockerops_customer')!.value}`;
}

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `${base}/${url}`, headers: { cookie }, payload });
const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `${base}/${url}`, headers: { cookie } });
/** A return with its multipart fields and files. */
const giveBack = (id: string, cookie: string, fields: Record<string, string>, photo?: Buffer) => {
  const body = multipartBody(
    fields,
    photo ? [{ name: 'photo', filename: 'p.png', data: photo, type: 'image/png' }] : [],
  );
  return t.app.inject({
    method: 'POST',
    url: `${base}/rentals/${id}/return`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};

describe('Lite App rentals', () => {
  it('rents one product at a time unless multiple assets are allowed, as the Lite App', async () => {
    const cookie = await signInAs('rita@example.test', '192.0.2.60');
    const list = await t.app.inject({ method: 'GET', url: `${base}/locations/${loc}/products` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { locker_number: number }) => i.locker_number)).toEqual([701, 702, 703]);
    expect(list.json().items[0].product).toMatchObject({ name: 'Drill 1', description: 'Cordless' });
    const two = await post('rentals', cookie, { id_devices: [rentalDoors[0], rentalDoors[1]] });
    expect(two.statusCode).toBe(409);
    const one = await post('rentals', cookie, { id_devices: [rentalDoors[0]] });
    expect(one.statusCode, one.body).toBe(201);
    const rental = one.json().items[0];
    expect(rental).toMatchObject({ type: 'rental', status: 'in_progress', product: 'Drill 1', photo: false });
    // a second while one runs: refused with the switch off
    expect((await post('rentals', cookie, { id_devices: [rentalDoors[1]] })).statusCode).toBe(409);
    // the operator's history names the Lite App as the source
    const [log] = await t.database.db
      .select()
      .from(transactionLogs)
      .where(and(eq(transactionLogs.organizationId, orgId), eq(transactionLogs.transactionId, rental.id)));
    expect(log!.actorName).toBe('Lite App');
    await liteApp({ allow_multiple_assets: true });
    const more = await post('rentals', cookie, { id_devices: [rentalDoors[1], rentalDoors[2]] });
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json().items.map((i: { locker_number: number }) => i.locker_number)).toEqual([702, 703]);
    // the rented doors are not offered any more
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/locations/${loc}/products` })).json().items,
    ).toEqual([]);
    // another customer reaches none of them
    const other = await signInAs('otto@example.test', '192.0.2.61');
    expect((await get('lockers', other)).json().items).toEqual([]);
    expect((await giveBack(rental.id, other, {})).statusCode).toBe(404);
    expect((await get(`lockers/${rental.id}/photo`, other)).statusCode).toBe(404);
    // and the returns without a switch on: no photo, no condition taken
    expect((await giveBack(rental.id, cookie, {}, PNG)).statusCode).toBe(400);
    expect((await giveBack(rental.id, cookie, { id_condition: conditionId })).statusCode).toBe(400);
    for (const r of [rental, ...more.json().items]) {
      const back = await giveBack(r.id, cookie, {});
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().status).toBe('finished');
    }
    await liteApp({});
  });

  it('opens one door when two rentals of one customer arrive at the same moment', async () => {
    const cookie = await signInAs('ruth@example.test', '192.0.2.68');
    const answers = await Promise.all(
      [rentalDoors[0], rentalDoors[1], rentalDoors[2]].map((d) =>
        post('rentals', cookie, { id_devices: [d] }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const lockers = (await get('lockers', cookie)).json().items;
    expect(lockers.filter((l: { status: string }) => l.status === 'in_progress')).toHaveLength(1);
    // the claim is dropped with its request: the next rental after the return is taken
    const rental = answers.find((a) => a.statusCode === 201)!.json().items[0];
    expect((await giveBack(rental.id, cookie, {})).statusCode).toBe(200);
    const next = await post('rentals', cookie, { id_devices: [rentalDoors[2]] });
    expect(next.statusCode, next.body).toBe(201);
    expect((await giveBack(next.json().items[0].id, cookie, {})).statusCode).toBe(200);
  });

  it('takes a photo checked by content and a condition report at the return when asked', async () => {
    await liteApp({ photo_to_end_rental: true, track_conditions: true });
    const cookie = await signInAs('paula@example.test', '192.0.2.62');
    expect((await get('conditions', cookie)).json().items).toEqual([{ id: conditionId, name: 'Scratched' }]);
    const started = await post('rentals', cookie, { id_devices: [rentalDoors[0]] });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().items[0].id;
    const cond = { id_condition: conditionId };
    expect((await giveBack(id, cookie, cond)).json().detail).toMatch(/photo/);
    expect((await giveBack(id, cookie, {}, PNG)).json().detail).toMatch(/condition/);
    // a text file named .png is no picture
    const fake = await giveBack(id, cookie, cond, Buffer.from('just text, not a picture at all'));
    expect(fake.statusCode).toBe(400);
    const huge = await giveBack(id, cookie, cond, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    const back = await giveBack(id, cookie, cond, PNG);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'finished', photo: true });
    const [row] = await t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)));
    expect(row!.idCondition).toBe(conditionId);
    const [product] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.organizationId, orgId), eq(products.name, 'Drill 1')));
    expect(product!.idCondition).toBe(conditionId);
    const photo = await get(`lockers/${id}/photo`, cookie);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const other = await signInAs('oscar@example.test', '192.0.2.63');
    expect((await get(`lockers/${id}/photo`, other)).statusCode).toBe(404);
    // the customer-session sweep: every call of the app that takes an id of a customer's row
    // answers another customer 404 for this customer's rental (a place's id is public)
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const probed: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      if (!p.startsWith('/api/customer/{organization}/') || !p.includes('{id}') || p.includes('/locations/'))
        continue;
      for (const method of Object.keys(ops)) {
        const url = p.replace('{organization}', 'demo-org').replace('{id}', id);
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { cookie: other },
          ...(method === 'get' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method} ${p}`).toBe(404);
        probed.push(`${method} ${p}`);
      }
    }
    expect(probed.length).toBeGreaterThanOrEqual(5);
    await liteApp({ track_conditions: false });
    expect((await get('conditions', cookie)).json().items).toEqual([]);
    await liteApp({});
  });
});

describe('Lite App reservations', () => {
  const start = '2027-03-10T10:00:00+09:00';
  const end = '2027-03-10T12:00:00+09:00';

  it('books ahead only with the switch on, in the place zone, never twice for one door', async () => {
    const cookie = await signInAs('rosa@example.test', '192.0.2.64');
    const ask = (c: string) => post('reservations', c, { id_location: loc, id_size: held, start, end });
    expect((await ask(cookie)).statusCode).toBe(403);
    await liteApp({ allow_reservations: true });
    const booked = await ask(cookie);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      status: 'active',
      location: 'Rent Pier',
      locker_number: 801,
      time_zone: 'Asia/Tokyo',
      starts_at: '2027-03-10T01:00:00.000Z',
      ends_at: '2027-03-10T03:00:00.000Z',
    });
    // the only door of the size is taken for that window: the reservations' own rule refuses it
    const other = await signInAs('rolf@example.test', '192.0.2.65');
    expect((await ask(other)).statusCode).toBe(409);
    expect((await get('reservations', other)).json().items).toEqual([]);
    expect((await get('reservations', cookie)).json().items.map((r: { id: string }) => r.id)).toEqual([
      booked.json().id,
    ]);
    // another customer cannot cancel it; its owner can, and the door is free for the window again
    const del = (id: string, c: string) =>
      t.app.inject({ method: 'DELETE', url: `${base}/reservations/${id}`, headers: { cookie: c } });
    expect((await del(booked.json().id, other)).statusCode).toBe(404);
    const canceled = await del(booked.json().id, cookie);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await get('reservations', cookie)).json().items).toEqual([]);
    const theirs = await ask(other);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await del(theirs.json().id, other)).statusCode).toBe(200);
    await liteApp({});
  });
});

describe('Lite App door holds', () => {
  it('holds a door for a payment at most 5 minutes, then frees it', async () => {
    const ana = await signInAs('hana@example.test', '192.0.2.66');
    const ben = await signInAs('hugo@example.test', '192.0.2.67');
    const hold = await post('holds', ana, { id_location: loc, id_size: held });
    expect(hold.statusCode, hold.body).toBe(201);
    expect(hold.json()).toMatchObject({ locker_number: 801, held_until: '2027-03-01T15:05:00.000Z' });
    // the only door of the size waits for Ana's payment: nobody else gets it
    expect((await post('holds', ben, { id_location: loc, id_size: held })).statusCode).toBe(409);
    const benStart = await post('lockers', ben, {
      id_location: loc,
      id_size: held,
      payment_method: 'pm_card_visa',
    });
    expect(benStart.statusCode).toBe(409);
    // nor through the partner API (or a kiosk): the partner start of the door for Ben is refused
    const [door801] = await t.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.organizationId, orgId), eq(devices.lockerNumber, 801)));
    const [hugo] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, orgId), eq(users.email, 'hugo@example.test')));
    const partner = await t.app.inject({
      method: 'POST',
      url: '/api/events/storage',
      headers: bearer(await signIn(t.app)),
      payload: { id_device: door801!.id, id_user: hugo!.id, payment_method: 'pm_card_visa' },
    });
    expect(partner.statusCode, partner.body).toBe(409);
    expect(partner.json().code).toBe('transactions.deviceUnavailable');
    const places = await t.app.inject({ method: 'GET', url: `${base}/locations` });
    const pier = places.json().items.find((p: { id: string }) => p.id === loc);
    expect(pier.sizes.find((s: { id: string }) => s.id === held).free).toBe(0);
    // Ana walks away: 5 minutes later the door is free again
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000);
    const again = await t.app.inject({ method: 'GET', url: `${base}/locations` });
    expect(
      again
        .json()
        .items.find((p: { id: string }) => p.id === loc)
        .sizes.find((s: { id: string }) => s.id === held).free,
    ).toBe(1);
    const late = await post('lockers', ana, {
      id_location: loc,
      id_size: held,
      payment_method: 'pm_card_visa',
      id_hold: hold.json().id,
    });
    expect(late.statusCode).toBe(409);
    const benHold = await post('holds', ben, { id_location: loc, id_size: held });
    expect(benHold.statusCode, benHold.body).toBe(201);
    const paid = await post('lockers', ben, {
      id_location: loc,
      id_size: held,
      payment_method: 'pm_card_visa',
      id_hold: benHold.json().id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ locker_number: 801, status: 'in_progress' });
  });
});
