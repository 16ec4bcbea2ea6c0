import {
  CONTACT_VERIFICATIONS_PER_HOUR,
  MSG,
  ORGANIZATION_MESSAGES,
  SETTINGS_MESSAGES,
} from '@lockerops/contract';
import { eq } from 'drizzle-orm';
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
import { multipartBody, PNG } from '../../../test/multipart';
import { startSmtpSink } from '../../../test/smtp-sink';
import { contactVerifications, organizations } from '../../db/schema';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: { authorization: string };
let member: { authorization: string };
let viewer: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  admin = bearer(await signIn(t.app));
  const demo = await demoOrg(t);
  await createMember(t, demo.id, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, demo.id, { email: 'viewer@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers = admin,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/api/${url}`, headers, ...(payload === undefined ? {} : { payload }) });

describe('settings', () => {
  it('answers the defaults, saves all (POST) and some (PUT)', async () => {
    const initial = await call('GET', 'settings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      default_currency: 'usd',
      default_device_hardware: null,
      default_device_mode: null,
      default_id_size: null,
      default_max_reservations: null,
      default_support_email: null,
      default_support_phone: null,
      support_email_verified: false,
      default_notification_channel: 'email',
      time_zone: 'America/Chicago',
      default_language: 'en',
      kiosk_offline_minutes: null,
    });
    const missing = await call('POST', 'settings', admin, {
      default_id_size: '33333333-3333-4333-8333-333333333333',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(SETTINGS_MESSAGES.sizeNotFound);
    const sizeId = (
      await call('POST', 'sizes', admin, { name: 'Default', width: 10, depth: 10, height: 10 })
    ).json().id as string;
    const post = await call('POST', 'settings', admin, {
      default_currency: 'eur',
      default_device_hardware: 'ojmar',
      default_device_mode: 'storage',
      default_id_size: sizeId,
      default_max_reservations: 3,
      default_support_email: 'help@demo-org.test',
      default_support_phone: '15551234567',
      default_notification_channel: 'sms',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({
      default_currency: 'eur',
      default_id_size: sizeId,
      default_max_reservations: 3,
    });
    const put = await call('PUT', 'settings', admin, {
      default_currency: 'gbp',
      default_max_reservations: null,
    });
    expect(put.json()).toMatchObject({
      default_currency: 'gbp',
      default_max_reservations: null,
      default_device_mode: 'storage',
      default_notification_channel: 'sms',
    });
    expect((await call('GET', 'settings', member)).json().default_currency).toBe('gbp');
    const replaced = await call('POST', 'settings', admin, { default_currency: 'cad' });
    expect(replaced.json()).toMatchObject({ default_currency: 'cad', default_device_mode: null });
  });

  it('saves the default language of mail and SMS; only en, es or de, and only by an admin', async () => {
    const put = await call('PUT', 'settings', admin, { default_language: 'de' });
    expect(put.statusCode).toBe(200);
    expect(put.json().default_language).toBe('de');
    expect((await call('GET', 'settings', member)).json().default_language).toBe('de');
    const bad = await call('PUT', 'settings', admin, { default_language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(SETTINGS_MESSAGES.invalidLanguage);
    expect((await call('PUT', 'settings', member, { default_language: 'es' })).statusCode).toBe(403);
    // a POST that leaves it out puts back the default, as for the other fields
    expect((await call('POST', 'settings', admin, {})).json().default_language).toBe('en');
  });

  it('refuses invalid values', async () => {
    const bad = await call('PUT', 'settings', admin, { default_currency: 'jpy' });
    expect(bad.statusCode).toBe(400);
    const email = await call('PUT', 'settings', admin, { default_support_email: 'nope' });
    expect(email.json().detail).toBe(MSG.invalidEmail);
    const channel = await call('PUT', 'settings', admin, { default_notification_channel: 'push' });
    expect(channel.statusCode).toBe(400);
  });

  it('refuses a default mode or hardware the organization has not enabled', async () => {
    const demo = await demoOrg(t);
    await t.database.db
      .update(organizations)
      .set({ vendingMode: false, kerongHardware: false })
      .where(eq(organizations.id, demo.id));
    const mode = await call('PUT', 'settings', admin, { default_device_mode: 'vending' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().detail).toBe(SETTINGS_MESSAGES.modeNotEnabled);
    const hw = await call('PUT', 'settings', admin, { default_device_hardware: 'kerong' });
    expect(hw.json().detail).toBe(SETTINGS_MESSAGES.hardwareNotEnabled);
    await t.database.db
      .update(organizations)
      .set({ vendingMode: true, kerongHardware: true })
      .where(eq(organizations.id, demo.id));
  });

  it('lets viewers read the settings but refuses viewers and members writing (403)', async () => {
    expect((await call('GET', 'settings', viewer)).statusCode).toBe(200);
    expect((await call('PUT', 'settings', viewer, { default_currency: 'usd' })).statusCode).toBe(403);
    expect((await call('PUT', 'settings', member, { default_currency: 'usd' })).statusCode).toBe(403);
    expect((await call('POST', 'settings', member, {})).statusCode).toBe(403);
  });

  it('keeps settings per organization', async () => {
    const demo = await demoOrg(t);
    const other = await createOrganization(t, 'Settings Other', demo.id);
    await createMember(t, other.id, { email: 'admin@settings-other.test' });
    const h = bearer(await signIn(t.app, 'admin@settings-other.test', undefined, 'settings-other.localhost'));
    await call('PUT', 'settings', h, { default_currency: 'aud' });
    expect((await call('GET', 'settings', h)).json().default_currency).toBe('aud');
    expect((await call('GET', 'settings')).json().default_currency).not.toBe('aud');
  });
});

describe('filters/{page}', () => {
  it('stores columns and filters per member and page', async () => {
    const empty = await call('GET', 'filters/devices');
    expect(empty.json()).toEqual({ page: 'devices', columns: null, filters: {} });
    const put = await call('PUT', 'filters/devices', admin, {
      columns: ['name', 'status'],
      filters: { status: 'available', id_location: 'x' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      page: 'devices',
      columns: ['name', 'status'],
      filters: { status: 'available', id_location: 'x' },
    });
    const partial = await call('PUT', 'filters/devices', admin, { filters: {} });
    expect(partial.json()).toEqual({ page: 'devices', columns: ['name', 'status'], filters: {} });
    expect((await call('GET', 'filters/devices', member)).json().columns).toBeNull();
    const viewerPut = await call('PUT', 'filters/transactions', viewer, { columns: null });
    expect(viewerPut.statusCode).toBe(200);
  });

  it('answers 404 for an unknown page key', async () => {
    expect((await call('GET', 'filters/not-a-page')).statusCode).toBe(404);
    expect((await call('PUT', 'filters/not-a-page', admin, { columns: [] })).statusCode).toBe(404);
  });
});

describe('white-label', () => {
  it('reads, replaces, patches and uploads the logo', async () => {
    const get = await call('GET', 'white-label', viewer);
    expect(get.statusCode).toBe(200);
    expect(get.json().app_name).toBe('Demo Org');
    const put = await call('PUT', 'white-label', admin, {
      app_name: 'Demo Lockers',
      primary_color: '#123456',
    });
    expect(put.json()).toMatchObject({
      app_name: 'Demo Lockers',
      primary_color: '#123456',
      secondary_color: null,
    });
    const patch = await call('PATCH', 'white-label', admin, { secondary_color: '#654321' });
    expect(patch.json()).toMatchObject({
      app_name: 'Demo Lockers',
      primary_color: '#123456',
      secondary_color: '#654321',
    });
    const badColour = await call('PATCH', 'white-label', admin, { primary_color: 'blue' });
    expect(badColour.statusCode).toBe(400);

    const body = multipartBody({}, [{ name: 'image', filename: 'logo.png', data: PNG }]);
    const logo = await t.app.inject({
      method: 'PATCH',
      url: '/api/white-label/logo',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.json().app_logo).toMatch(/^\/api\/files\//);
    const notImage = multipartBody({}, [{ name: 'image', filename: 'logo.png', data: Buffer.from('text') }]);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/white-label/logo',
      headers: { ...admin, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(MSG.onlyImages);

    const pub = await t.app.inject({ method: 'GET', url: '/api/organization' });
    expect(pub.json()).toMatchObject({ app_name: 'Demo Lockers', primary_color: '#123456' });
    expect((await call('PATCH', 'white-label', member, { app_name: 'x' })).statusCode).toBe(403);
  });

  it('sets the OEM logo by upload, keeps it on other changes, refuses a foreign address, removes it', async () => {
    const upload = (files: { name: string; data: Buffer }[], headers = admin) => {
      const body = multipartBody(
        {},
        files.map((f) => ({ ...f, filename: 'oem.png' })),
      );
      return t.app.inject({
        method: 'PATCH',
        url: '/api/white-label/logo',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const before = (await call('GET', 'white-label', admin)).json();
    const set = await upload([{ name: 'oem_image', data: PNG }]);
    expect(set.statusCode, set.body).toBe(200);
    const oem = set.json().oem_logo as string;
    expect(oem).toMatch(/^\/api\/files\//);
    // the app logo is another field: an OEM upload leaves it alone
    expect(set.json().app_logo).toBe(before.app_logo);
    expect((await t.app.inject({ method: 'GET', url: oem })).statusCode).toBe(200);
    expect((await call('GET', 'white-label', viewer)).json().oem_logo).toBe(oem);
    // a replace of the name and colours keeps the logos
    const put = await call('PUT', 'white-label', admin, {
      app_name: 'Demo Lockers',
      primary_color: '#123456',
    });
    expect(put.json().oem_logo).toBe(oem);
    // checked by content, and only an uploaded file's address
    expect((await upload([{ name: 'oem_image', data: Buffer.from('text') }])).json().detail).toBe(
      MSG.onlyImages,
    );
    const foreign = await call('PATCH', 'white-label', admin, { oem_logo: 'https://evil.example/x.png' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(ORGANIZATION_MESSAGES.oemLogoInvalid);
    expect((await upload([])).statusCode).toBe(400);
    expect((await upload([{ name: 'oem_image', data: PNG }], member)).statusCode).toBe(403);
    const removed = await call('PATCH', 'white-label', admin, { oem_logo: null });
    expect(removed.json().oem_logo).toBeNull();
    expect((await call('PATCH', 'white-label', admin, { oem_logo: oem })).json().oem_logo).toBe(oem);
  });

  it('edits a sub-organization, refuses an archived or foreign one', async () => {
    const demo = await demoOrg(t);
    const sub = await createOrganization(t, 'Brand Sub', demo.id);
    const ok = await call('PUT', `white-label/${sub.id}`, admin, { app_name: 'Brand Sub App' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ organization_id: sub.id, app_name: 'Brand Sub App' });
    await t.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, sub.id));
    const archived = await call('PUT', `white-label/${sub.id}`, admin, { app_name: 'Nope' });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().detail).toBe(ORGANIZATION_MESSAGES.archivedMustRestore);
    const sibling = await createOrganization(t, 'Brand Sibling', demo.id);
    const grandchild = await createOrganization(t, 'Brand Grandchild', sibling.id);
    expect((await call('PUT', `white-label/${grandchild.id}`, admin, { app_name: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('notification-contact/verify', () => {
  it('mails a link whose public route marks the contact verified', async () => {
    await call('PUT', 'settings', admin, { default_support_email: 'contact@demo-org.test' });
    expect((await call('GET', 'settings')).json().support_email_verified).toBe(false);
    const seen = sink.count('contact@demo-org.test');
    const res = await call('POST', 'notification-contact/verify?email=contact@demo-org.test');
    expect(res.statusCode).toBe(200);
    const mail = await sink.next('contact@demo-org.test', seen);
    const link = /(http\S+notification-contact\/verify\?token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const follow = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(follow.statusCode).toBe(200);
    expect(follow.body).toContain(SETTINGS_MESSAGES.verified);
    expect((await call('GET', 'settings')).json().support_email_verified).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(again.statusCode).toBe(400);
    // another address is unverified again; going back to the verified one keeps it verified
    await call('PUT', 'settings', admin, { default_support_email: 'other@demo-org.test' });
    expect((await call('GET', 'settings')).json().support_email_verified).toBe(false);
    await call('PUT', 'settings', admin, { default_support_email: 'Contact@demo-org.test' });
    expect((await call('GET', 'settings')).json().support_email_verified).toBe(true);
  });

  it('refuses an invalid e-mail and non-admins', async () => {
    const bad = await call('POST', 'notification-contact/verify?email=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(MSG.invalidEmail);
    expect((await call('POST', 'notification-contact/verify?email=a@b.test', member)).statusCode).toBe(403);
  });

  it('mails at most CONTACT_VERIFICATIONS_PER_HOUR links an hour (429)', async () => {
    await t.database.db.delete(contactVerifications);
    for (let i = 0; i < CONTACT_VERIFICATIONS_PER_HOUR; i++)
      expect((await call('POST', `notification-contact/verify?email=c${i}@demo-org.test`)).statusCode).toBe(
        200,
      );
    const seen = sink.count('spam@elsewhere.test');
    const over = await call('POST', 'notification-contact/verify?email=spam@elsewhere.test');
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe(SETTINGS_MESSAGES.verificationLimit);
    expect(sink.count('spam@elsewhere.test')).toBe(seen);
    await t.database.db.update(contactVerifications).set({ createdAt: new Date(Date.now() - 3_601_000) });
    expect((await call('POST', 'notification-contact/verify?email=late@demo-org.test')).statusCode).toBe(200);
  });
});
