import { MSG, ORGANIZATION_MESSAGES } from '@lockerops/contract';
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
import { members, organizations } from '../../db/schema';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: { authorization: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'http://localhost:4321' });
  admin = bearer(await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const validFields = (over: Record<string, string> = {}) => ({
  name: 'Acme Lockers',
  primary_color: '#112233',
  secondary_color: '#445566',
  email: 'owner@acme.test',
  first_name: 'Olive',
  last_name: 'Owner',
  rental_mode: 'true',
  storage_mode: 'true',
  linka_hardware: 'true',
  pricing: 'true',
  ...over,
});

function create(
  fields: Record<string, string>,
  headers: Record<string, string> = admin,
  logo: Buffer | null = PNG,
) {
  const body = multipartBody(fields, logo ? [{ name: 'logo', filename: 'logo.png', data: logo }] : []);
  return t.app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const detailOf = (res: { json(): { detail: string | string[] } }) => {
  const d = res.json().detail;
  return Array.isArray(d) ? d : [d];
};

describe('POST organizations', () => {
  it('creates a sub-organization with logo, settings and an owner who must choose a password', async () => {
    const seen = sink.count('owner@acme.test');
    const res = await create(validFields());
    expect(res.statusCode).toBe(201);
    const org = res.json();
    const demo = await demoOrg(t);
    expect(org).toMatchObject({
      name: 'Acme Lockers',
      subdomain: 'acme-lockers',
      parent_id: demo.id,
      active: true,
      owner: 'owner@acme.test',
      rental_mode: true,
      storage_mode: true,
      delivery_mode: false,
      linka_hardware: true,
      ojmar_hardware: false,
      pricing: true,
      multi_tenant: false,
      sub_orgs: [],
    });
    expect(org.white_label).toMatchObject({
      app_name: 'Acme Lockers',
      primary_color: '#112233',
      secondary_color: '#445566',
      organization_owner: 'owner@acme.test',
    });
    expect(org.white_label.app_logo).toMatch(/^\/api\/files\/.+\.png$/);
    const logo = await t.app.inject({ method: 'GET', url: org.white_label.app_logo });
    expect(logo.statusCode).toBe(200);

    const mail = await sink.next('owner@acme.test', seen);
    expect(mail.text).toContain('http://acme-lockers.localhost:4321');
    const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(password).toBeTruthy();

    const signInRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'acme-lockers.localhost:4321' },
      payload: { email: 'owner@acme.test', password },
    });
    expect(signInRes.statusCode).toBe(200);
    expect(signInRes.json().challenge).toBe('NEW_PASSWORD_REQUIRED');
    const [owner] = await t.database.db.select().from(members).where(eq(members.email, 'owner@acme.test'));
    expect(owner).toMatchObject({ role: 'admin', status: 'FORCE_CHANGE_PASSWORD', firstName: 'Olive' });
  });

  it.each([
    ['name missing', { name: '' }, ORGANIZATION_MESSAGES.nameRequired],
    ['name with special characters', { name: 'ABC-Luggage' }, ORGANIZATION_MESSAGES.namePattern],
    ['name with @', { name: 'ABC @ Luggage' }, ORGANIZATION_MESSAGES.namePattern],
    ['owner e-mail missing', { email: '' }, MSG.emailRequired],
    ['owner e-mail invalid', { email: 'not-an-email' }, MSG.invalidEmail],
    ['first name missing', { first_name: '' }, ORGANIZATION_MESSAGES.firstNameRequired],
    ['no hardware', { linka_hardware: 'false' }, ORGANIZATION_MESSAGES.hardwareRequired],
  ])('refuses %s with the spec message', async (_label, over, message) => {
    const res = await create(validFields({ name: 'Valid Name', ...over }));
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toContain(message);
  });

  it('refuses a missing logo and a logo that is not an image', async () => {
    const missing = await create(validFields({ name: 'No Logo' }), admin, null);
    expect(missing.statusCode).toBe(400);
    expect(detailOf(missing)).toContain(ORGANIZATION_MESSAGES.logoRequired);
    const fake = await create(
      validFields({ name: 'Fake Logo' }),
      admin,
      Buffer.from('<svg>not really</svg>'),
    );
    expect(fake.statusCode).toBe(400);
    expect(detailOf(fake)).toEqual([ORGANIZATION_MESSAGES.logoRequired]);
  });

  it('refuses a duplicate name, whatever its case', async () => {
    const res = await create(validFields({ name: 'acme LOCKERS', email: 'x@acme.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.nameUnique);
  });

  it('answers whether a name is free as it is typed (name-available)', async () => {
    const check = (query: string, headers: Record<string, string> = admin) =>
      t.app.inject({ url: `/api/organizations/name-available?${query}`, headers });
    const taken = await check('name=ACME%20lockers');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ available: false, detail: ORGANIZATION_MESSAGES.nameUnique });
    expect((await check('name=Acme%20Lockers%20Two')).json()).toEqual({ available: true, detail: null });
    // the organization being renamed keeps its own name
    const acme = (await t.app.inject({ url: '/api/organizations?search=Acme', headers: admin })).json()
      .items[0];
    expect((await check(`name=acme%20lockers&id=${acme.id}`)).json().available).toBe(true);
    expect((await check('name=')).statusCode).toBe(400);
    expect((await check(`name=x&id=00000000-0000-4000-8000-000000000999`)).statusCode).toBe(404);
    const demo = await demoOrg(t);
    await createMember(t, demo.id, { email: 'namecheck@demo-org.test', role: 'member' });
    const member = bearer(await signIn(t.app, 'namecheck@demo-org.test'));
    expect((await check('name=Acme', member)).statusCode).toBe(403);
  });

  it('lets exactly one of two concurrent creates with the same name win', async () => {
    const results = await Promise.all([
      create(validFields({ name: 'Race Org', email: 'a@race.test' })),
      create(validFields({ name: 'race org', email: 'b@race.test' })),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().detail).toBe(ORGANIZATION_MESSAGES.nameUnique);
  });

  it('is admin-only', async () => {
    const demo = await demoOrg(t);
    await createMember(t, demo.id, { email: 'member@demo-org.test', role: 'member' });
    const member = bearer(await signIn(t.app, 'member@demo-org.test'));
    const res = await create(validFields({ name: 'By Member' }), member);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET organizations', () => {
  it('lists the caller and its sub-organizations with their own sub-organizations', async () => {
    const demo = await demoOrg(t);
    const parent = await createOrganization(t, 'Listed Parent', demo.id);
    await createOrganization(t, 'Listed Child', parent.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations?size=200', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, page_size: 200 });
    expect(body.items[0].id).toBe(demo.id);
    const listed = body.items.find((o: { id: string }) => o.id === parent.id);
    expect(listed.sub_orgs.map((o: { name: string }) => o.name)).toEqual(['Listed Child']);
    expect(body.items.some((o: { name: string }) => o.name === 'Listed Child')).toBe(false);
    expect(listed).toHaveProperty('white_label');
    expect(listed).toHaveProperty('created_at');
    expect(body.total).toBe(body.items.length);
  });

  it('searches, pages and filters by status', async () => {
    const demo = await demoOrg(t);
    const archived = await createOrganization(t, 'Searchable Archived', demo.id);
    await createOrganization(t, 'Searchable Active', demo.id);
    await t.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, archived.id));
    const get = (qs: string) =>
      t.app.inject({ method: 'GET', url: `/api/organizations?${qs}`, headers: admin }).then((r) => r.json());
    expect((await get('search=searchable')).items.map((o: { name: string }) => o.name)).toEqual([
      'Searchable Active',
    ]);
    expect(
      (await get('search=searchable&status=archived')).items.map((o: { name: string }) => o.name),
    ).toEqual(['Searchable Archived']);
    const all = await get('search=SEARCHABLE&status=all&size=1&page=2');
    expect(all).toMatchObject({ total: 2, pages: 2, page: 2, page_size: 1 });
    expect(all.items).toHaveLength(1);
  });
});

describe('PATCH, archive and restore', () => {
  it('updates flags, refuses removing every hardware, archives, refuses edits while archived, restores', async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Flag Org', demo.id);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/organizations/${org.id}`, headers: admin, payload });
    const ok = await patch({ pricing: false, vending_mode: false, primary_color: '#abcdef' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ pricing: false, vending_mode: false, rental_mode: true });
    expect(ok.json().white_label.primary_color).toBe('#abcdef');

    const noHardware = await patch(
      Object.fromEntries(
        ['linka', 'ojmar', 'gantner', 'harbor', 'dclock', 'spintly', 'kerong', 'headleader'].map((h) => [
          `${h}_hardware`,
          false,
        ]),
      ),
    );
    expect(noHardware.statusCode).toBe(400);
    expect(noHardware.json().detail).toBe(ORGANIZATION_MESSAGES.hardwareRequired);

    const badName = await patch({ name: 'Bad#Name' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().detail).toBe(ORGANIZATION_MESSAGES.namePattern);

    const archive = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizations/${org.id}`,
      headers: admin,
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.json().detail).toBe(ORGANIZATION_MESSAGES.archived);

    const edit = await patch({ pricing: true });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe(ORGANIZATION_MESSAGES.archivedMustRestore);

    const restore = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizations/${org.id}/cancel`,
      headers: admin,
    });
    expect(restore.statusCode).toBe(200);
    expect(restore.json().detail).toBe(ORGANIZATION_MESSAGES.restored);
    expect((await patch({ pricing: true })).statusCode).toBe(200);
  });

  it('accepts a multipart edit with a new logo', async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Logo Edit', demo.id);
    const body = multipartBody({ name: 'Logo Edited', secondary_color: '#000000' }, [
      { name: 'logo', filename: 'l.png', data: PNG },
    ]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${org.id}`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Logo Edited');
    expect(res.json().white_label.app_logo).toMatch(/^\/api\/files\//);
  });

  it('refuses a rename to a taken name', async () => {
    const demo = await demoOrg(t);
    await createOrganization(t, 'Taken Name', demo.id);
    const org = await createOrganization(t, 'Other Name', demo.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${org.id}`,
      headers: admin,
      payload: { name: 'TAKEN name' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.nameUnique);
  });

  it('refuses to archive the organization one is signed into', async () => {
    const demo = await demoOrg(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizations/${demo.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.cannotArchiveCurrent);
  });

  it('keeps members of an archived organization from signing in', async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Closing Org', demo.id);
    await createMember(t, org.id, { email: 'staff@closing.test' });
    const staff = await signIn(t.app, 'staff@closing.test', undefined, 'closing-org.localhost');
    await t.app.inject({ method: 'DELETE', url: `/api/organizations/${org.id}`, headers: admin });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'closing-org.localhost' },
      payload: { email: 'staff@closing.test', password: 'Admin-Passw0rd!' },
    });
    expect(again.statusCode).toBe(403);
    const withOldToken = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/self',
      headers: bearer(staff),
    });
    expect(withOldToken.statusCode).toBe(401);
  });

  it('keeps a sub-organization from widening its own access', async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'Self Flags', demo.id);
    await t.database.db.update(organizations).set({ toolbox: false }).where(eq(organizations.id, org.id));
    await createMember(t, org.id, { email: 'admin@self-flags.test' });
    const own = bearer(await signIn(t.app, 'admin@self-flags.test', undefined, 'self-flags.localhost'));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${org.id}`,
      headers: own,
      payload: { toolbox: true },
    });
    expect(res.statusCode).toBe(403);
    const colours = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${org.id}`,
      headers: own,
      payload: { primary_color: '#123456' },
    });
    expect(colours.statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  it("hides a sibling's sub-organization (404) and refuses a foreign target_org (404)", async () => {
    const demo = await demoOrg(t);
    const a = await createOrganization(t, 'Sibling A', demo.id);
    const b = await createOrganization(t, 'Sibling B', demo.id);
    const b1 = await createOrganization(t, 'Sibling B Child', b.id);
    await createMember(t, a.id, { email: 'admin@sibling-a.test' });
    const aAdmin = bearer(await signIn(t.app, 'admin@sibling-a.test', undefined, 'sibling-a.localhost'));
    for (const id of [b.id, b1.id, demo.id]) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/organizations/${id}`,
        headers: aAdmin,
        payload: { pricing: false },
      });
      expect(patch.statusCode).toBe(404);
      const archive = await t.app.inject({
        method: 'DELETE',
        url: `/api/organizations/${id}`,
        headers: aAdmin,
      });
      expect(archive.statusCode).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/organizations?status=all', headers: aAdmin });
    expect(list.json().items.map((o: { id: string }) => o.id)).toEqual([a.id]);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/self?target_org=${b1.id}`,
      headers: aAdmin,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a super-tenant act for its own sub-organization through target_org', async () => {
    const demo = await demoOrg(t);
    const sub = await createOrganization(t, 'Target Sub', demo.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/self?target_org=${sub.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(sub.id);
    await t.database.db
      .update(organizations)
      .set({ superTenant: false })
      .where(eq(organizations.id, demo.id));
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/self?target_org=${sub.id}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(404);
    await t.database.db.update(organizations).set({ superTenant: true }).where(eq(organizations.id, demo.id));
  });

  it('refuses management when the multi_tenant feature is off (403)', async () => {
    const demo = await demoOrg(t);
    const org = await createOrganization(t, 'No Multi', demo.id);
    await t.database.db.update(organizations).set({ multiTenant: false }).where(eq(organizations.id, org.id));
    await createMember(t, org.id, { email: 'admin@no-multi.test' });
    const h = bearer(await signIn(t.app, 'admin@no-multi.test', undefined, 'no-multi.localhost'));
    const res = await create(validFields({ name: 'Grandchild' }), h);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ORGANIZATION_MESSAGES.featureDisabled);
  });
});
