import { API_KEY_MESSAGES } from '@lockerops/contract';
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
import { apiKeys, organizations } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
});
afterAll(() => t.close());

describe('api-keys', () => {
  it('generates one key, lists it again, and refuses a second (409)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin })).json()).toEqual([]);
    const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
    expect(res.statusCode).toBe(201);
    const { key } = res.json();
    expect(key).toMatch(/^lo_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].key).toBe(key);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.key, key));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const second = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(API_KEY_MESSAGES.exists);
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

  it('acts as the organization with admin rights in X-API-Key', async () => {
    const [{ key }] = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin })).json();
    const demo = await demoOrg(t);
    const self = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/self',
      headers: { 'x-api-key': key },
    });
    expect(self.statusCode).toBe(200);
    expect(self.json().id).toBe(demo.id);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { 'x-api-key': key },
      payload: { default_currency: 'eur' },
    });
    expect(write.statusCode).toBe(200);
    const filters = await t.app.inject({
      method: 'PUT',
      url: '/api/filters/devices',
      headers: { 'x-api-key': key },
      payload: { columns: ['name'] },
    });
    expect(filters.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/self',
      headers: { 'x-api-key': 'lo_wrong' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('stops working when the organization is archived', async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Key Archived', demo.id);
    await createMember(t, org.id, { email: 'admin@key-archived.test' });
    const h = bearer(await signIn(t.app, 'admin@key-archived.test', undefined, 'key-archived.localhost'));
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: h })).json();
    const ok = await t.app.inject({ method: 'GET', url: '/api/white-label', headers: { 'x-api-key': key } });
    expect(ok.json().organization_id).toBe(org.id);
    await t.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, org.id));
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/white-label',
      headers: { 'x-api-key': key },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('is admin-only', async () => {
    const demo = await demoOrg(t);
    await createMember(t, demo.id, { email: 'member@demo-org.test', role: 'member' });
    await createMember(t, demo.id, { email: 'viewer@demo-org.test', role: 'viewer' });
    for (const email of ['member@demo-org.test', 'viewer@demo-org.test']) {
      const h = bearer(await signIn(t.app, email));
      expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: h })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: h })).statusCode).toBe(403);
    }
  });
});
