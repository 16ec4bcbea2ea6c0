import { cloudVendorSettingsText, LOCK_MESSAGES } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ACCOUNT, type FakeLockVendor, fakeLockVendor } from '../../../test/fake-lock-vendor';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { auditLog, lockVendorAccounts } from '../../db/schema';

type H = { authorization: string };
let t: TestApp;
let admin: H;
let member: H;
let orgId: string;
let loc: string;
let sizeId: string;
let spintly: FakeLockVendor;
let gantner: FakeLockVendor;

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: H = admin,
) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let nextNumber = 700;
const device = async (over: Record<string, unknown>) => {
  const res = await inject('POST', 'devices', {
    name: `Door ${nextNumber}`,
    locker_number: nextNumber++,
    mode: 'storage',
    status: 'available',
    id_location: loc,
    id_size: sizeId,
    ...over,
  });
  if (res.statusCode !== 200) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
};

beforeAll(async () => {
  spintly = await fakeLockVendor('spintly');
  gantner = await fakeLockVendor('gantner');
  // the fake vendors listen on loopback: allowed by name, as an on-premises gateway would be
  t = await createTestApp({ LOCK_OPEN_TIMEOUT_MS: '300', OUTBOUND_ALLOW: '127.0.0.1' });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  sizeId = (await inject('POST', 'sizes', { name: 'M', width: 10, depth: 10, height: 10 })).json().id;
  loc = (
    await inject('POST', 'locations', {
      name: 'Cloud Pier',
      address: 'Cloud Road 1',
      contact_email: 'desk@x.test',
      contact_phone: '+15551234567',
    })
  ).json().id;
});
afterAll(async () => {
  await t?.close();
  await spintly?.close();
  await gantner?.close();
});

describe('cloud lock vendor accounts', () => {
  it('lists every cloud vendor, unconfigured, to admins only', async () => {
    const res = await inject('GET', 'lock-vendors');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { vendor: string }) => i.vendor)).toEqual([
      'linka',
      'ojmar',
      'gantner',
      'harbor',
      'spintly',
      'dclock',
    ]);
    expect(res.json().items.every((i: { configured: boolean }) => !i.configured)).toBe(true);
    expect((await inject('GET', 'lock-vendors', undefined, member)).statusCode).toBe(403);
    expect(
      (await inject('PUT', 'lock-vendors/gantner', { base_url: gantner.url, secret: 'x1234' }, member))
        .statusCode,
    ).toBe(403);
  });

  it('refuses bad input with the rule text', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['gantner', { base_url: 'ftp://x', secret: 'abcd1234' }, LOCK_MESSAGES.baseUrl],
      ['gantner', { base_url: 'https://api.example.test' }, LOCK_MESSAGES.secretRequired],
      [
        'spintly',
        { base_url: 'https://api.example.test', secret: 'abcd1234' },
        LOCK_MESSAGES.accountIdRequired('Client ID'),
      ],
      [
        'harbor',
        { base_url: 'https://api.example.test', account_id: 'c', token_url: 'nope', secret: 'abcd1234' },
        LOCK_MESSAGES.tokenUrl,
      ],
    ];
    for (const [vendor, body, message] of cases) {
      const res = await inject('PUT', `lock-vendors/${vendor}`, body);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json().detail)).toContain(message);
    }
    expect(
      (await inject('PUT', 'lock-vendors/acme', { base_url: 'https://x.test', secret: 'abcd' })).statusCode,
    ).toBe(400);
  });

  it('stores the secret sealed, answers only its last 4, and keeps it out of the audit', async () => {
    const res = await inject('PUT', 'lock-vendors/spintly', {
      base_url: `${spintly.url}/`,
      account_id: FAKE_ACCOUNT.accountId,
      secret: FAKE_ACCOUNT.secret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vendor: 'spintly',
      configured: true,
      base_url: spintly.url,
      account_id: FAKE_ACCOUNT.accountId,
      secret_last4: FAKE_ACCOUNT.secret.slice(-4),
    });
    expect(res.body).not.toContain(FAKE_ACCOUNT.secret);
    const list = await inject('GET', 'lock-vendors');
    expect(list.body).not.toContain(FAKE_ACCOUNT.secret);
    const [row] = await t.database.db
      .select()
      .from(lockVendorAccounts)
      .where(eq(lockVendorAccounts.vendor, 'spintly'));
    expect(row!.secretEnc).not.toContain(FAKE_ACCOUNT.secret);
    expect(row!.secretEnc.startsWith('v1:')).toBe(true);
    // a save without the secret keeps it
    const again = await inject('PUT', 'lock-vendors/spintly', {
      base_url: spintly.url,
      account_id: FAKE_ACCOUNT.accountId,
    });
    expect(again.json().secret_last4).toBe(FAKE_ACCOUNT.secret.slice(-4));
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'lock_vendor'));
    expect(audits.length).toBeGreaterThan(0);
    const text = JSON.stringify(audits);
    expect(text).not.toContain(FAKE_ACCOUNT.secret);
    expect(text).not.toContain(row!.secretEnc);
    expect(audits[0]!.changes).toMatchObject({ api_secret: { before: null, after: 'changed' } });
  });

  it('another organization sees none of it', async () => {
    const other = await createOrganization(t, 'Vendor Other');
    await createMember(t, other.id, { email: 'boss@vendor-other.test' });
    const foreign = bearer(
      await signIn(t.app, 'boss@vendor-other.test', undefined, 'vendor-other.localhost'),
    );
    const res = await inject('GET', 'lock-vendors', undefined, foreign);
    expect(res.json().items.every((i: { configured: boolean }) => !i.configured)).toBe(true);
  });

  it('unlocks a Spintly door through the configured account, with its timeline', async () => {
    const d = await device({ hardware_type: 'spintly', integration_id: '9' });
    const res = await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(spintly.requests.some((r) => r.path === '/access-points/9/remote-open')).toBe(true);
    const timeline = (await inject('GET', `devices/${d.id}/unlocks`)).json().items;
    expect(timeline[0]).toMatchObject({ state: 'opened' });
    expect((await inject('GET', `devices/${d.id}`)).json().lock_status).toBe('open');
  });

  it('answers 409 naming the settings when unconfigured, and "credentials refused" for a wrong secret', async () => {
    const g = await device({ hardware_type: 'gantner', gantner_id: 'G-3' });
    const status = await inject('GET', `devices/${g.id}/lock-status`);
    expect(status.statusCode).toBe(200);
    const before = await inject('PATCH', 'devices/unlock', { ids: [g.id] });
    expect(before.statusCode).toBe(409);
    expect(before.json().detail).toBe(
      LOCK_MESSAGES.notConfigured('Gantner', cloudVendorSettingsText('gantner')),
    );

    await inject('PUT', 'lock-vendors/gantner', { base_url: gantner.url, secret: 'not-the-right-one' });
    const refused = await inject('PATCH', 'devices/unlock', { ids: [g.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(LOCK_MESSAGES.credentialsRefused('Gantner'));

    await inject('PUT', 'lock-vendors/gantner', { base_url: gantner.url, secret: FAKE_ACCOUNT.secret });
    expect((await inject('GET', `devices/${g.id}/lock-status`)).json().lock_status).toBe('locked');
    expect((await inject('PATCH', 'devices/unlock', { ids: [g.id] })).statusCode).toBe(200);

    const removed = await inject('DELETE', 'lock-vendors/gantner');
    expect(removed.json().detail).toBe(LOCK_MESSAGES.vendorRemoved);
    const after = await inject('PATCH', 'devices/unlock', { ids: [g.id] });
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toBe(
      LOCK_MESSAGES.notConfigured('Gantner', cloudVendorSettingsText('gantner')),
    );
  });
});
