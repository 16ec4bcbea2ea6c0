import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, insertLocation, signIn, type TestApp } from '../../../test/helpers';
import { kiosks, members, notificationDeliveries, webhookMessages } from '../../db/schema';
import { kioskOfflineJob } from '.';

/**
 * The screens' offline alert, on an injected clock: a paired screen not seen for longer than
 * the limit (the environment's default, or its organization's own setting) is reported once per
 * outage — the team's e-mail and `kiosk.offline` — and `kiosk.online` once when it calls again.
 */
type H = Record<string, string>;
let t: TestApp;
let admin: H;
let orgId: string;
let here: string;
const MINUTE = 60_000;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

/** One run of the job at `now`, as the job runner would make it. */
const sweep = (now: Date) =>
  kioskOfflineJob({ defaultMinutes: 10 }).handler({ db: t.database.db, log: t.app.log, now: () => now });

async function screen(name: string, lastSeen: Date) {
  const made = await api('POST', 'kiosks/pairing', admin, { id_location: here, name });
  const paired = await api('POST', 'kiosk/pair', {}, { code: made.json().code });
  const id = made.json().kiosk.id as string;
  await t.database.db.update(kiosks).set({ lastSeenAt: lastSeen }).where(eq(kiosks.id, id));
  return { id, token: paired.json().token as string };
}

const webhooksOf = async (id: string) =>
  (await t.database.db.select().from(webhookMessages).where(eq(webhookMessages.organizationId, orgId)))
    .map(
      (m) =>
        m.payload as { type: string; data: { subject: { id: string }; payload: Record<string, unknown> } },
    )
    .filter((p) => p.data.subject.id === id);
const mailsAbout = async (name: string) =>
  (
    await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(eq(notificationDeliveries.organizationId, orgId), eq(notificationDeliveries.channel, 'email')),
      )
  ).filter(
    (d) => d.body.includes(`"${name}"`) || d.body.includes(`«${name}»`) || d.body.includes(`„${name}“`),
  );

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  here = await insertLocation(t.database.db, orgId, 'Outage Street');
  const hook = await api('POST', 'webhooks', admin, {
    url: 'http://127.0.0.1:9/hook',
    events: ['kiosk.offline', 'kiosk.online'],
  });
  expect(hook.statusCode).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

describe('a screen that stops calling', () => {
  it('is reported once per outage, and once when it is back', async () => {
    const now = new Date();
    const quiet = await screen('Hall screen', new Date(now.getTime() - 11 * MINUTE));
    const fine = await screen('Busy screen', new Date(now.getTime() - 5 * MINUTE));

    // nine minutes ago the quiet one was still within the limit
    expect(await sweep(new Date(now.getTime() - 9 * MINUTE))).toEqual({ offline: 0, online: 0 });
    expect(await sweep(now)).toEqual({ offline: 1, online: 0 });
    // the same outage is not reported again
    expect(await sweep(new Date(now.getTime() + MINUTE))).toEqual({ offline: 0, online: 0 });

    const hooks = await webhooksOf(quiet.id);
    expect(hooks.map((h) => h.type)).toEqual(['kiosk.offline']);
    expect(hooks[0]!.data.payload).toMatchObject({
      name: 'Hall screen',
      location: 'Outage Street',
      state: 'offline',
      offline_minutes: 10,
    });
    expect(await webhooksOf(fine.id)).toEqual([]);
    const mails = await mailsAbout('Hall screen');
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.body).toBe(
      'Screen offline at Outage Street: "Hall screen" has not called for more than 10 minutes.',
    );
    const [row] = await t.database.db.select().from(kiosks).where(eq(kiosks.id, quiet.id));
    expect(row!.offlineSince?.getTime()).toBe(now.getTime());

    // it calls again: online, once
    expect((await api('GET', 'kiosk/state', { 'x-kiosk-token': quiet.token })).statusCode).toBe(200);
    const later = new Date(Date.now() + 1000);
    expect(await sweep(later)).toEqual({ offline: 0, online: 1 });
    expect(await sweep(new Date(later.getTime() + MINUTE))).toEqual({ offline: 0, online: 0 });
    expect((await webhooksOf(quiet.id)).map((h) => h.type)).toEqual(['kiosk.offline', 'kiosk.online']);
    expect((await mailsAbout('Hall screen')).some((m) => m.body.includes('back online'))).toBe(true);

    // a new outage is a new report
    expect(await sweep(new Date(later.getTime() + 11 * MINUTE))).toEqual({ offline: 2, online: 0 });
  });

  it("follows the organization's own limit, in the team member's language", async () => {
    const put = await api('PUT', 'settings', admin, { kiosk_offline_minutes: 3 });
    expect(put.statusCode).toBe(200);
    expect(put.json().kiosk_offline_minutes).toBe(3);
    expect((await api('PUT', 'settings', admin, { kiosk_offline_minutes: 1 })).statusCode).toBe(400);
    await t.database.db.update(members).set({ language: 'de' }).where(eq(members.organizationId, orgId));
    const now = new Date();
    const s = await screen('Side screen', new Date(now.getTime() - 4 * MINUTE));
    expect((await sweep(now)).offline).toBeGreaterThanOrEqual(1);
    expect((await webhooksOf(s.id))[0]!.data.payload.offline_minutes).toBe(3);
    expect((await mailsAbout('Side screen'))[0]!.body).toBe(
      'Bildschirm offline in Outage Street: „Side screen“ hat sich seit mehr als 3 Minuten nicht gemeldet.',
    );
    await api('PUT', 'settings', admin, { kiosk_offline_minutes: null });
    await t.database.db.update(members).set({ language: null }).where(eq(members.organizationId, orgId));
  });

  it('a revoked screen is never reported', async () => {
    const now = new Date();
    const s = await screen('Gone screen', new Date(now.getTime() - 60 * MINUTE));
    expect((await api('DELETE', `kiosks/${s.id}`, admin)).statusCode).toBe(200);
    await sweep(now);
    expect(await webhooksOf(s.id)).toEqual([]);
  });
});
