import fs from 'node:fs';
import path from 'node:path';
import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { lastWidgetCode, type WidgetContact, widgetCode } from '../../../test/widget';
import {
  devices,
  domainEvents,
  locations,
  mailOutbox,
  notificationDeliveries,
  reservations,
  sizes,
  smsOutbox,
  users,
  widgetVerifications,
} from '../../db/schema';

/*
 * The widget's verified contact (README "Reservation widget"): a code sent to the
 * booking's one contact before a door is held or anything is sent. Default limits: 3 codes per
 * contact from one client address in 10 minutes (15 from all), 10 per client address in an hour.
 */

let t: TestApp;
let pk: string;
let loc: string;
let small: string;
let slot = 10;
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ WIDGET_RATE_LIMIT: '1000', WIDGET_SMS_COUNTRIES: 'GB' });
  const admin = bearer(await signIn(t.app));
  const orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  const [l] = await db.insert(locations).values({ organizationId: orgId, name: 'Quay' }).returning();
  const [s] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'Small', width: '10', depth: '10', height: '10' })
    .returning();
  loc = l!.id;
  small = s!.id;
  for (const n of [1, 2, 3])
    await db.insert(devices).values({
      organizationId: orgId,
      name: `Locker ${n}`,
      lockerNumber: n,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: loc,
      idSize: small,
    });
  await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
  pk = (await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })).json()
    .publishable_key;
});
afterAll(() => t.close());

const ask = (contact: WidgetContact | Record<string, string>, address = '192.0.2.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/widget/demo-org/verification?key=${pk}`,
    remoteAddress: address,
    payload: contact,
  });

/** A booking in a window of its own for `contact` with `code` (none when undefined). */
const book = (contact: WidgetContact, code: string | undefined, address = '192.0.2.1') => {
  slot += 2;
  return t.app.inject({
    method: 'POST',
    url: `/api/widget/demo-org/reservations?key=${pk}`,
    remoteAddress: address,
    payload: {
      id_location: loc,
      id_size: small,
      start: inHours(slot),
      end: inHours(slot + 1),
      name: 'Guest Person',
      ...contact,
      ...(code === undefined ? {} : { verification_code: code }),
    },
  });
};

const count = async (table: typeof users | typeof reservations | typeof mailOutbox | typeof smsOutbox) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const outboxFiles = () => {
  const dir = path.join(t.config.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
/** What a refused booking must leave as it was: customers, reservations, events, messages. */
const footprint = async () => ({
  users: await count(users),
  reservations: await count(reservations),
  events: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents))[0]!.n,
  deliveries: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notificationDeliveries))[0]!
    .n,
  mails: await count(mailOutbox),
  sms: await count(smsOutbox),
  files: outboxFiles(),
});
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the widget: a verified contact before a booking', () => {
  it('sends a code to the contact only, never in an answer, stored as its HMAC', async () => {
    const before = await count(mailOutbox);
    const res = await ask({ email: 'Ann@Example.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: TOOLBOX_MESSAGES.verificationSent, expires_at: expect.any(String) });
    expect(Date.parse(res.json().expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(res.json().expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ann@example.test'));
    expect(mails).toHaveLength(1);
    expect(await count(mailOutbox)).toBe(before + 1);
    const code = await lastWidgetCode(t, { email: 'ann@example.test' });
    expect(res.body).not.toContain(code);
    const [row] = await t.database.db
      .select()
      .from(widgetVerifications)
      .where(eq(widgetVerifications.contact, 'ann@example.test'));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the booking's answer has no code either
    const booked = await book({ email: 'ann@example.test' }, code);
    expect(booked.statusCode).toBe(201);
    expect(booked.body).not.toContain(code);
    // by SMS to a phone of an allowed country, in E.164
    const sms = await ask({ phone_number: '+44 20 7946 0200' });
    expect(sms.statusCode).toBe(202);
    const texts = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+442079460200'));
    expect(texts).toHaveLength(1);
    expect(sms.body).not.toContain(
      await lastWidgetCode(t, { phone_number: '+442079460200' }, '+442079460200'),
    );
  });

  it('refuses a booking without a code, with a wrong one or an expired one, and nothing happens', async () => {
    const contact = { email: 'bea@example.test' };
    await ask(contact);
    const code = await lastWidgetCode(t, contact);
    const before = await footprint();
    const none = await book(contact, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      detail: TOOLBOX_MESSAGES.verificationRequired,
      code: 'toolbox.verificationRequired',
    });
    const wrong = await book(contact, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      detail: TOOLBOX_MESSAGES.verificationInvalid,
      code: 'toolbox.verificationInvalid',
    });
    await t.database.db
      .update(widgetVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(widgetVerifications.contact, 'bea@example.test'));
    const expired = await book(contact, code);
    expect(expired.statusCode).toBe(400);
    // one answer for a wrong and an expired code
    expect(expired.json()).toEqual(wrong.json());
    // a contact never sent a code
    const never = await book({ email: 'nobody@example.test' }, '123456');
    expect(never.json()).toEqual(wrong.json());
    expect(await footprint()).toEqual(before);
  });

  it('voids a code after 5 wrong tries, and uses a code once', async () => {
    const contact = { phone_number: '+44 20 7946 0300' };
    await ask(contact);
    const code = await lastWidgetCode(t, contact, '+442079460300');
    const before = await footprint();
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await book(contact, wrongCode(code))).json().code);
    expect(answers).toEqual(Array(5).fill('toolbox.verificationInvalid'));
    const right = await book(contact, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('toolbox.verificationInvalid');
    expect(await footprint()).toEqual(before);
    // a new code works, once
    await ask(contact);
    const fresh = await lastWidgetCode(t, contact, '+442079460300');
    expect((await book(contact, fresh)).statusCode).toBe(201);
    const again = await book(contact, fresh);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('toolbox.verificationInvalid');
  });

  it("counts wrong tries per client address: a stranger's guesses do not void a customer's code", async () => {
    const contact = { email: 'kept@example.test' };
    await ask(contact, '192.0.2.60');
    const code = await lastWidgetCode(t, contact);
    for (let i = 0; i < 5; i++)
      expect((await book(contact, wrongCode(code), '203.0.113.99')).json().code).toBe(
        'toolbox.verificationInvalid',
      );
    // the stranger is done with this code, even with the right one
    expect((await book(contact, code, '203.0.113.99')).json().code).toBe('toolbox.verificationInvalid');
    // the customer's own try still books
    expect((await book(contact, code, '192.0.2.60')).statusCode).toBe(201);
  });

  it("does not book for contact B with contact A's code", async () => {
    const a = { email: 'alice@example.test' };
    const b = { email: 'bob@example.test' };
    const codeA = await widgetCode(t, pk, a, { address: '192.0.2.7' });
    const before = await footprint();
    const asB = await book(b, codeA);
    expect(asB.statusCode).toBe(400);
    expect(asB.json().code).toBe('toolbox.verificationInvalid');
    // B with a code of its own, then A's code again for B: wrong
    await ask(b, '192.0.2.7');
    const codeB = await lastWidgetCode(t, b);
    const crossed = await book(b, codeA === codeB ? wrongCode(codeB) : codeA);
    expect(crossed.json().code).toBe('toolbox.verificationInvalid');
    expect({ ...(await footprint()), mails: before.mails, files: before.files }).toEqual(before);
    // A's code still books for A
    const own = await book(a, codeA);
    expect(own.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.trackingNumber, own.json().tracking_number));
    expect(row!.email).toBe('alice@example.test');
  });

  it('limits codes per contact (3 in 10 minutes from one address) and per client address (10 in an hour): 429', async () => {
    const contact = { email: 'many@example.test' };
    for (let i = 0; i < 3; i++) expect((await ask(contact, '198.51.100.9')).statusCode).toBe(202);
    const sent = await count(mailOutbox);
    const files = outboxFiles();
    const fourth = await ask({ email: 'MANY@example.test' }, '198.51.100.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      detail: TOOLBOX_MESSAGES.verificationContactLimit,
      code: 'toolbox.verificationContactLimit',
    });
    for (let i = 0; i < 10; i++)
      expect((await ask({ email: `addr${i}@example.test` }, '203.0.113.50')).statusCode).toBe(202);
    const eleventh = await ask({ phone_number: '+44 20 7946 0400' }, '203.0.113.50');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      detail: TOOLBOX_MESSAGES.verificationAddressLimit,
      code: 'toolbox.verificationAddressLimit',
    });
    expect(await count(mailOutbox)).toBe(sent + 10);
    expect(outboxFiles()).toBe(files + 10);
    // another address still asks for another contact
    expect((await ask({ email: 'other@example.test' }, '203.0.113.51')).statusCode).toBe(202);
    // a contact's window passes after 10 minutes
    await t.database.db
      .update(widgetVerifications)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(widgetVerifications.contact, 'many@example.test'));
    expect((await ask(contact, '198.51.100.9')).statusCode).toBe(202);
  });

  it('refuses to text a number the widget may not send to, and sends nothing', async () => {
    const before = await footprint();
    for (const phone_number of ['+1 900 555 0199', '+49 30 901820', '+44 909 879 0000']) {
      const res = await ask({ phone_number }, '192.0.2.30');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('toolbox.phoneCountryNotAllowed');
    }
    const both = await ask({ phone_number: '+44 20 7946 0500', email: 'both@example.test' }, '192.0.2.30');
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('toolbox.oneContact');
    expect((await ask({}, '192.0.2.30')).json().code).toBe('toolbox.contactRequired');
    expect((await ask({ email: 'not-an-address' }, '192.0.2.30')).json().code).toBe('toolbox.emailInvalid');
    expect(await footprint()).toEqual(before);
  });

  it('writes the code in the language the page asks for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/widget/demo-org/verification?key=${pk}`,
      remoteAddress: '192.0.2.40',
      headers: { 'accept-language': 'de' },
      payload: { email: 'dora@example.test' },
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'dora@example.test'));
    expect(mail!.subject).toMatch(/^Buchungscode von /);
    expect(mail!.text).toMatch(/Ihr Buchungscode von .* lautet \d{6}\./);
  });

  it('the page asks for the code in its language, labelled and announced', async () => {
    for (const [lang, send, field] of [
      ['en', 'Send code', 'E-mail or phone number'],
      ['es', 'Enviar código', 'Correo electrónico o número de teléfono'],
      ['de', 'Code senden', 'E-Mail oder Telefonnummer'],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url: `/widget/demo-org?key=${pk}&lang=${lang}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<button type="button" class="secondary" id="send">${send}</button>`);
      expect(page.body).toContain(`<label for="contact">${field}</label>`);
      expect(page.body).toContain('<label for="code">');
      expect(page.body).toContain('id="sent" class="note hidden" role="status" aria-live="polite"');
    }
  });
});

describe('when the mail provider fails', () => {
  it('answers 502 with a message, the code in no answer', async () => {
    const codes: string[] = [];
    const failing = await createTestApp({}, undefined, {
      mail: {
        driver: 'smtp',
        async send(m) {
          codes.push(/\b(\d{6})\b/.exec(m.text)?.[1] ?? '');
          throw new Error('smtp down');
        },
        async close() {},
      },
    });
    try {
      const admin = bearer(await signIn(failing.app));
      await failing.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
      const key = (
        await failing.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })
      ).json().publishable_key;
      const res = await failing.app.inject({
        method: 'POST',
        url: `/api/widget/demo-org/verification?key=${key}`,
        payload: { email: 'down@example.test' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        detail: TOOLBOX_MESSAGES.verificationNotSent,
        code: 'toolbox.verificationNotSent',
      });
      expect(codes).toHaveLength(1);
      expect(codes[0]).toMatch(/^\d{6}$/);
      expect(res.body).not.toContain(codes[0]);
    } finally {
      await failing.close();
    }
  });
});
