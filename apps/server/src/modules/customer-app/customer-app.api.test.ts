import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { lastWidgetCode } from '../../../test/widget';
import {
  devices,
  locations,
  lockerWallDoors,
  lockerWalls,
  mailOutbox,
  organizations,
  prices,
  sizes,
  toolboxSettings,
  transactions,
  users,
} from '../../db/schema';

/*
 * The Lite App's API (README "Lite App"): sign-in by one-time code into a cookie for the app only,
 * the sign-in method and switches enforced by the server, one customer never reaching another's
 * lockers, no door before a card on a priced door, a double tap opening once.
 */

let t: TestApp;
let orgId: string;
let loc: string;
let small: string;
let paid: string;
const base = '/api/customer/demo-org';

beforeAll(async () => {
  t = await createTestApp({ WIDGET_RATE_LIMIT: '1000' });
  orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  await db
    .update(organizations)
    .set({ liteAppEnabled: true, storageMode: true })
    .where(eq(organizations.id, orgId));
  await db
    .insert(toolboxSettings)
    .values({ organizationId: orgId, liteApp: { sign_in_method: 'both' } })
    .onConflictDoUpdate({
      target: toolboxSettings.organizationId,
      set: { liteApp: { sign_in_method: 'both' } },
    });
  const [l] = await db
    .insert(locations)
    .values({ organizationId: orgId, name: 'App Quay', latitude: 41.88, longitude: -87.63 })
    .returning();
  const [s] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'AppSmall', width: '10', depth: '10', height: '10' })
    .returning();
  const [s2] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'AppPaid', width: '20', depth: '20', height: '20' })
    .returning();
  const [p] = await db
    .insert(prices)
    .values({
      organizationId: orgId,
      name: 'App hourly',
      priceType: 'pay_per_time',
      amount: '2.00',
      currency: 'usd',
      unitAmount: 1,
      unit: 'hour',
    })
    .returning();
  loc = l!.id;
  small = s!.id;
  paid = s2!.id;
  for (const n of [901, 902, 903])
    await db.insert(devices).values({
      organizationId: orgId,
      name: `App ${n}`,
      lockerNumber: n,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: loc,
      idSize: small,
    });
  await db.insert(devices).values({
    organizationId: orgId,
    name: 'App paid',
    lockerNumber: 910,
    mode: 'storage',
    hardwareType: 'virtual',
    idLocation: loc,
    idSize: paid,
    idPrice: p!.id,
  });
});
afterAll(() => t.close());

const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  `lockerops_customer=${res.cookies.find((c) => c.name === 'lockerops_customer')!.value}`;

/** Signs `email` in from `address`; answers the session cookie header. */
async function signInAs(email: string, address = '192.0.2.1'): Promise<string> {
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
  const c = res.cookies.find((k) => k.name === 'lockerops_customer')!;
  expect(c.httpOnly).toBe(true);
  expect(c.path).toBe(base);
  return cookieOf(res);
}

describe('the Lite App', () => {
  it('signs a customer in by e-mail code into a session of the app only', async () => {
    const cookie = await signInAs('ana@example.test');
    const me = await t.app.inject({ method: 'GET', url: `${base}/me`, headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ana@example.test' });
    // the console knows nothing of it
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: `${base}/me` })).statusCode).toBe(401);
    // signed out: the cookie opens nothing any more
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/session`, headers: { cookie } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${base}/me`, headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('answers a known and an unknown contact alike, and every bad code alike', async () => {
    await signInAs('known@example.test');
    const known = await t.app.inject({
      method: 'POST',
      url: `${base}/code`,
      remoteAddress: '192.0.2.9',
      payload: { email: 'known@example.test' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${base}/code`,
      remoteAddress: '192.0.2.9',
      payload: { email: 'nobody-here@example.test' },
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json().detail).toBe(unknown.json().detail);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${base}/session`,
      remoteAddress: '192.0.2.9',
      payload: { email: 'known@example.test', code: '000000' },
    });
    const none = await t.app.inject({
      method: 'POST',
      url: `${base}/session`,
      remoteAddress: '192.0.2.9',
      payload: { email: 'never@example.test', code: '123456' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(none.json());
    expect(wrong.json().detail).toBe(TOOLBOX_MESSAGES.verificationInvalid);
    // guessing: after 5 wrong tries from one address even the right code is refused there
    const code = await lastWidgetCode(t, { email: 'known@example.test' });
    for (let i = 0; i < 5; i++)
      await t.app.inject({
        method: 'POST',
        url: `${base}/session`,
        remoteAddress: '203.0.113.5',
        payload: { email: 'known@example.test', code: code === '111111' ? '222222' : '111111' },
      });
    const right = await t.app.inject({
      method: 'POST',
      url: `${base}/session`,
      remoteAddress: '203.0.113.5',
      payload: { email: 'known@example.test', code },
    });
    expect(right.statusCode).toBe(400);
  });

  it('enforces the sign-in method and the SMS switch on the server', async () => {
    const db = t.database.db;
    await db
      .update(toolboxSettings)
      .set({ liteApp: { sign_in_method: 'phone' } })
      .where(eq(toolboxSettings.organizationId, orgId));
    const byMail = await t.app.inject({
      method: 'POST',
      url: `${base}/code`,
      remoteAddress: '192.0.2.20',
      payload: { email: 'x@example.test' },
    });
    expect(byMail.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${base}/config` })).json().contacts).toEqual(['phone']);
    await db
      .update(toolboxSettings)
      .set({ twilioVerification: false })
      .where(eq(toolboxSettings.organizationId, orgId));
    // SMS off: a phone-only app falls back to e-mail, and no code goes by SMS
    expect((await t.app.inject({ method: 'GET', url: `${base}/config` })).json().contacts).toEqual(['email']);
    const byPhone = await t.app.inject({
      method: 'POST',
      url: `${base}/code`,
      remoteAddress: '192.0.2.20',
      payload: { phone_number: '+1 312 555 0100' },
    });
    expect(byPhone.statusCode).toBe(400);
    await db
      .update(toolboxSettings)
      .set({ twilioVerification: true, liteApp: { sign_in_method: 'both' } })
      .where(eq(toolboxSettings.organizationId, orgId));
  });

  it('with "pre-registered customers only" sends no code to an unknown contact, answering alike', async () => {
    const db = t.database.db;
    await signInAs('regular@example.test', '192.0.2.60');
    await db
      .update(toolboxSettings)
      .set({ liteApp: { sign_in_method: 'both', preregistered_only: true } })
      .where(eq(toolboxSettings.organizationId, orgId));
    try {
      const ask = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: `${base}/code`,
          remoteAddress: '192.0.2.61',
          payload: { email },
        });
      const known = await ask('regular@example.test');
      const unknown = await ask('stranger@example.test');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(Object.keys(unknown.json())).toEqual(Object.keys(known.json()));
      expect(unknown.json().detail).toBe(known.json().detail);
      const mailsTo = async (to: string) =>
        (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;
      expect(await mailsTo('stranger@example.test')).toBe(0);
      // the known customer gets a code and signs in; no account is created for the stranger
      const code = await lastWidgetCode(t, { email: 'regular@example.test' });
      const known2 = await t.app.inject({
        method: 'POST',
        url: `${base}/session`,
        remoteAddress: '192.0.2.61',
        payload: { email: 'regular@example.test', code },
      });
      expect(known2.statusCode).toBe(200);
      const stranger = await t.app.inject({
        method: 'POST',
        url: `${base}/session`,
        remoteAddress: '192.0.2.61',
        payload: { email: 'stranger@example.test', code: '123456' },
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().detail).toBe(TOOLBOX_MESSAGES.verificationInvalid);
      expect(await db.select().from(users).where(eq(users.email, 'stranger@example.test'))).toHaveLength(0);
    } finally {
      await db
        .update(toolboxSettings)
        .set({ liteApp: { sign_in_method: 'both' } })
        .where(eq(toolboxSettings.organizationId, orgId));
    }
  });

  it('runs a storage: no priced door before a card, a double tap opens once, another customer gets 404', async () => {
    const cookie = await signInAs('bo@example.test', '192.0.2.30');
    const found = await t.app.inject({ method: 'GET', url: `${base}/locations?lat=41.9&lng=-87.6` });
    const quay = found.json().items.find((l: { id: string }) => l.id === loc);
    expect(quay.distance_m).toBeGreaterThan(0);
    expect(quay.sizes.find((s: { id: string }) => s.id === paid).price).toMatchObject({
      amount: '2.00',
      unit: 'hour',
    });
    // a door's QR code opens its place only
    const [paidDoor] = await t.database.db
      .select()
      .from(devices)
      .where(and(eq(devices.organizationId, orgId), eq(devices.lockerNumber, 910)));
    const byDoor = await t.app.inject({ method: 'GET', url: `${base}/locations?device=${paidDoor!.id}` });
    expect(byDoor.json().items.map((l: { id: string }) => l.id)).toEqual([loc]);
    const noCard = await t.app.inject({
      method: 'POST',
      url: `${base}/lockers`,
      headers: { cookie },
      payload: { id_location: loc, id_size: paid },
    });
    expect(noCard.statusCode).toBe(402);
    expect(
      await t.database.db.select().from(transactions).where(eq(transactions.email, 'bo@example.test')),
    ).toHaveLength(0);
    const tap = () =>
      t.app.inject({
        method: 'POST',
        url: `${base}/lockers`,
        headers: { cookie, 'idempotency-key': 'tap-1' },
        payload: { id_location: loc, id_size: paid, payment_method: 'pm_card_visa' },
      });
    const first = await tap();
    const second = await tap();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({
      status: 'in_progress',
      locker_number: 910,
      sandbox: true,
      wall: null,
    });
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.email, 'bo@example.test'));
    expect(rows).toHaveLength(1);
    const id = first.json().id;
    // another customer
    const other = await signInAs('eve@example.test', '192.0.2.31');
    for (const url of [`${base}/lockers/${id}/open`, `${base}/lockers/${id}/end`])
      expect((await t.app.inject({ method: 'POST', url, headers: { cookie: other } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/lockers`, headers: { cookie: other } })).json()
        .items,
    ).toHaveLength(0);
    // the owner opens again and ends: charged
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/lockers/${id}/open`, headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    const ended = await t.app.inject({
      method: 'POST',
      url: `${base}/lockers/${id}/end`,
      headers: { cookie },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().status).toBe('finished');
    // its receipt, a PDF in the app's language; nobody else's, and none before the end
    const receipt = (who: string, lang = 'en') =>
      t.app.inject({ url: `${base}/lockers/${id}/receipt?lang=${lang}`, headers: { cookie: who } });
    const pdf = await receipt(cookie, 'de');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Beleg');
    expect(text).toContain(ended.json().invoice_id);
    expect(text).toContain('910');
    expect(text).toContain('Testzahlung (Sandbox)');
    expect(text).toMatch(new RegExp(`${Number(ended.json().total).toFixed(2).replace('.', ',')}\\s?\\$`));
    expect((await receipt(other)).statusCode).toBe(404);
    expect((await receipt(cookie, 'fr')).statusCode).toBe(400);
    const [door] = await t.database.db
      .select()
      .from(devices)
      .where(and(eq(devices.organizationId, orgId), eq(devices.lockerNumber, 910)));
    expect(door!.status).toBe('available');
  });

  it('deletes an account: the person detached, the operator keeps the records', async () => {
    const cookie = await signInAs('gone@example.test', '192.0.2.40');
    const started = await t.app.inject({
      method: 'POST',
      url: `${base}/lockers`,
      headers: { cookie },
      payload: { id_location: loc, id_size: small },
    });
    expect(started.statusCode, started.body).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `${base}/lockers/${started.json().id}/end`,
      headers: { cookie },
    });
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'gone@example.test'));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/me`, headers: { cookie } })).statusCode,
    ).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, u!.id));
    expect(after).toMatchObject({ email: null, phoneNumber: null, isDeleted: true });
    const kept = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.idUser, u!.id));
    expect(kept[0]!.n).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `${base}/me`, headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('opens a parcel waiting for its recipient with a tap, once, and for no one else', async () => {
    const db = t.database.db;
    const admin = bearer(await signIn(t.app));
    const [door] = await db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: 'App parcel',
        lockerNumber: 920,
        mode: 'delivery',
        hardwareType: 'virtual',
        idLocation: loc,
        idSize: small,
      })
      .returning();
    // the door sits in column 2, row 1 of a 3 × 2 wall: the open-door screen's picture
    const [wall] = await db
      .insert(lockerWalls)
      .values({ organizationId: orgId, idLocation: loc, name: 'App wall', qtyWide: 3, qtyTall: 2 })
      .returning();
    await db
      .insert(lockerWallDoors)
      .values({ organizationId: orgId, idLockerWall: wall!.id, x: 2, y: 1, idDevice: door!.id });
    const cookie = await signInAs('pia@example.test', '192.0.2.50');
    const [pia] = await db.select().from(users).where(eq(users.email, 'pia@example.test'));
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/event/delivery',
      headers: admin,
      payload: { id_device: door!.id, id_user: pia!.id },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const ev = delivered.json().event;
    const dropped = await t.app.inject({
      method: 'POST',
      url: `/api/delivery/${ev.id}/dropoff`,
      headers: admin,
      payload: { courier_pin_code: ev.courier_pin_code },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const list = (c: string) =>
      t.app.inject({ method: 'GET', url: `${base}/parcels`, headers: { cookie: c } });
    const waiting = await list(cookie);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().items).toEqual([
      expect.objectContaining({ id: ev.id, locker_number: 920, location: 'App Quay' }),
    ]);
    expect(waiting.body).not.toContain('code');
    // another customer neither sees nor opens it
    const other = await signInAs('max@example.test', '192.0.2.51');
    expect((await list(other)).json().items).toEqual([]);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `${base}/parcels/${ev.id}/open`,
      headers: { cookie: other, 'idempotency-key': 'parcel-tap-x' },
    });
    expect(theirs.statusCode).toBe(404);
    // the recipient's tap, retried with the same key: one pickup, one door opened
    const tap = () =>
      t.app.inject({
        method: 'POST',
        url: `${base}/parcels/${ev.id}/open`,
        headers: { cookie, 'idempotency-key': 'parcel-tap-1' },
      });
    const first = await tap();
    const second = await tap();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      id: ev.id,
      status: 'finished',
      locker_number: 920,
      wall: { qty_wide: 3, qty_tall: 2, x: 2, y: 1 },
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    // the same key from another customer is theirs alone: no replay of the recipient's answer
    const borrowed = await t.app.inject({
      method: 'POST',
      url: `${base}/parcels/${ev.id}/open`,
      headers: { cookie: other, 'idempotency-key': 'parcel-tap-1' },
    });
    expect(borrowed.statusCode).toBe(404);
    const logs = await t.app.inject({ method: 'GET', url: `/api/event-logs/${ev.id}`, headers: admin });
    expect(logs.json().items.filter((l: { action: string }) => l.action === 'user_pickup')).toHaveLength(1);
    const [after] = await db.select().from(devices).where(eq(devices.id, door!.id));
    expect(after!.status).toBe('available');
    // picked up: gone from the list; a tap without the key now answers 404
    expect((await list(cookie)).json().items).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: `${base}/parcels/${ev.id}/open`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});
