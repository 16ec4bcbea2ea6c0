import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  demoOrg,
  insertLocation,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { createLockAdapter, createVirtualDriver } from '../../adapters/locks';
import {
  devices,
  issues,
  kiosks,
  lockerWallDoors,
  lockerWalls,
  mailOutbox,
  sizes,
  smsOutbox,
  transactions,
} from '../../db/schema';

/**
 * The screen at the wall: a kiosk token reaches only its place's doors and the kiosk calls, stops
 * at once when revoked, and is rate-limited; courier codes guessed or replaced are refused; a
 * pickup code works once, and a retried pickup opens its door once.
 */
type H = Record<string, string>;
let t: TestApp;
let admin: H;
let orgId: string;
let here: string;
let elsewhere: string;
let wall: string;
let small: string;
let unlocks = 0;
let n = 1;

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

async function door(idLocation: string, extra: Partial<typeof devices.$inferInsert> = {}) {
  const [d] = await one(
    t.database.db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: `Door ${n}`,
        lockerNumber: n++,
        mode: 'delivery',
        hardwareType: 'virtual',
        idLocation,
        idSize: small,
        ...extra,
      })
      .returning(),
  );
  return d.id;
}

async function pairedKiosk(body: object): Promise<{ token: string; id: string }> {
  const made = await api('POST', 'kiosks/pairing', admin, body);
  expect(made.statusCode).toBe(201);
  const r = await api('POST', 'kiosk/pair', {}, { code: made.json().code, app_version: '1.0.0' });
  expect(r.statusCode).toBe(201);
  return r.json();
}

const lastSms = async (to: string) =>
  (
    await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, to))
      .orderBy(desc(smsOutbox.createdAt))
  )[0]?.body ?? '';
const lastMail = async (to: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
  )[0]?.text ?? '';
const codeIn = (text: string) => /code: (\d{6})/.exec(text)?.[1];

beforeAll(async () => {
  const virtual = createVirtualDriver();
  t = await createTestApp({}, undefined, {
    locks: createLockAdapter({
      drivers: {
        // counts the doors asked to open
        virtual: {
          ...virtual,
          unlock: (target) => {
            unlocks += 1;
            return virtual.unlock(target);
          },
        },
      },
      openTimeoutMs: 2000,
      pollMs: 20,
    }),
  });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  here = await insertLocation(t.database.db, orgId, 'Kiosk Street');
  elsewhere = await insertLocation(t.database.db, orgId, 'Other Street');
  [{ id: small }] = await one(
    t.database.db
      .insert(sizes)
      .values({ organizationId: orgId, name: 'Small', width: '30', depth: '40', height: '20' })
      .returning(),
  );
  [{ id: wall }] = await one(
    t.database.db
      .insert(lockerWalls)
      .values({ organizationId: orgId, idLocation: here, name: 'Wall A', qtyWide: 2, qtyTall: 3 })
      .returning(),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('pairing a screen', () => {
  it('gives a token once for a code, which then works no more; an expired code is refused', async () => {
    const made = await api('POST', 'kiosks/pairing', admin, { id_location: here, name: 'Lobby' });
    expect(made.statusCode).toBe(201);
    const { code, kiosk } = made.json();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(kiosk).toMatchObject({ state: 'waiting', online: false, location_name: 'Kiosk Street' });
    const paired = await api('POST', 'kiosk/pair', {}, { code: code.toLowerCase().replace('-', ' ') });
    expect(paired.statusCode).toBe(201);
    expect(paired.json().token).toMatch(/^lk_/);
    const again = await api('POST', 'kiosk/pair', {}, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This pairing code is not valid or has expired.');

    const late = (await api('POST', 'kiosks/pairing', admin, { id_location: here, name: 'Late' })).json();
    await t.database.db
      .update(kiosks)
      .set({ pairingExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(kiosks.id, late.kiosk.id));
    expect((await api('POST', 'kiosk/pair', {}, { code: late.code })).statusCode).toBe(400);

    const list = (await api('GET', `kiosks?id_location=${here}`, admin)).json().items;
    expect(list.find((k: { id: string }) => k.id === kiosk.id)).toMatchObject({
      state: 'paired',
      online: true,
    });
  });

  it("refuses another organization's location (404), a wall elsewhere (400), and non-admins", async () => {
    const other = await createOrganization(t, 'Kiosk Other Org');
    const theirs = await insertLocation(t.database.db, other.id, 'Their Street');
    expect((await api('POST', 'kiosks/pairing', admin, { id_location: theirs, name: 'X' })).statusCode).toBe(
      404,
    );
    const r = await api('POST', 'kiosks/pairing', admin, {
      id_location: elsewhere,
      id_locker_wall: wall,
      name: 'X',
    });
    expect(r.statusCode).toBe(400);
  });

  it('limits pairing tries per address (429)', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/kiosk/pair',
          remoteAddress: '10.9.9.9',
          payload: { code: 'AAAA-AAAA' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe("a kiosk token's reach", () => {
  it('reaches the kiosk calls only: the console and partner API answer 401 to it', async () => {
    const { token } = await pairedKiosk({ id_location: here, name: 'Reach' });
    const k = { 'x-kiosk-token': token };
    const state = await api('GET', 'kiosk/state', k);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ location_name: 'Kiosk Street', walls: [{ id: wall }] });
    for (const url of ['locations', 'events', 'devices', 'kiosks', 'couriers']) {
      expect((await api('GET', url, k)).statusCode).toBe(401);
      expect((await api('GET', url, { authorization: `Bearer ${token}` })).statusCode).toBe(401);
      expect((await api('GET', url, { 'x-api-key': token })).statusCode).toBe(401);
    }
    expect((await api('GET', 'kiosk/state', {})).statusCode).toBe(401);
    expect((await api('GET', 'kiosk/state', { 'x-kiosk-token': `${token}x` })).statusCode).toBe(401);
  });

  it('stops at once when revoked', async () => {
    const { token, id } = await pairedKiosk({ id_location: here, name: 'Revoked' });
    const k = { 'x-kiosk-token': token };
    expect((await api('GET', 'kiosk/state', k)).statusCode).toBe(200);
    const r = await api('DELETE', `kiosks/${id}`, admin);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ state: 'revoked', online: false });
    expect((await api('GET', 'kiosk/state', k)).statusCode).toBe(401);
  });

  it("never reaches another location's doors or deliveries", async () => {
    const { token } = await pairedKiosk({ id_location: here, name: 'Scoped' });
    const k = { 'x-kiosk-token': token };
    const far = await door(elsewhere);
    const created = await api('POST', 'event/delivery', admin, {
      id_device: far,
      phone_number: '+14155550100',
    });
    const ev = created.json().event ?? created.json();
    const drop = await t.app.inject({
      method: 'PATCH',
      url: `/api/delivery/${ev.id}/complete`,
      headers: admin,
      payload: { id_device: far },
    });
    expect(drop.statusCode).toBe(200);
    const [tr] = await t.database.db.select().from(transactions).where(eq(transactions.id, ev.id));
    const pick = await api('POST', 'kiosk/pickup', k, { code: tr!.pickupCode! });
    expect(pick.statusCode).toBe(409);
    expect(pick.json().detail).toBe('This code is not valid.');
    expect((await api('POST', `kiosk/doors/${far}/report`, k, { problem: 'dirty' })).statusCode).toBe(404);
  });

  it('answers 429 after ten wrong pickup codes in ten minutes', async () => {
    const { token } = await pairedKiosk({ id_location: here, name: 'Guesser' });
    const k = { 'x-kiosk-token': token };
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await api('POST', 'kiosk/pickup', k, { code: `00000${i % 10}` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 409)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('couriers at the screen', () => {
  it('drops three parcels; the recipients get their codes; each code opens its door once', async () => {
    const c = await api('POST', 'couriers', admin, { name: 'Dana Courier' });
    expect(c.statusCode).toBe(201);
    const { code, id: courierId } = c.json();
    expect(code).toMatch(/^\d{8}$/);
    expect(JSON.stringify((await api('GET', 'couriers', admin)).json())).not.toContain(code);

    const { token } = await pairedKiosk({ id_location: here, id_locker_wall: wall, name: 'Courier screen' });
    const k = { 'x-kiosk-token': token };
    const high = await door(here);
    const low = await door(here);
    const mid = await door(here);
    await t.database.db.insert(lockerWallDoors).values([
      { organizationId: orgId, idLockerWall: wall, x: 1, y: 1, idDevice: high },
      { organizationId: orgId, idLockerWall: wall, x: 1, y: 3, idDevice: low },
      { organizationId: orgId, idLockerWall: wall, x: 2, y: 2, idDevice: mid },
    ]);

    const wrong = await api('POST', 'kiosk/courier/session', k, { code: '12345678' });
    expect(wrong.statusCode).toBe(401);
    const s = await api('POST', 'kiosk/courier/session', k, { code });
    expect(s.statusCode).toBe(200);
    const courier = { ...k, 'x-courier-session': s.json().session };
    expect(
      (await api('POST', 'kiosk/courier/drops', k, { id_size: small, email: 'a@x.test' })).statusCode,
    ).toBe(401);

    // accessible: the lowest free door first
    const first = await api('POST', 'kiosk/courier/drops', courier, {
      id_size: small,
      phone_number: '+14155550111',
      accessible: true,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().door).toMatchObject({ id: low, id_locker_wall: wall, x: 1, y: 3 });
    const second = await api('POST', 'kiosk/courier/drops', courier, {
      id_size: small,
      email: 'rec2@example.test',
    });
    expect(second.json().door.id).toBe(high);
    const third = await api('POST', 'kiosk/courier/drops', courier, {
      id_size: small,
      phone_number: '+14155550113',
    });
    expect(third.json().door.id).toBe(mid);
    const full = await api('POST', 'kiosk/courier/drops', courier, {
      id_size: small,
      phone_number: '+14155550114',
    });
    expect(full.statusCode).toBe(409);

    const codes = [
      codeIn(await lastSms('+14155550111')),
      codeIn(await lastMail('rec2@example.test')),
      codeIn(await lastSms('+14155550113')),
    ];
    expect(codes.every(Boolean)).toBe(true);

    // a pickup retried with its idempotency key answers the first answer; the door opened once
    const before = unlocks;
    const key = { ...k, 'idempotency-key': 'pickup-retry-1' };
    const p1 = await api('POST', 'kiosk/pickup', key, { code: codes[0]! });
    expect(p1.statusCode).toBe(200);
    expect(p1.json().door).toMatchObject({ id: low, x: 1, y: 3 });
    const p2 = await api('POST', 'kiosk/pickup', key, { code: codes[0]! });
    expect(p2.statusCode).toBe(200);
    expect(p2.headers['idempotent-replayed']).toBe('true');
    expect(unlocks - before).toBe(1);
    // without the key, the spent code works no more
    expect((await api('POST', 'kiosk/pickup', k, { code: codes[0]! })).statusCode).toBe(409);

    // a replaced code is refused; the old session ends with the courier
    const renewed = await api('POST', `couriers/${courierId}/code`, admin);
    expect(renewed.statusCode).toBe(200);
    expect((await api('POST', 'kiosk/courier/session', k, { code })).statusCode).toBe(401);
    expect((await api('DELETE', `couriers/${courierId}`, admin)).statusCode).toBe(200);
    expect(
      (await api('POST', 'kiosk/courier/drops', courier, { id_size: small, phone_number: '+14155550115' }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 429 after five wrong courier codes', async () => {
    const { token } = await pairedKiosk({ id_location: here, name: 'Courier guesser' });
    const k = { 'x-kiosk-token': token };
    const got: number[] = [];
    for (let i = 0; i < 6; i++)
      got.push((await api('POST', 'kiosk/courier/session', k, { code: `9999000${i}` })).statusCode);
    expect(got).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('reports a door: maintenance and an issue at the place', async () => {
    const { token } = await pairedKiosk({ id_location: here, name: 'Reporter' });
    const d = await door(here);
    const r = await api(
      'POST',
      `kiosk/doors/${d}/report`,
      { 'x-kiosk-token': token },
      { problem: 'damaged' },
    );
    expect(r.statusCode).toBe(200);
    const [dev] = await t.database.db.select().from(devices).where(eq(devices.id, d));
    expect(dev!.status).toBe('maintenance');
    const found = await t.database.db.select().from(issues).where(eq(issues.idLocation, here));
    expect(found.some((i) => i.description.includes('is damaged'))).toBe(true);
  });
});
