import {
  ALERT_TEXTS,
  DELIVERY_TEXTS,
  fillMailText,
  KIOSK_ALERT_TEXTS,
  MAIL_TEXTS,
} from '@lockerops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  bearer,
  createMember,
  createTestApp,
  demoOrg,
  insertLocation,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import {
  kiosks,
  mailOutbox,
  members,
  notificationDeliveries,
  reports,
  settings,
  smsOutbox,
  toolboxSettings,
} from '../../db/schema';
import { kioskOfflineJob } from '../../modules/kiosks';
import { sendDueReports } from '../../modules/reports/service/send-job';

/*
 * Every e-mail and SMS to a person with no language of their own speaks the organization's
 * default language (settings' `default_language`, German here), and a recipient's own language
 * still wins: team-member invitations, the notification contact's link, scheduled reports,
 * door-health and screen-offline alerts (e-mail and the support phone's SMS), the one-time codes
 * of the widget and the Lite App, a delivery's pickup code.
 */

type H = Record<string, string>;
let t: TestApp;
let admin: H;
let orgId: string;
const SUPPORT_PHONE = '+15557654321';

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

/** The newest mail to `to` in the local outbox. */
const lastMail = async (to: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
  )[0];
/** The newest text to `to` in the local outbox. */
const lastSms = async (to: string) =>
  (
    await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, to))
      .orderBy(desc(smsOutbox.createdAt))
      .limit(1)
  )[0];
/** The queued team messages of the organization on `channel`, newest last. */
const queued = (channel: 'email' | 'sms') =>
  t.database.db
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.organizationId, orgId), eq(notificationDeliveries.channel, channel)))
    .orderBy(notificationDeliveries.createdAt);

beforeAll(async () => {
  t = await createTestApp({
    HEALTH_GRACE_SECONDS: '0',
    WIDGET_RATE_LIMIT: '1000',
    WIDGET_SMS_COUNTRIES: 'US',
  });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  const put = await api('PUT', 'settings', admin, {
    default_language: 'de',
    default_support_phone: SUPPORT_PHONE,
  });
  expect(put.statusCode, put.body).toBe(200);
  // the demo admin chose no language: the alerts and reports addressed to it speak the organization's
  await t.database.db.update(members).set({ language: null }).where(eq(members.organizationId, orgId));
  await t.database.db.update(settings).set({ timeZone: 'UTC' }).where(eq(settings.organizationId, orgId));
});
afterAll(async () => {
  await t?.close();
});

describe("the organization's default language for people with none of their own", () => {
  it('invites a team member in German, even when the inviting admin reads English', async () => {
    const inviter = await createMember(t, orgId, { email: 'english-admin@demo-org.test', role: 'admin' });
    await t.database.db.update(members).set({ language: 'en' }).where(eq(members.id, inviter.id));
    const auth = bearer(await signIn(t.app, 'english-admin@demo-org.test'));
    const res = await api('POST', 'members?email=neu@demo-org.test', auth, {
      first_name: 'Nina',
      role: 'member',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mail = await lastMail('neu@demo-org.test');
    expect(mail?.subject).toMatch(/^Ihr Teammitglied-Konto bei /);
    expect(mail?.text).toContain(fillMailText(MAIL_TEXTS.de.helloName, { name: 'Nina' }));
  });

  it("resends the password in the member's own language when it has one", async () => {
    const invited = await api('POST', 'members?email=sofia@demo-org.test', admin, {
      first_name: 'Sofía',
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    await t.database.db
      .update(members)
      .set({ language: 'es' })
      .where(eq(members.email, 'sofia@demo-org.test'));
    const res = await api('POST', 'members/resend-password-email', admin, { email: 'sofia@demo-org.test' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await lastMail('sofia@demo-org.test'))?.text).toContain(
      fillMailText(MAIL_TEXTS.es.helloName, { name: 'Sofía' }),
    );
  });

  it("mails the notification contact's link in German", async () => {
    const res = await api('POST', 'notification-contact/verify?email=desk@example.test', admin, {});
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await lastMail('desk@example.test'))?.subject).toMatch(
      /^Bestätigen Sie Ihren Benachrichtigungskontakt/,
    );
  });

  it('sends a scheduled report in German to a member who chose no language', async () => {
    const [me] = await t.database.db.select().from(members).where(eq(members.email, ADMIN_EMAIL));
    const made = await api('POST', 'reports', admin, {
      name: 'Woche',
      contents: ['earnings'],
      assign_to: [me!.id],
      recurrence: 'weekly',
      weekday: 0,
      send_time: '09:00',
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    await t.database.db
      .update(reports)
      .set({ nextDueAt: new Date('2026-03-02T09:00:00Z') })
      .where(eq(reports.id, made.json().id));
    const sent = await sendDueReports({
      db: t.database.db,
      mail: t.app.ctx.mail,
      log: t.app.log,
      now: () => new Date('2026-03-02T09:00:00Z'),
    });
    expect(sent.sent).toBe(1);
    expect((await lastMail(ADMIN_EMAIL))?.subject).toMatch(/^Woche: .+ bis /);
  });

  it('tells the team of a door alert in German, by e-mail and on the support phone', async () => {
    const size = (await api('POST', 'sizes', admin, { name: 'M', width: 10, depth: 10, height: 10 })).json()
      .id;
    const loc = await insertLocation(t.database.db, orgId, 'Hafen');
    const door = await api('POST', 'devices', admin, {
      name: 'Tür 901',
      locker_number: 901,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: loc,
      id_size: size,
    });
    expect(door.statusCode, door.body).toBe(200);
    await api('POST', 'fleet-health/poll', admin);
    expect(
      (await api('PUT', `fleet-health/devices/${door.json().id}/faults`, admin, { door: 'forced' }))
        .statusCode,
    ).toBe(200);
    expect((await api('POST', 'fleet-health/poll', admin)).json().raised).toBe(1);
    const what = fillMailText(ALERT_TEXTS.de.kinds.forced_open, { door: 901, place: 'Hafen' });
    const german = fillMailText(ALERT_TEXTS.de.subject, { place: 'Hafen', what });
    expect((await queued('email')).map((d) => d.subject)).toContain(german);
    const sms = (await queued('sms')).filter((d) => d.recipient === SUPPORT_PHONE);
    expect(sms.map((d) => d.body)).toContain(german);
  });

  it('tells the team of a screen gone offline in German', async () => {
    const loc = await insertLocation(t.database.db, orgId, 'Bahnhof');
    const made = await api('POST', 'kiosks/pairing', admin, { id_location: loc, name: 'Halle' });
    expect(made.statusCode, made.body).toBeLessThan(300);
    await api('POST', 'kiosk/pair', {}, { code: made.json().code });
    const now = new Date();
    await t.database.db
      .update(kiosks)
      .set({ lastSeenAt: new Date(now.getTime() - 11 * 60_000) })
      .where(eq(kiosks.id, made.json().kiosk.id));
    await kioskOfflineJob({ defaultMinutes: 10 }).handler({
      db: t.database.db,
      log: t.app.log,
      now: () => now,
    });
    const german = fillMailText(KIOSK_ALERT_TEXTS.de.offline, {
      name: 'Halle',
      place: 'Bahnhof',
      minutes: 10,
    });
    expect((await queued('email')).map((d) => d.subject)).toContain(german);
    expect((await queued('sms')).map((d) => d.body)).toContain(german);
  });

  it("sends the widget's code by SMS in German without a page language, in the page's when given", async () => {
    await t.database.db
      .insert(toolboxSettings)
      .values({ organizationId: orgId, twilioVerification: true })
      .onConflictDoUpdate({ target: toolboxSettings.organizationId, set: { twilioVerification: true } });
    await api('POST', 'api-keys', admin);
    const pk = (await api('GET', 'apps/widget', admin)).json().publishable_key;
    const ask = (phone: string, headers: H = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/widget/demo-org/verification?key=${pk}`,
        headers,
        payload: { phone_number: phone },
      });
    expect((await ask('+1 415 555 0101')).statusCode).toBe(202);
    expect((await lastSms('+14155550101'))!.body).toMatch(
      /^Ihr Buchungscode von .* lautet \d{6}\. Er ist 10 Minuten gültig\./,
    );
    expect((await ask('+1 415 555 0102', { 'accept-language': 'es-ES,es;q=0.9' })).statusCode).toBe(202);
    expect((await lastSms('+14155550102'))!.body).toMatch(/^Su código de reserva de .* es \d{6}\./);
  });

  it("sends the Lite App's sign-in code in German without an app language", async () => {
    // the verification switch is on (above): the app signs in with a phone number
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customer/demo-org/code',
      payload: { phone_number: '+1 415 555 0103' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await lastSms('+14155550103'))!.body).toMatch(
      /^Dein .*-Anmeldecode lautet \d{6}\. Er gilt 10 Minuten\./,
    );
  });

  it("sends a delivery's pickup code in German, by SMS and by e-mail", async () => {
    const bySms = await api('POST', 'event/delivery', admin, { phone_number: '+1 415 555 0177' });
    expect(bySms.statusCode, bySms.body).toBe(200);
    const sms = (await lastSms('+14155550177'))!.body;
    expect(sms).toContain(`Abholcode: ${bySms.json().event.pickup_code ?? ''}`.trim());
    expect(sms).toContain(DELIVERY_TEXTS.de.atDesk);
    const byMail = await api('POST', 'event/delivery', admin, { email: 'paket@example.test' });
    expect(byMail.statusCode, byMail.body).toBe(200);
    expect((await lastMail('paket@example.test'))?.subject).toBe(DELIVERY_TEXTS.de.readySubject);
  });
});
