import { OPERATOR_TEXTS } from '@lockerops/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { lastWidgetCode } from '../../../test/widget';
import { mailOutbox, settings, smsOutbox, toolboxSettings, widgetVerifications } from '../../db/schema';
import { addressKey } from './service';

/*
 * The one-time codes' caps and answers, through the reservation widget (the Lite App's sign-in
 * uses the same machinery): per organization an hour (the operator told once), per IPv6 /64, one
 * answer for every code that does not pass, tries counted per address, SMS only while the
 * organization's verification switch is on.
 */

let t: TestApp;
let pk: string;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({
    WIDGET_RATE_LIMIT: '1000',
    WIDGET_SMS_COUNTRIES: 'GB',
    WIDGET_CODES_PER_ADDRESS: '3',
    CODES_PER_ORGANIZATION_HOUR: '12',
  });
  const admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
  pk = (await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })).json()
    .publishable_key;
});
afterAll(() => t.close());

const ask = (contact: Record<string, string>, address: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/widget/demo-org/verification?key=${pk}`,
    remoteAddress: address,
    payload: contact,
  });
const count = async (table: typeof mailOutbox | typeof smsOutbox) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const clear = () =>
  t.database.db.delete(widgetVerifications).where(eq(widgetVerifications.organizationId, orgId));

describe('one-time codes', () => {
  it('keys an IPv6 address on its /64 and an IPv4-mapped one on the IPv4 address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(addressKey('192.0.2.9')).toBe('192.0.2.9');
  });

  it('counts every address of one IPv6 /64 as one caller', async () => {
    await clear();
    for (let i = 1; i <= 3; i++)
      expect((await ask({ email: `six${i}@example.test` }, `2001:db8:7:7::${i}`)).statusCode).toBe(202);
    const fourth = await ask({ email: 'six4@example.test' }, '2001:db8:7:7:dead:beef:0:1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('toolbox.verificationAddressLimit');
    // another /64 still asks
    expect((await ask({ email: 'six5@example.test' }, '2001:db8:7:8::1')).statusCode).toBe(202);
  });

  it('caps codes per organization an hour and tells the operator once', async () => {
    await clear();
    const mailsBefore = await count(mailOutbox);
    for (let i = 0; i < 12; i++)
      expect((await ask({ email: `cap${i}@example.test` }, `198.51.100.${i + 1}`)).statusCode).toBe(202);
    const over = await ask({ email: 'cap-over@example.test' }, '198.51.100.200');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('toolbox.verificationOrganizationLimit');
    expect((await ask({ email: 'cap-over2@example.test' }, '198.51.100.201')).statusCode).toBe(429);
    // 12 codes and one notice to the operator, not one per refusal
    expect(await count(mailOutbox)).toBe(mailsBefore + 13);
    const notices = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Sign-in and booking codes paused for the rest of the hour'));
    expect(notices).toHaveLength(1);
    // a code already sent is still checked (the widget is not shut)
    const code = await lastWidgetCode(t, { email: 'cap0@example.test' });
    expect(code).toMatch(/^\d{6}$/);
  });

  it('sends no code by SMS while the verification switch is off', async () => {
    await clear();
    await t.database.db
      .insert(toolboxSettings)
      .values({ organizationId: orgId, twilioVerification: false })
      .onConflictDoUpdate({ target: toolboxSettings.organizationId, set: { twilioVerification: false } });
    const sms = await count(smsOutbox);
    const res = await ask({ phone_number: '+44 20 7946 0700' }, '192.0.2.80');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('toolbox.smsVerificationOff');
    expect(await count(smsOutbox)).toBe(sms);
    expect((await ask({ email: 'mail-still@example.test' }, '192.0.2.80')).statusCode).toBe(202);
    await t.database.db
      .update(toolboxSettings)
      .set({ twilioVerification: true })
      .where(eq(toolboxSettings.organizationId, orgId));
    expect((await ask({ phone_number: '+44 20 7946 0700' }, '192.0.2.80')).statusCode).toBe(202);
  });

  it("tells the operator in the organization's default language", async () => {
    await clear();
    await t.database.db
      .update(settings)
      .set({ defaultLanguage: 'de' })
      .where(eq(settings.organizationId, orgId));
    try {
      for (let i = 0; i < 12; i++)
        expect((await ask({ email: `de-cap${i}@example.test` }, `203.0.113.${i + 1}`)).statusCode).toBe(202);
      expect((await ask({ email: 'de-cap-over@example.test' }, '203.0.113.200')).statusCode).toBe(429);
      const [notice] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, OPERATOR_TEXTS.de.codeCapSubject));
      expect(notice!.subject).toBe('Anmelde- und Buchungscodes für den Rest der Stunde pausiert');
      expect(notice!.text).toContain('hat sein Limit von 12 Einmalcodes pro Stunde erreicht');
    } finally {
      await t.database.db
        .update(settings)
        .set({ defaultLanguage: 'en' })
        .where(eq(settings.organizationId, orgId));
    }
  });
});
