import { createHash, randomUUID } from 'node:crypto';
import { API_KEY_MESSAGES } from '@lockerops/contract';
import { eq, sql } from 'drizzle-orm';
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
import { apiKeys, members, organizations } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
/** The demo organization's key as last shown (generated, then rotated). */
let demoKey: string;

/** How long the process keeps a key's look-up in these tests (API_KEY_CACHE_SECONDS). */
const CACHE_SECONDS = 1;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_CACHE_SECONDS: String(CACHE_SECONDS) });
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

describe('api-keys', () => {
  it('generates one key, shows it once, stores only its hash, and refuses a second (409)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin })).json()).toEqual([]);
    const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^lo_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ prefix: created.key.slice(0, 7), scope: 'partner', last_used_at: null });
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin });
    expect(list.json()).toEqual([
      {
        id: created.id,
        prefix: created.prefix,
        scope: 'partner',
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(created.key);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    // no column keeps the key in clear (migration 0023 dropped it; 0022 kept its first characters)
    const columns = (await t.database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'api_keys'`,
    )) as unknown as { rows: Array<{ column_name: string }> };
    const names = columns.rows.map((c) => c.column_name).sort();
    expect(names).toEqual([
      'created_at',
      'created_by',
      'id',
      'key_hash',
      'last_used_at',
      'organization_id',
      'prefix',
      'scope',
    ]);
    const second = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(API_KEY_MESSAGES.exists);
    demoKey = created.key;
  });

  it('lets exactly one of two concurrent generations win', async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Key Race', demo.id);
    await createMember(t, org.id, { email: 'admin@key-race.test' });
    const h = bearer(await signIn(t.app, 'admin@key-race.test', undefined, 'key-race.localhost'));
    const codes = (
      await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/api-keys', headers: h })))
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409]);
  });

  it('acts as its organization within the partner scope, and records its last use', async () => {
    const key = { 'x-api-key': demoKey };
    const demo = await demoOrg(t);
    const self = await t.app.inject({ method: 'GET', url: '/api/organizations/self', headers: key });
    expect(self.statusCode).toBe(200);
    expect(self.json().id).toBe(demo.id);
    for (const url of [
      '/api/events',
      '/api/reservations',
      '/api/users',
      '/api/users/search?search=ab',
      '/api/devices',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: key })).statusCode, url).toBe(200);
    }
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin })).json();
    expect(listed.last_used_at).not.toBeNull();
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/self',
      headers: { 'x-api-key': 'lo_wrong' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('may not use the console bulk tools nor move money back (403): a kiosk key can be lifted', async () => {
    const key = { 'x-api-key': demoKey };
    const id = randomUUID();
    const calls: Array<[string, string, object?]> = [
      ['GET', '/api/events/export'],
      ['PATCH', '/api/events', { ids: [id] }],
      ['PATCH', `/api/events/${id}/refund`, { amount: '1.00' }],
      ['PATCH', `/api/events/${id}/penalize`, { amount: '1.00', reason: 'other' }],
      ['GET', '/api/reservations/export'],
      ['DELETE', '/api/reservations', { ids: [id] }],
      ['POST', '/api/reservations/csv'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: key, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe(API_KEY_MESSAGES.outOfScope);
    }
  });

  it('may not manage members, settings, organizations or keys (403)', async () => {
    const key = { 'x-api-key': demoKey };
    const calls: Array<[string, string, object?]> = [
      ['POST', '/api/members?email=new-admin@demo-org.test', { first_name: 'Eve', role: 'admin' }],
      ['GET', '/api/members'],
      ['PUT', '/api/settings', { default_currency: 'eur' }],
      ['GET', '/api/settings'],
      ['POST', '/api/organizations', { name: 'keyed-child' }],
      ['GET', '/api/organizations'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${randomUUID()}`],
      ['PUT', '/api/filters/devices', { columns: ['name'] }],
      ['GET', '/api/webhooks'],
      ['PUT', '/api/white-label', {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: key, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe(API_KEY_MESSAGES.outOfScope);
    }
    const [m] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'new-admin@demo-org.test'));
    expect(m).toBeUndefined();
  });

  it('rotates: the new key works at once and the old one never again', async () => {
    const [before] = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin })).json();
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${before.id}/rotate`,
      headers: admin,
    });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next).toMatchObject({ id: before.id, scope: 'partner', last_used_at: null });
    expect(next.key).not.toBe(demoKey);
    const call = (k: string) =>
      t.app.inject({ method: 'GET', url: '/api/organizations/self', headers: { 'x-api-key': k } });
    expect((await call(demoKey)).statusCode).toBe(401);
    expect((await call(next.key)).statusCode).toBe(200);
    demoKey = next.key;
  });

  it("answers 404 for another organization's key, and revokes its own", async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Key Owner', demo.id);
    await createMember(t, org.id, { email: 'admin@key-owner.test' });
    const other = bearer(await signIn(t.app, 'admin@key-owner.test', undefined, 'key-owner.localhost'));
    const [demoListed] = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin })).json();
    for (const [method, url] of [
      ['DELETE', `/api/api-keys/${demoListed.id}`],
      ['POST', `/api/api-keys/${demoListed.id}/rotate`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(API_KEY_MESSAGES.notFound);
    }
    const call = () =>
      t.app.inject({ method: 'GET', url: '/api/organizations/self', headers: { 'x-api-key': demoKey } });
    expect((await call()).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${demoListed.id}`,
      headers: admin,
    });
    expect(revoked.json().detail).toBe(API_KEY_MESSAGES.revoked);
    expect((await call()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin })).json()).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
    expect(again.statusCode).toBe(201);
  });

  it("stops working when the organization is archived, once the process's look-up lapses", async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Key Archived', demo.id);
    await createMember(t, org.id, { email: 'admin@key-archived.test' });
    const h = bearer(await signIn(t.app, 'admin@key-archived.test', undefined, 'key-archived.localhost'));
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: h })).json();
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/self',
      headers: { 'x-api-key': key },
    });
    expect(ok.json().id).toBe(org.id);
    // archived by another process: this one keeps the key's look-up for CACHE_SECONDS
    await t.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, org.id));
    const call = () =>
      t.app.inject({ method: 'GET', url: '/api/organizations/self', headers: { 'x-api-key': key } });
    expect((await call()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, CACHE_SECONDS * 1000 + 50));
    expect((await call()).statusCode).toBe(401);
  });

  it('is admin-only', async () => {
    const demo = await demoOrg(t);
    await createMember(t, demo.id, { email: 'member@demo-org.test', role: 'member' });
    await createMember(t, demo.id, { email: 'viewer@demo-org.test', role: 'viewer' });
    for (const email of ['member@demo-org.test', 'viewer@demo-org.test']) {
      const h = bearer(await signIn(t.app, email));
      expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: h })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: h })).statusCode).toBe(403);
      const id = randomUUID();
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: h })).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/api-keys/${id}/rotate`, headers: h })).statusCode,
      ).toBe(403);
    }
  });
});
