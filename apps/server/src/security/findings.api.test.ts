import fs from 'node:fs';
import path from 'node:path';
import {
  MAX_OFFSET,
  ORGANIZATION_MESSAGES,
  TRANSACTION_MESSAGES,
  ZReturnRequest,
  ZStartRequest,
} from '@lockerops/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../test/helpers';
import { multipartBody, PNG } from '../../test/multipart';
import { auditLog, organizations } from '../db/schema';
import { csvCell } from '../lib/crud/csv';
import { PAGE_TOO_DEEP } from '../lib/crud/paging';
import { renderCsv } from '../modules/reports/service/render-mail';

/**
 * Findings 3, 4, 5 and 9 of the security review: history follows the entity's read roles
 * and never shows secrets; CSV cells cannot run as formulas; only Super-Tenants create
 * organizations and a child's flags are capped at its parent's; out-of-range paging answers 400.
 */
let t: TestApp;
let admin: { authorization: string };
let member: { authorization: string };
let viewer: { authorization: string };
let orgId: string;

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
});
afterAll(() => t.close());

describe('finding 3: history of a record', () => {
  let deviceId: string;
  let userId: string;
  beforeAll(async () => {
    const loc = await api('POST', 'locations', admin, {
      name: 'History Dock',
      address: 'Dock Road 1',
      contact_email: 'desk@x.test',
      contact_phone: '+15551234567',
    });
    const size = await api('POST', 'sizes', admin, { name: 'HM', width: 10, depth: 10, height: 10 });
    const dev = await api('POST', 'devices', admin, {
      name: 'Coded door',
      locker_number: 7001,
      mode: 'storage',
      status: 'available',
      hardware_type: 'ojmar',
      locker_udn: 'UDN-7001',
      user_code: '4321',
      master_code: '987654',
      id_location: loc.json().id,
      id_size: size.json().id,
    });
    expect(dev.statusCode, dev.body).toBe(200);
    deviceId = dev.json().id;
    const upd = await api('PUT', `devices/${deviceId}`, admin, { ...dev.json(), master_code: '123123' });
    expect(upd.statusCode, upd.body).toBe(200);
    const user = await api('POST', 'users', admin, {
      name: 'Pin',
      last_name: 'Holder',
      email: 'pin@x.test',
      pin_code: '0420',
    });
    expect(user.statusCode, user.body).toBe(200);
    userId = user.json().id;
  });

  it('answers 403 to roles that may not read the entity (viewers and devices, users)', async () => {
    expect((await api('GET', `history/device/${deviceId}`, viewer)).statusCode).toBe(403);
    expect((await api('GET', `history/user/${userId}`, viewer)).statusCode).toBe(403);
    expect((await api('GET', `history/device/${deviceId}`, member)).statusCode).toBe(200);
  });

  it('never stores codes or PINs in the audit log: only that they changed', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.organizationId, orgId));
    const text = JSON.stringify(rows.map((r) => r.changes));
    for (const secret of ['4321', '987654', '123123', '0420']) expect(text).not.toContain(`"${secret}"`);
    const res = await api('GET', `history/device/${deviceId}`, admin);
    const update = res.json().items.find((i: { action: string }) => i.action === 'update');
    expect(update.changes.master_code).toEqual({ before: 'changed', after: 'changed' });
    const created = (await api('GET', `history/user/${userId}`, admin)).json().items[0];
    expect(created.changes.pin_code).toEqual({ before: null, after: 'changed' });
  });

  it('the migration scrubs secrets from audit entries written before', async () => {
    const [row] = await t.database.db
      .insert(auditLog)
      .values({
        organizationId: orgId,
        actorType: 'member',
        actorName: 'Old',
        entity: 'device',
        entityId: deviceId,
        action: 'update',
        changes: {
          master_code: { before: '111111', after: '222222' },
          user_code: { before: null, after: '3333' },
          name: { before: 'a', after: 'b' },
        },
      })
      .returning();
    const file = fs
      .readdirSync(path.join(__dirname, '../db/migrations'))
      .find((f) => f.endsWith('_scrub_audit_secrets.sql'));
    expect(file).toBeDefined();
    await t.database.db.execute(
      sql.raw(fs.readFileSync(path.join(__dirname, '../db/migrations', file!), 'utf8')),
    );
    const [after] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after!.changes).toEqual({
      master_code: { before: 'changed', after: 'changed' },
      user_code: { before: null, after: 'changed' },
      name: { before: 'a', after: 'b' },
    });
  });
});

describe('finding 4: CSV formula injection (OWASP)', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1+2', "'+1+2"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['plain', 'plain'],
  ])('neutralises %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('neutralises list cells joined with ; and JSON cells', () => {
    expect(csvCell(['=cmd', 'b'])).toBe("'=cmd;b");
    expect(csvCell(['-x'])).toBe("'-x");
    expect(csvCell(['a', 'b'])).toBe('a;b');
  });

  it('the report CSV neutralises text cells too (a name like -1+2)', () => {
    const csv = renderCsv({
      name: '-1+2',
      from: '2026-01-01',
      to: '2026-01-31',
      timeZone: 'UTC',
      language: 'en',
      brand: { name: 'Acme', primaryColor: '#1976d2', secondaryColor: '#26a69a' },
      generatedAt: new Date(),
      sections: [],
    })
      .toString('utf8')
      .replace(/^\ufeff/, '');
    expect(csv.split('\n')[0]).toBe("'-1+2");
  });

  it('an export never starts a cell with a formula character', async () => {
    const made = await api('POST', 'users', admin, { name: '+SUM(1)', email: 'sum@x.test', user_id: '-2+3' });
    expect(made.statusCode, made.body).toBe(200);
    const res = await api('GET', 'users/export?search=SUM', admin);
    expect(res.statusCode).toBe(200);
    const row = res.body.split('\n').find((l) => l.includes('SUM(1)'));
    expect(row).toContain("'+SUM(1)");
    expect(row).toContain("'-2+3");
    expect(row).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
  });
});

describe('finding 5: creating organizations', () => {
  const fields = (name: string, over: Record<string, string> = {}) => ({
    name,
    primary_color: '#112233',
    secondary_color: '#445566',
    email: `owner@${name.toLowerCase().replace(/\s+/g, '')}.test`,
    first_name: 'Olive',
    rental_mode: 'true',
    linka_hardware: 'true',
    ...over,
  });
  const create = (f: Record<string, string>, headers: Record<string, string>) => {
    const body = multipartBody(f, [{ name: 'logo', filename: 'logo.png', data: PNG }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('needs the Super-Tenant flag: a plain sub-organization cannot create one (403)', async () => {
    const sub = await createOrganization(t, 'Plain Sub', orgId);
    await t.database.db.update(organizations).set({ superTenant: false }).where(eq(organizations.id, sub.id));
    await createMember(t, sub.id, { email: 'admin@plain-sub.test' });
    const subAdmin = bearer(
      await signIn(t.app, 'admin@plain-sub.test', ADMIN_PASSWORD, 'plain-sub.localhost'),
    );
    const res = await create(fields('Grandchild One', { super_tenant: 'true' }), subAdmin);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.superTenantRequired);
    const rows = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Grandchild One'));
    expect(rows).toHaveLength(0);
  });

  it("caps a child's flags at its parent's, on create and on edit (400)", async () => {
    const parent = await createOrganization(t, 'Capped Parent', orgId);
    await t.database.db
      .update(organizations)
      .set({ toolbox: false, vendingMode: false, kerongHardware: false })
      .where(eq(organizations.id, parent.id));
    await createMember(t, parent.id, { email: 'admin@capped-parent.test' });
    const parentAdmin = bearer(
      await signIn(t.app, 'admin@capped-parent.test', ADMIN_PASSWORD, 'capped-parent.localhost'),
    );
    const refused = await create(
      fields('Capped Child', { toolbox: 'true', vending_mode: 'true', kerong_hardware: 'true' }),
      parentAdmin,
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().detail).toBe(
      `${ORGANIZATION_MESSAGES.flagsBeyondParent} toolbox, vending_mode, kerong_hardware`,
    );
    const ok = await create(fields('Capped Child', { super_tenant: 'true' }), parentAdmin);
    expect(ok.statusCode, ok.body).toBe(201);
    const childId = ok.json().id;
    const edit = await api('PATCH', `organizations/${childId}`, parentAdmin, { toolbox: true });
    expect(edit.statusCode, edit.body).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, childId)));
    expect(row!.toolbox).toBe(false);
  });
});

describe('finding 9: numeric query fields are capped', () => {
  it.each([
    'users?page=9007199254740991',
    'users?page=100001',
    'events?page=9007199254740991',
    'members?page=9007199254740991',
    'organizations?page=9007199254740991',
    'users?size=9007199254740991',
  ])('%s answers 400', async (url) => {
    const res = await api('GET', url, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBeDefined();
  });

  it('the deepest page reached by number answers an empty page; one deeper answers 400', async () => {
    // offset MAX_OFFSET rows is the last one reached by page number; deeper pages follow next_cursor
    const last = await api('GET', `users?page=${MAX_OFFSET / 10 + 1}&size=10`, admin);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().items).toEqual([]);
    const deeper = await api('GET', `users?page=${MAX_OFFSET / 10 + 2}&size=10`, admin);
    expect(deeper.statusCode, deeper.body).toBe(400);
    expect(deeper.json().detail).toBe(PAGE_TOO_DEEP);
  });
});

describe('finding 12: image_url and signature_url', () => {
  const start = (url: string) =>
    ZStartRequest.safeParse({
      id_device: '00000000-0000-4000-8000-000000000001',
      id_user: '00000000-0000-4000-8000-000000000002',
      image_url: url,
      signature_url: url,
    });
  it.each(['https://cdn.example.com/a.png', 'http://x.test/p?q=1', '/api/files/abc-123.png'])(
    'accepts %s',
    (url) => {
      expect(start(url).success).toBe(true);
    },
  );
  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '/api/files/../secrets',
    '//evil.test/x.png',
    'ftp://x.test/a',
    'https://user@evil.test/a',
  ])('refuses %s with our message', (url) => {
    const r = start(url);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(TRANSACTION_MESSAGES.fileUrl);
    expect(
      ZReturnRequest.safeParse({ id_device: '00000000-0000-4000-8000-000000000001', image_url: url }).success,
    ).toBe(false);
  });
});
