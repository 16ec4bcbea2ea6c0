import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { lastWidgetCode, widgetCode } from '../../../test/widget';
import { SmsTurnedOff } from '../../adapters/sms';
import {
  devices,
  domainEvents,
  locations,
  organizations,
  prices,
  reservations,
  settings,
  sizes,
  smsOutbox,
  toolboxSettings,
  users,
} from '../../db/schema';

/** The secret API key, as shown once when it was generated. */
let secretKey: string;
let t: TestApp;
let admin: { authorization: string };
let orgId: string;
let loc: string;
let hiddenLoc: string;
let small: string;
const twilioCalls: Array<{ url: string; auth: string; body: string }> = [];
let twilio: http.Server;

beforeAll(async () => {
  twilio = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      twilioCalls.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: 'SM123' }));
    });
  });
  await new Promise<void>((r) => twilio.listen(0, '127.0.0.1', r));
  const port = (twilio.address() as AddressInfo).port;
  t = await createTestApp({
    WIDGET_RATE_LIMIT: '30',
    TWILIO_BASE_URL: `http://127.0.0.1:${port}`,
    WIDGET_SMS_COUNTRIES: 'GB',
    WIDGET_MAX_OPEN_PER_ORGANIZATION: '20',
    // the verification step has its own tests (widget-verification.api.test.ts)
    WIDGET_CODES_PER_CONTACT: '100',
    WIDGET_CODES_PER_ADDRESS: '1000',
  });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  const [l] = await db.insert(locations).values({ organizationId: orgId, name: 'Harbour' }).returning();
  const [h] = await db
    .insert(locations)
    .values({ organizationId: orgId, name: 'Back office', hidden: true })
    .returning();
  const [s] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'Small', width: '10', depth: '10', height: '10' })
    .returning();
  const [p] = await db
    .insert(prices)
    .values({
      organizationId: orgId,
      name: 'Hourly',
      priceType: 'pay_per_time',
      amount: '2.50',
      unit: 'hour',
    })
    .returning();
  loc = l!.id;
  hiddenLoc = h!.id;
  small = s!.id;
  for (const [n, idLocation] of [
    [1, loc],
    [2, hiddenLoc],
  ] as const)
    await db.insert(devices).values({
      organizationId: orgId,
      name: `Locker ${n}`,
      lockerNumber: n,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation,
      idSize: small,
      idPrice: p!.id,
    });
});
afterAll(async () => {
  await t.close();
  twilio.close();
});

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

describe('apps & widgets', () => {
  it('round-trips the Lite App customizer', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/apps/lite-app', headers: admin });
    expect(first.json()).toMatchObject({ sign_in_method: 'phone', allow_reservations: false });
    const body = {
      sign_in_method: 'both',
      allow_multiple_assets: true,
      allow_reservations: true,
      track_conditions: false,
      photo_to_end_rental: true,
      payment_in_app: true,
      preregistered_only: true,
      primary_color: '#112233',
      secondary_color: '#445566',
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/apps/lite-app',
      headers: admin,
      payload: body,
    });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/apps/lite-app', headers: admin })).json()).toEqual(
      body,
    );
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/apps/lite-app',
      headers: admin,
      payload: { ...body, sign_in_method: 'fax' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows no embed URL without an API key, then one with the publishable key only', async () => {
    const none = (await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })).json();
    expect(none).toMatchObject({ has_api_key: false, embed_url: null, publishable_key: null });
    const rotateWithout = await t.app.inject({
      method: 'POST',
      url: '/api/apps/widget/rotate-key',
      headers: admin,
    });
    expect(rotateWithout.statusCode).toBe(400);
    expect(rotateWithout.json().detail).toBe(TOOLBOX_MESSAGES.noToken);
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin })).json();
    secretKey = key;
    const settings = {
      primary_color: '#aa0000',
      secondary_color: '#00aa00',
      background_color: '#fafafa',
      payment_enabled: false,
      max_duration: 8,
      max_duration_unit: 'hours',
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/apps/widget',
      headers: admin,
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    const w = put.json();
    expect(w.settings).toEqual(settings);
    expect(w.publishable_key).toMatch(/^pk_/);
    expect(w.embed_url).toBe(`${t.config.publicUrl}/widget/demo-org?key=${w.publishable_key}`);
    expect(w.iframe).toContain(w.embed_url);
    expect(JSON.stringify(w)).not.toContain(key);
    // The page is served with the saved colours and never carries the secret key.
    const page = await t.app.inject({ method: 'GET', url: `/widget/demo-org?key=${w.publishable_key}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('--primary:#aa0000');
    expect(page.body).toContain('<script type="module">');
    expect(page.body).not.toContain(key);
    expect((await t.app.inject({ method: 'GET', url: '/widget/demo-org?key=pk_wrong' })).statusCode).toBe(
      404,
    );

    // In the customer's language: `?lang=`, else the browser's Accept-Language, else English.
    const inLanguage = async (query: string, acceptLanguage?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/widget/demo-org?key=${w.publishable_key}${query}`,
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        })
      ).body;
    const german = await inLanguage('&lang=de');
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('Verfügbarkeit prüfen');
    expect(german).not.toContain('Check availability');
    const spanish = await inLanguage('', 'es-MX,es;q=0.9,en;q=0.5');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('Consultar disponibilidad');
    expect(await inLanguage('&lang=xx', 'fr-FR')).toContain('Check availability');
  });

  it('lets the publishable key read public data and book, and nothing else', async () => {
    const { publishable_key: pk } = (
      await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })
    ).json();
    const secret = secretKey;
    const config = await t.app.inject({ method: 'GET', url: `/api/widget/demo-org/config?key=${pk}` });
    expect(config.statusCode).toBe(200);
    expect(config.json().locations).toEqual([
      {
        id: loc,
        name: 'Harbour',
        address: null,
        time_zone: 'America/Chicago',
        sizes: [{ id: small, name: 'Small' }],
      },
    ]);
    expect(config.body).not.toContain(secret);

    const q = `id_location=${loc}&id_size=${small}&start=${encodeURIComponent(inHours(1))}&end=${encodeURIComponent(inHours(3))}`;
    const quote = await t.app.inject({ method: 'GET', url: `/api/widget/demo-org/quote?key=${pk}&${q}` });
    expect(quote.json()).toMatchObject({ available: true, price: { total: '5.00' } });
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/widget/demo-org/quote?key=${pk}&id_location=${loc}&id_size=${small}&start=${encodeURIComponent(inHours(1))}&end=${encodeURIComponent(inHours(10))}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toBe(TOOLBOX_MESSAGES.tooLong(8, 'hours'));
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/widget/demo-org/quote?key=${pk}&id_location=${hiddenLoc}&id_size=${small}&start=${encodeURIComponent(inHours(1))}&end=${encodeURIComponent(inHours(2))}`,
    });
    expect(hidden.statusCode).toBe(404);

    const booking = {
      id_location: loc,
      id_size: small,
      start: inHours(1),
      end: inHours(3),
      name: 'Ada Lovelace',
    };
    const noContact = await t.app.inject({
      method: 'POST',
      url: `/api/widget/demo-org/reservations?key=${pk}`,
      payload: { ...booking, verification_code: '123456' },
    });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().detail).toBe(TOOLBOX_MESSAGES.contactRequired);
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/widget/demo-org/reservations`,
      headers: { 'x-publishable-key': pk },
      payload: {
        ...booking,
        email: 'ada@example.test',
        verification_code: await widgetCode(t, pk, { email: 'ada@example.test' }),
      },
    });
    expect(booked.statusCode).toBe(201);
    const b = booked.json();
    expect(b).toMatchObject({ location: 'Harbour', locker_number: 1, price: { total: '5.00' } });
    const [row] = await t.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.trackingNumber, b.tracking_number));
    expect(row).toMatchObject({
      mode: 'storage',
      status: 'active',
      email: 'ada@example.test',
      phoneNumber: null,
    });
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, row!.id));
    expect(events.map((e) => e.name)).toEqual(['on_reservation']);
    // The same constraint as the console's: the one locker is now taken for that window.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/widget/demo-org/reservations?key=${pk}`,
      payload: {
        ...booking,
        email: 'bob@example.test',
        verification_code: await widgetCode(t, pk, { email: 'bob@example.test' }),
      },
    });
    expect(again.statusCode).toBe(409);
    // The operator sees it in the reservations list.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/reservations?search=${b.tracking_number}`,
      headers: admin,
    });
    expect(list.json().items).toHaveLength(1);

    // Every other call refuses the publishable key, as key or as bearer.
    for (const url of [
      '/api/reservations',
      '/api/locations',
      '/api/organizations/self',
      '/api/api-keys',
      '/api/apps/widget',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': pk } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `${url}?key=${pk}` })).statusCode).toBe(401);
    }
    // Another organization's name with this key is refused.
    const other = await createOrganization(t, 'Widget Other', orgId);
    expect(other.subdomain).toBe('widget-other');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/widget/widget-other/config?key=${pk}` })).statusCode,
    ).toBe(401);
  });

  it('stops the old key after rotation', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })).json();
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/apps/widget/rotate-key',
      headers: admin,
    });
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json();
    expect(after.publishable_key).not.toBe(before.publishable_key);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/widget/demo-org/config?key=${before.publishable_key}`,
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toBe(TOOLBOX_MESSAGES.invalidKey);
    expect(
      (await t.app.inject({ method: 'GET', url: `/widget/demo-org?key=${before.publishable_key}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/widget/demo-org/config?key=${after.publishable_key}` }))
        .statusCode,
    ).toBe(200);
  });

  it('bounds the maximum duration, and takes the payment switch while the sandbox takes payments', async () => {
    const base = (await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })).json();
    const put = (over: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/apps/widget',
        headers: admin,
        payload: { ...base.settings, ...over },
      });
    const long = await put({ max_duration: 10000, max_duration_unit: 'weeks' });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe(TOOLBOX_MESSAGES.maxDurationTooLong);
    expect((await put({ max_duration: 31, max_duration_unit: 'days' })).statusCode).toBe(400);
    expect((await put({ max_duration: 30, max_duration_unit: 'days' })).statusCode).toBe(200);
    const pay = await put({ payment_enabled: true });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().settings.payment_enabled).toBe(true);
    expect((await put({ payment_enabled: false })).statusCode).toBe(200);
    // settings saved before this rule: still no locker held past 30 days
    const pk = base.publishable_key;
    const booking = { id_location: loc, id_size: small, name: 'Long Stay', email: 'long@example.test' };
    const stored = (widget: Record<string, unknown>) =>
      t.database.db
        .update(toolboxSettings)
        .set({ widget: { ...base.settings, ...widget } })
        .where(eq(toolboxSettings.organizationId, orgId));
    try {
      await stored({ max_duration: 10000, max_duration_unit: 'weeks' });
      const year = await t.app.inject({
        method: 'POST',
        url: `/api/widget/demo-org/reservations?key=${pk}`,
        payload: { ...booking, start: inHours(50), end: inHours(50 + 24 * 40) },
      });
      expect(year.statusCode).toBe(400);
      expect(year.json().detail).toBe(TOOLBOX_MESSAGES.tooLong(30, 'days'));
      const made = await t.database.db
        .select()
        .from(reservations)
        .where(eq(reservations.email, 'long@example.test'));
      expect(made).toEqual([]);
    } finally {
      await stored({});
    }
  });

  it('closes when the Toolbox feature is revoked', async () => {
    const { publishable_key: pk } = (
      await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })
    ).json();
    await t.database.db.update(organizations).set({ toolbox: false }).where(eq(organizations.id, orgId));
    try {
      const config = await t.app.inject({ method: 'GET', url: `/api/widget/demo-org/config?key=${pk}` });
      expect(config.statusCode).toBe(403);
      expect(config.json().detail).toBe('This feature is not enabled for this organization.');
      const book = await t.app.inject({
        method: 'POST',
        url: `/api/widget/demo-org/reservations?key=${pk}`,
        payload: {
          id_location: loc,
          id_size: small,
          start: inHours(30),
          end: inHours(31),
          name: 'Off',
          email: 'off@example.test',
        },
      });
      expect(book.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/widget/demo-org?key=${pk}` })).statusCode).toBe(404);
    } finally {
      await t.database.db.update(organizations).set({ toolbox: true }).where(eq(organizations.id, orgId));
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/widget/demo-org/config?key=${pk}` })).statusCode,
    ).toBe(200);
  });

  it('meets 429 when hammered from one address', async () => {
    const { publishable_key: pk } = (
      await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })
    ).json();
    const codes: number[] = [];
    for (let i = 0; i < 40; i++)
      codes.push(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/widget/demo-org/config?key=${pk}`,
            remoteAddress: '203.0.113.9',
          })
        ).statusCode,
      );
    expect(codes.filter((c) => c === 200).length).toBeGreaterThan(0);
    expect(codes.at(-1)).toBe(429);
    // Another address is not affected.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/widget/demo-org/config?key=${pk}`,
          remoteAddress: '203.0.113.10',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the widget as a public surface', () => {
  let pk: string;
  let slot = 200;
  /**
   * A booking of the one public locker in a window of its own, from `address`, with the code sent to
   * the contact; the verification's answer when it refuses to send one.
   */
  const book = async (
    address: string,
    contact: { email: string } | { phone_number: string },
    name = 'Guest',
  ) => {
    slot += 3;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/widget/demo-org/verification?key=${pk}`,
      remoteAddress: address,
      payload: contact,
    });
    if (asked.statusCode !== 202) return asked;
    return t.app.inject({
      method: 'POST',
      url: `/api/widget/demo-org/reservations?key=${pk}`,
      remoteAddress: address,
      payload: {
        id_location: loc,
        id_size: small,
        start: inHours(slot),
        end: inHours(slot + 1),
        name,
        verification_code: await lastWidgetCode(t, contact),
        ...contact,
      },
    });
  };
  beforeAll(async () => {
    pk = (await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })).json()
      .publishable_key;
  });

  it('caps open widget bookings per contact, per address and per organization (429)', async () => {
    for (let i = 0; i < 3; i++)
      expect((await book('198.51.100.1', { email: 'cap@example.test' })).statusCode).toBe(201);
    const contact = await book('198.51.100.2', { email: 'CAP@example.test' });
    expect(contact.statusCode).toBe(429);
    expect(contact.json().detail).toBe(TOOLBOX_MESSAGES.contactBookingLimit);
    expect((await book('198.51.100.1', { email: 'cap2@example.test' })).statusCode).toBe(201);
    expect((await book('198.51.100.1', { email: 'cap3@example.test' })).statusCode).toBe(201);
    const address = await book('198.51.100.1', { email: 'cap4@example.test' });
    expect(address.statusCode).toBe(429);
    expect(address.json().detail).toBe(TOOLBOX_MESSAGES.addressBookingLimit);
    // an ended booking is no longer open
    await t.database.db
      .update(reservations)
      .set({ status: 'expired' })
      .where(eq(reservations.email, 'cap2@example.test'));
    expect((await book('198.51.100.1', { email: 'cap4@example.test' })).statusCode).toBe(201);
    // the organization's cap (WIDGET_MAX_OPEN_PER_ORGANIZATION=20 here) counts every address
    let open = (
      await t.database.db
        .select()
        .from(reservations)
        .where(and(isNotNull(reservations.widgetAddress), eq(reservations.status, 'active')))
    ).length;
    let n = 0;
    while (open < 20) {
      expect(
        (await book(`198.51.100.${10 + Math.floor(n / 4)}`, { email: `many${n++}@example.test` })).statusCode,
      ).toBe(201);
      open++;
    }
    const full = await book('198.51.100.99', { email: 'late@example.test' });
    expect(full.statusCode).toBe(429);
    expect(full.json().detail).toBe(TOOLBOX_MESSAGES.organizationBookingLimit);
    await t.database.db
      .update(reservations)
      .set({ status: 'expired' })
      .where(isNotNull(reservations.widgetAddress));
  });

  it("attaches a booking to an existing customer only through the contact's code", async () => {
    const [vip] = await t.database.db
      .insert(users)
      .values({
        organizationId: orgId,
        name: 'Vera',
        email: 'vip@example.test',
        phoneNumber: '+442079460123',
      })
      .returning();
    const ofVip = () => t.database.db.select().from(reservations).where(eq(reservations.idUser, vip!.id));
    // typing the e-mail is not enough: without the code sent to it, nothing is attached or made
    const usersBefore = (await t.database.db.select().from(users)).length;
    const typed = await t.app.inject({
      method: 'POST',
      url: `/api/widget/demo-org/reservations?key=${pk}`,
      remoteAddress: '198.51.100.50',
      payload: {
        id_location: loc,
        id_size: small,
        start: inHours(190),
        end: inHours(191),
        name: 'Mallory Doe',
        email: 'VIP@example.test',
        verification_code: '123456',
      },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().code).toBe('toolbox.verificationInvalid');
    expect(await ofVip()).toEqual([]);
    expect((await t.database.db.select().from(users)).length).toBe(usersBefore);
    // the owner of the e-mail, with the code sent to it, books as that customer
    const first = await book('198.51.100.50', { email: 'VIP@example.test' }, 'Vera V');
    expect(first.statusCode).toBe(201);
    const byNumber = (tn: string) =>
      t.database.db.select().from(reservations).where(eq(reservations.trackingNumber, tn));
    expect((await byNumber(first.json().tracking_number))[0]!.idUser).toBe(vip!.id);
    // and so does the owner of the phone number
    const phone = await book('198.51.100.50', { phone_number: '+44 20 7946 0123' });
    expect(phone.statusCode).toBe(201);
    expect((await byNumber(phone.json().tracking_number))[0]!.idUser).toBe(vip!.id);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, vip!.id));
    expect(still).toMatchObject({ name: 'Vera', widgetOnly: false });
    expect((await t.database.db.select().from(users)).length).toBe(usersBefore);
    await t.database.db
      .update(reservations)
      .set({ status: 'expired' })
      .where(isNotNull(reservations.widgetAddress));
  });

  it("takes phone numbers of the organization's country and WIDGET_SMS_COUNTRIES only", async () => {
    const premium = await book('198.51.100.60', { phone_number: '+1 900 555 0199' });
    expect(premium.statusCode).toBe(400);
    expect(premium.json().detail).toBe(TOOLBOX_MESSAGES.phoneCountryNotAllowed);
    expect((await book('198.51.100.60', { phone_number: '+49 30 901820' })).statusCode).toBe(400);
    expect((await book('198.51.100.60', { phone_number: '+882 1234 5678' })).statusCode).toBe(400);
    expect(
      await t.database.db.select().from(reservations).where(eq(reservations.phoneNumber, '19005550199')),
    ).toEqual([]);
    // listed in WIDGET_SMS_COUNTRIES here; a premium-rate number of a listed country is still refused
    expect((await book('198.51.100.60', { phone_number: '+44 20 7946 0001' })).statusCode).toBe(201);
    expect((await book('198.51.100.62', { phone_number: '+44 909 879 0000' })).statusCode).toBe(400);
    // no contact phone yet: the countries of its currency (usd: US)
    expect((await book('198.51.100.62', { phone_number: '+1 312 253 4002' })).statusCode).toBe(201);
    // the organization's own country, from its contact phone; a national number is read in it
    await t.database.db
      .insert(settings)
      .values({ organizationId: orgId, defaultSupportPhone: '+1 312 555 0100' })
      .onConflictDoUpdate({
        target: settings.organizationId,
        set: { defaultSupportPhone: '+1 312 555 0100' },
      });
    try {
      expect((await book('198.51.100.60', { phone_number: '+1 312 253 4000' })).statusCode).toBe(201);
      expect((await book('198.51.100.61', { phone_number: '(312) 253-4001' })).statusCode).toBe(201);
      expect((await book('198.51.100.61', { phone_number: '+49 30 901820' })).statusCode).toBe(400);
    } finally {
      await t.database.db
        .update(settings)
        .set({ defaultSupportPhone: null })
        .where(eq(settings.organizationId, orgId));
      await t.database.db
        .update(reservations)
        .set({ status: 'expired' })
        .where(isNotNull(reservations.widgetAddress));
    }
  });
});

describe('integrations', () => {
  it('saves Twilio with the token encrypted, shows its last 4 only, and sends the organization SMS through it', async () => {
    const empty = (
      await t.app.inject({ method: 'GET', url: '/api/integrations/twilio', headers: admin })
    ).json();
    expect(empty).toEqual({
      configured: false,
      account_sid: null,
      auth_token_last4: null,
      from: null,
      verification_enabled: true,
      alerts_enabled: true,
    });
    const sid = `AC${'0123456789abcdef'.repeat(2)}`;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/integrations/twilio',
      headers: admin,
      payload: { account_sid: 'nope', auth_token: 'secret-token-9876', from: '+15550001111' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(TOOLBOX_MESSAGES.sidFormat);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/integrations/twilio',
      headers: admin,
      payload: { account_sid: sid, auth_token: 'secret-token-9876', from: '+15550001111' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      configured: true,
      account_sid: sid,
      auth_token_last4: '9876',
      from: '+15550001111',
      verification_enabled: true,
      alerts_enabled: true,
    });
    expect(saved.body).not.toContain('secret-token');
    const [row] = await t.database.db
      .select()
      .from(toolboxSettings)
      .where(eq(toolboxSettings.organizationId, orgId));
    expect(row!.twilioAuthTokenEnc).toMatch(/^v1:/);
    expect(row!.twilioAuthTokenEnc).not.toContain('secret-token');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/integrations', headers: admin })).json(),
    ).toMatchObject({
      twilio: true,
    });

    await t.app.ctx.sms.send({ to: '+15550002222', body: 'Your code is 1234', organizationId: orgId });
    expect(twilioCalls).toHaveLength(1);
    expect(twilioCalls[0]!.url).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(twilioCalls[0]!.auth).toBe(`Basic ${Buffer.from(`${sid}:secret-token-9876`).toString('base64')}`);
    expect(new URLSearchParams(twilioCalls[0]!.body).get('From')).toBe('+15550001111');
    // Another organization without its own account uses the server's default (the outbox here).
    const other = await createOrganization(t, 'Sms Other', orgId);
    await t.app.ctx.sms.send({ to: '+15550003333', body: 'hello', organizationId: other.id });
    expect(twilioCalls).toHaveLength(1);
    const outbox = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+15550003333'));
    expect(outbox[0]!.driver).toBe('outbox');
    // A save without a token keeps the saved one.
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/api/integrations/twilio',
      headers: admin,
      payload: { account_sid: sid, from: '+15550004444' },
    });
    expect(kept.json()).toMatchObject({ auth_token_last4: '9876', from: '+15550004444' });
    await t.app.inject({ method: 'DELETE', url: '/api/integrations/twilio', headers: admin });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/integrations/twilio', headers: admin })).json()
        .configured,
    ).toBe(false);
  });

  it("saves the dialog's two toggles and keeps SMS of a purpose turned off from going out", async () => {
    const sid = `AC${'abcdef0123456789'.repeat(2)}`;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/integrations/twilio', headers: admin, payload });
    const saved = await put({
      account_sid: sid,
      auth_token: 'toggle-token-1234',
      from: '+15550005555',
      verification_enabled: false,
      alerts_enabled: false,
    });
    expect(saved.json()).toMatchObject({ verification_enabled: false, alerts_enabled: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/integrations/twilio', headers: admin })).json(),
    ).toMatchObject({ verification_enabled: false, alerts_enabled: false });
    const calls = twilioCalls.length;
    const send = (purpose: 'alert' | 'verification') =>
      t.app.ctx.sms.send({ to: '+15550006666', body: 'x', organizationId: orgId, purpose });
    await expect(send('alert')).rejects.toThrow(TOOLBOX_MESSAGES.smsAlertsOff);
    await expect(send('verification')).rejects.toThrow(TOOLBOX_MESSAGES.smsVerificationOff);
    expect(twilioCalls).toHaveLength(calls);
    // alerts on again, verification still off
    await put({ account_sid: sid, from: '+15550005555', verification_enabled: false, alerts_enabled: true });
    await send('alert');
    expect(twilioCalls).toHaveLength(calls + 1);
    await expect(send('verification')).rejects.toBeInstanceOf(SmsTurnedOff);
    // removing the account turns both back on
    await t.app.inject({ method: 'DELETE', url: '/api/integrations/twilio', headers: admin });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/integrations/twilio', headers: admin })).json(),
    ).toMatchObject({ configured: false, verification_enabled: true, alerts_enabled: true });
    expect((await put({ account_sid: sid, from: '+1', alerts_enabled: 'no' })).statusCode).toBe(400);
  });

  it('is for admins of organizations with the Toolbox flag only', async () => {
    await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
    const member = bearer(await signIn(t.app, 'member@demo-org.test'));
    for (const [method, url] of [
      ['GET', '/api/apps/lite-app'],
      ['PUT', '/api/apps/widget'],
      ['GET', '/api/integrations/twilio'],
      ['GET', '/api/webhooks'],
    ] as const)
      expect((await t.app.inject({ method, url, headers: member })).statusCode).toBe(403);
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'No Toolbox', demo.id);
    await t.database.db.update(organizations).set({ toolbox: false }).where(eq(organizations.id, org.id));
    await createMember(t, org.id, { email: 'admin@no-toolbox.test' });
    const h = bearer(await signIn(t.app, 'admin@no-toolbox.test', undefined, 'no-toolbox.localhost'));
    expect((await t.app.inject({ method: 'GET', url: '/api/apps/lite-app', headers: h })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: h })).statusCode).toBe(403);
  });
});
