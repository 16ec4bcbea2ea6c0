import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEVICE_MESSAGES, LOCATION_MESSAGES } from '@lockerops/contract';
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
import { multipartBody } from '../../../test/multipart';
import { devices, groups, organizations, settings, users } from '../../db/schema';

type H = { authorization: string };
let t: TestApp;
let admin: H;
let member: H;
let orgId: string;
let fakeNominatim: http.Server;
let nominatimMode: 'ok' | 'slow' | 'empty' = 'ok';

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
const loc = (over: Record<string, unknown> = {}) => ({
  name: 'Main Street',
  address: '1 Main St',
  contact_email: 'Desk@Example.test',
  contact_phone: '+1 555 123 4567',
  latitude: 37.77,
  longitude: -122.41,
  ...over,
});
const create = async (over: Record<string, unknown> = {}, headers: H = admin) => {
  const res = await inject('POST', 'locations', loc(over), headers);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
};

beforeAll(async () => {
  // A stand-in for the Nominatim server: the geocoding adapter talks HTTP to it like to the real one.
  fakeNominatim = http.createServer((req, res) => {
    if (nominatimMode === 'slow') return; // never answers: the adapter must give up on its own
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        nominatimMode === 'ok' ? { display_name: `Somewhere near ${req.url}` } : { error: 'none' },
      ),
    );
  });
  await new Promise<void>((r) => fakeNominatim.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    GEOCODE_URL: `http://127.0.0.1:${(fakeNominatim.address() as AddressInfo).port}`,
  });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
});
afterAll(async () => {
  await t.close();
  fakeNominatim.closeAllConnections();
  await new Promise((r) => fakeNominatim.close(r));
});

describe('locations: create, validate, update', () => {
  it('creates a location, stripping spaces from the phone', async () => {
    const l = await create();
    expect(l).toMatchObject({
      name: 'Main Street',
      contact_email: 'desk@example.test',
      contact_phone: '+15551234567',
      hidden: false,
      shared: false,
      devices: 0,
      latitude: 37.77,
      restriction: { restriction_type: null, items: [] },
    });
  });

  it('answers the spec messages', async () => {
    const res = await inject('POST', 'locations', {
      name: ' ',
      contact_email: 'nope',
      contact_phone: '12ab',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([
      LOCATION_MESSAGES.nameRequired,
      LOCATION_MESSAGES.addressRequired,
      LOCATION_MESSAGES.invalidEmail,
      LOCATION_MESSAGES.invalidPhone,
    ]);
    expect(LOCATION_MESSAGES.addressRequired).toBe('Address required');
    const missing = await inject('POST', 'locations', { name: 'X', address: '  ' });
    expect(missing.json().detail).toEqual([
      LOCATION_MESSAGES.addressRequired,
      LOCATION_MESSAGES.emailRequired,
      LOCATION_MESSAGES.phoneRequired,
    ]);
    const restricted = await inject('POST', 'locations', loc({ restricted: true }));
    expect(restricted.json().detail).toBe(LOCATION_MESSAGES.restrictionTypeRequired);
  });

  it('uses the default support contact when asked', async () => {
    const none = await inject('POST', 'locations', {
      name: 'Def',
      address: '2 Def St',
      use_default_contact: true,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(LOCATION_MESSAGES.noDefaultContact);
    await t.database.db
      .update(settings)
      .set({ defaultSupportEmail: 'help@demo.test', defaultSupportPhone: '+1 555 000 1111' })
      .where(eq(settings.organizationId, orgId));
    const l = await create({ name: 'Def', use_default_contact: true, contact_email: '', contact_phone: '' });
    expect(l).toMatchObject({ contact_email: 'help@demo.test', contact_phone: '+15550001111' });
  });

  it('accepts a multipart form like the console sends', async () => {
    const body = multipartBody({
      name: 'Form Loc',
      address: '3 Form St',
      contact_email: 'a@b.test',
      contact_phone: '5551234567',
      hidden: 'true',
      latitude: '41.87',
      longitude: '-87.62',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hidden: true, latitude: 41.87, longitude: -87.62 });
  });

  it('hides and makes live with PATCH location/{id}, audited', async () => {
    const l = await create({ name: 'Toggle' });
    const res = await inject('PATCH', `location/${l.id}`, { hidden: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().hidden).toBe(true);
    const hist = (await inject('GET', `history/location/${l.id}`)).json().items;
    expect(hist[0].changes).toEqual({ hidden: { before: false, after: true } });
    expect(
      (await inject('GET', 'locations?hidden=true&size=100')).json().items.map((x: { id: string }) => x.id),
    ).toContain(l.id);
  });

  it('lets members create but not edit, delete or toggle; keeps viewers out', async () => {
    const l = await create({ name: 'By member' }, member);
    expect((await inject('PUT', `locations/${l.id}`, loc(), member)).statusCode).toBe(403);
    expect((await inject('DELETE', 'locations', { ids: [l.id] }, member)).statusCode).toBe(403);
    expect((await inject('PATCH', `location/${l.id}`, { hidden: true }, member)).statusCode).toBe(403);
    await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
    const viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
    expect((await inject('GET', 'locations', undefined, viewer)).statusCode).toBe(403);
  });
});

describe('locations: shared', () => {
  it('shares only for super-tenant organizations with the Shared Locations flag', async () => {
    expect((await create({ name: 'Shared', shared: true })).shared).toBe(true);
    const org = await createOrganization(t, 'plainco');
    await createMember(t, org.id, { email: 'boss@plainco.test' });
    const h = bearer(await signIn(t.app, 'boss@plainco.test', undefined, 'plainco.localhost'));
    const l = await create({}, h);
    for (const flags of [
      { superTenant: false, sharedLocations: false },
      { superTenant: true, sharedLocations: false },
      { superTenant: false, sharedLocations: true },
    ]) {
      await t.database.db.update(organizations).set(flags).where(eq(organizations.id, org.id));
      const res = await inject('POST', 'locations', loc({ shared: true }), h);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(LOCATION_MESSAGES.sharedNotAllowed);
      expect((await inject('PATCH', `location/${l.id}`, { shared: true }, h)).statusCode).toBe(403);
    }
    await t.database.db
      .update(organizations)
      .set({ superTenant: true, sharedLocations: true })
      .where(eq(organizations.id, org.id));
    expect((await inject('PATCH', `location/${l.id}`, { shared: true }, h)).statusCode).toBe(200);
  });
});

describe('locations: shared with sub-organizations', () => {
  it("lists a super-tenant's shared locations and their devices, read-only, to its sub-organization", async () => {
    const shared = await create({ name: 'Hub Shared', shared: true });
    const own = await create({ name: 'Hub Private' });
    const door = (
      await inject('POST', 'devices', {
        name: 'Hub door',
        locker_number: 4242,
        mode: 'storage',
        status: 'available',
        hardware_type: 'virtual',
        id_location: shared.id,
        id_size: (await inject('POST', 'sizes', { name: 'Hub S', width: 1, depth: 1, height: 1 })).json().id,
      })
    ).json();
    const kid = await createOrganization(t, 'kidco', orgId);
    await createMember(t, kid.id, { email: 'boss@kidco.test' });
    const h = bearer(await signIn(t.app, 'boss@kidco.test', undefined, 'kidco.localhost'));
    const mine = await create({ name: 'Kid Own' }, h);

    const listed = (await inject('GET', 'locations?size=200', undefined, h)).json().items as Array<{
      id: string;
      shared: boolean;
      shared_from_parent: boolean;
    }>;
    expect(listed.map((l) => l.id)).toEqual(expect.arrayContaining([mine.id, shared.id]));
    // besides its own, only the parent's shared locations
    expect(listed.filter((l) => l.id !== mine.id).every((l) => l.shared && l.shared_from_parent)).toBe(true);
    expect(listed.find((l) => l.id === shared.id)!.shared_from_parent).toBe(true);
    expect(listed.find((l) => l.id === mine.id)!.shared_from_parent).toBe(false);
    expect(listed.map((l) => l.id)).not.toContain(own.id);
    const devs = (await inject('GET', `devices?size=200&id_location=${shared.id}`, undefined, h)).json()
      .items;
    expect(devs).toEqual([expect.objectContaining({ id: door.id, shared_from_parent: true })]);
    expect((await inject('GET', `devices?id_location=${own.id}`, undefined, h)).json().items).toEqual([]);

    // read-only: the sub-organization cannot open, change, hide or delete them
    expect((await inject('GET', `locations/${shared.id}`, undefined, h)).statusCode).toBe(404);
    expect((await inject('PUT', `locations/${shared.id}`, loc({ name: 'Mine now' }), h)).statusCode).toBe(
      404,
    );
    expect((await inject('PATCH', `location/${shared.id}`, { hidden: true }, h)).statusCode).toBe(404);
    expect((await inject('DELETE', 'locations', { ids: [shared.id] }, h)).statusCode).toBe(404);
    expect((await inject('PUT', `devices/${door.id}`, { name: 'x' }, h)).statusCode).not.toBe(200);
    // the parent's own list is unchanged: no flag on its rows
    const parentList = (await inject('GET', 'locations?size=200')).json().items as Array<{
      id: string;
      shared_from_parent: boolean;
    }>;
    expect(parentList.find((l) => l.id === shared.id)!.shared_from_parent).toBe(false);
    expect(parentList.map((l) => l.id)).not.toContain(mine.id);
  });
});

describe('locations: require image', () => {
  it('keeps require_image only for an organization with rental mode', async () => {
    const org = await createOrganization(t, 'norentco');
    await createMember(t, org.id, { email: 'boss@norentco.test' });
    const h = bearer(await signIn(t.app, 'boss@norentco.test', undefined, 'norentco.localhost'));
    await t.database.db.update(organizations).set({ rentalMode: false }).where(eq(organizations.id, org.id));
    const l = await create({ require_image: true }, h);
    expect(l.require_image).toBe(false);
    expect((await inject('PATCH', `location/${l.id}`, { require_image: true }, h)).json().require_image).toBe(
      false,
    );
    await t.database.db.update(organizations).set({ rentalMode: true }).where(eq(organizations.id, org.id));
    expect((await inject('PATCH', `location/${l.id}`, { require_image: true }, h)).json().require_image).toBe(
      true,
    );
    expect((await create({ name: 'Rents', require_image: true }, h)).require_image).toBe(true);
  });
});

describe('locations: restriction by users or groups', () => {
  let userId: string;
  let groupId: string;
  beforeAll(async () => {
    const [u] = await t.database.db
      .insert(users)
      .values({ organizationId: orgId, name: 'Ann', lastName: 'Lee', email: 'ann@x.test' })
      .returning();
    const [g] = await t.database.db
      .insert(groups)
      .values({ organizationId: orgId, name: 'Staff' })
      .returning();
    userId = u!.id;
    groupId = g!.id;
  });

  it('assigns on create and through resources/{id}, and refuses switching the type while assigned', async () => {
    const l = await create({
      name: 'Restricted',
      restricted: true,
      restriction_type: 'users',
      assign_to: [userId],
      assignment_type: 'user',
    });
    expect(l.restriction).toEqual({
      restriction_type: 'users',
      items: [{ id: userId, name: 'Ann Lee', email: 'ann@x.test' }],
    });
    expect((await inject('GET', `resources/${l.id}/users`)).json().items).toHaveLength(1);
    const sw = await inject(
      'PUT',
      `locations/${l.id}`,
      loc({ name: 'Restricted', restricted: true, restriction_type: 'groups' }),
    );
    expect(sw.statusCode).toBe(409);
    expect(sw.json().detail).toBe(LOCATION_MESSAGES.switchUsers);
    const wrongKind = await inject('PATCH', `resources/${l.id}/assign-user`, {
      id_user: groupId,
      resource_type: 'group',
    });
    expect(wrongKind.statusCode).toBe(409);
    const rm = await inject('PATCH', `resources/${l.id}/remove-user`, { id_user: userId });
    expect(rm.json().detail).toBe(LOCATION_MESSAGES.removed);
    expect((await inject('PATCH', `resources/${l.id}/remove-user`, { id_user: userId })).statusCode).toBe(
      404,
    );
    const ok = await inject(
      'PUT',
      `locations/${l.id}`,
      loc({ name: 'Restricted', restricted: true, restriction_type: 'groups' }),
    );
    expect(ok.statusCode).toBe(200);
    const add = await inject('PATCH', `resources/${l.id}/assign-user`, { id_user: groupId });
    expect(add.json().detail).toBe(LOCATION_MESSAGES.assigned);
    expect((await inject('GET', `resources/${l.id}/groups`)).json().items).toEqual([
      { id: groupId, name: 'Staff', email: null },
    ]);
    const back = await inject(
      'PUT',
      `locations/${l.id}`,
      loc({ name: 'Restricted', restricted: true, restriction_type: 'users' }),
    );
    expect(back.json().detail).toBe(LOCATION_MESSAGES.switchGroups);
  });

  it('refuses assigning to an unrestricted location and foreign users', async () => {
    const l = await create({ name: 'Open' });
    const res = await inject('PATCH', `resources/${l.id}/assign-user`, { id_user: userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(LOCATION_MESSAGES.restrictionTypeRequired);
    const r = await create({ name: 'R', restricted: true, restriction_type: 'users' });
    const foreign = await inject('PATCH', `resources/${r.id}/assign-user`, { id_user: crypto.randomUUID() });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('locations: devices, sizes, unlock all, delete', () => {
  it('lists devices and sizes of a location and opens every available door', async () => {
    const l = await create({ name: 'With doors' });
    const size = (await inject('POST', 'sizes', { name: 'L', width: 2, depth: 2, height: 2 })).json().id;
    const mk = async (n: number, over: Record<string, unknown> = {}) =>
      (
        await inject('POST', 'devices', {
          name: `D${n}`,
          locker_number: n,
          mode: 'storage',
          status: 'available',
          hardware_type: 'virtual',
          id_location: l.id,
          id_size: size,
          ...over,
        })
      ).json();
    const a = await mk(2);
    const b = await mk(1);
    const c = await mk(3, { status: 'maintenance' });
    const devs = (await inject('GET', `locations/${l.id}/devices`)).json();
    expect(devs.items.map((d: { id: string }) => d.id)).toEqual([b.id, a.id, c.id]);
    expect((await inject('GET', `locations/${l.id}/sizes`)).json().items).toEqual([
      expect.objectContaining({ id: size, name: 'L', devices: 3 }),
    ]);
    expect(
      (await inject('GET', `locations/${l.id}/sizes?by_status=available&by_mode=storage`)).json().items[0]
        .devices,
    ).toBe(2);
    expect((await inject('GET', `locations/${l.id}/sizes?by_mode=rental`)).json().items).toEqual([]);
    const unlock = await inject('PATCH', `location/${l.id}/unlock`);
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json().detail).toBe(LOCATION_MESSAGES.unlockSent);
    expect(unlock.json().updated.sort()).toEqual([a.id, b.id].sort());
    expect((await inject('GET', `devices/${c.id}`)).json().lock_status).toBe('locked');
    expect((await inject('GET', `locations/${l.id}`)).json().devices).toBe(3);

    await t.database.db.update(devices).set({ lockStatus: 'offline' }).where(eq(devices.idLocation, l.id));
    const down = await inject('PATCH', `location/${l.id}/unlock`);
    expect(down.statusCode).toBe(502);
    expect(down.json().detail).toBe(DEVICE_MESSAGES.unreachable);

    const del = await inject('DELETE', 'locations', { ids: [l.id] });
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe(LOCATION_MESSAGES.hasDevices);
    await inject('DELETE', 'devices', { ids: [a.id, b.id, c.id] });
    expect((await inject('DELETE', 'locations', { ids: [l.id] })).statusCode).toBe(200);
  });

  it("answers 404 for another organization's location on every call", async () => {
    const mine = await create({ name: 'Mine' });
    const other = await createOrganization(t, 'locco');
    await createMember(t, other.id, { email: 'boss@locco.test' });
    const h = bearer(await signIn(t.app, 'boss@locco.test', undefined, 'locco.localhost'));
    for (const [m, u, p] of [
      ['GET', `locations/${mine.id}`, undefined],
      ['PUT', `locations/${mine.id}`, loc()],
      ['PATCH', `location/${mine.id}`, { hidden: true }],
      ['PATCH', `location/${mine.id}/unlock`, undefined],
      ['GET', `locations/${mine.id}/devices`, undefined],
      ['GET', `locations/${mine.id}/sizes`, undefined],
      ['GET', `resources/${mine.id}/users`, undefined],
      ['PATCH', `resources/${mine.id}/assign-user`, { id_user: crypto.randomUUID() }],
      ['DELETE', 'locations', { ids: [mine.id] }],
    ] as const) {
      expect((await inject(m, u, p, h)).statusCode, `${m} ${u}`).toBe(404);
    }
  });
});

describe('locations: CSV and export', () => {
  it('uploads rows with per-row results and exports them', async () => {
    const csv = [
      'name,address,contact_email,contact_phone,latitude,longitude',
      'CSV One,1 A St,one@x.test,5551112222,40.1,-73.2',
      'CSV Bad,2 B St,bad-mail,5551112222,,',
      ',3 C St,c@x.test,5551112222,,',
    ].join('\n');
    const body = multipartBody({}, [
      { name: 'file', filename: 'l.csv', data: Buffer.from(csv), type: 'text/csv' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/locations/csv',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.json()).toEqual([
      { row: 1, detail: true },
      { row: 2, detail: LOCATION_MESSAGES.invalidEmail },
      { row: 3, detail: LOCATION_MESSAGES.nameRequired },
    ]);
    const exp = await inject('GET', 'locations/export?search=CSV');
    expect(exp.headers['content-disposition']).toContain('location_export.csv');
    expect(exp.body.split('\n')[0]).toContain(
      'name,address,custom_id,latitude,longitude,contact_email,contact_phone',
    );
    expect(exp.body).toContain('CSV One');
  });
});

describe('locations: the map view (bbox)', () => {
  it("lists the organization's placed locations inside a view, across the antimeridian too", async () => {
    const tokyo = await create({ name: 'Map Tokyo', latitude: 35.68, longitude: 139.76 });
    const honolulu = await create({ name: 'Map Honolulu', latitude: 21.3, longitude: -157.85 });
    const bay = await create({ name: 'Map Bay', latitude: 37.77, longitude: -122.41 });
    await create({ name: 'Map Nowhere', latitude: null, longitude: null });
    const other = await createOrganization(t, 'mapco');
    await createMember(t, other.id, { email: 'boss@mapother.test' });
    const theirs = bearer(await signIn(t.app, 'boss@mapother.test', undefined, 'mapco.localhost'));
    await create({ name: 'Map Theirs', latitude: 37.78, longitude: -122.42 }, theirs);
    const inView = async (bbox: string) => {
      const res = await inject('GET', `locations?search=Map&size=50&bbox=${bbox}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { id: string }[]).map((l) => l.id).sort();
    };
    expect(await inView('-123,37,-122,38')).toEqual([bay.id]);
    // west of east's east: the Pacific from Japan to Hawaii
    expect(await inView('130,10,-150,40')).toEqual([tokyo.id, honolulu.id].sort());
    expect(await inView('-180,-90,180,90')).toEqual([tokyo.id, honolulu.id, bay.id].sort());
  });

  it('refuses a view that is not four degrees in range, south below north', async () => {
    for (const bbox of ['1,2,3', '0,50,10,40', '0,0,200,10', 'a,b,c,d', '0,,1,2'])
      expect((await inject('GET', `locations?bbox=${bbox}`)).statusCode, bbox).toBe(400);
  });
});

describe('geocoding', () => {
  it('answers the address of a position, null when unknown, and 503 fast when unreachable', async () => {
    nominatimMode = 'ok';
    const ok = await inject('GET', 'geocode/reverse?lat=37.7&lng=-122.4');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().address).toContain('lat=37.7');
    nominatimMode = 'empty';
    expect((await inject('GET', 'geocode/reverse?lat=1&lng=1')).json()).toEqual({ address: null });
    nominatimMode = 'slow';
    const started = Date.now();
    const slow = await inject('GET', 'geocode/reverse?lat=1&lng=1');
    expect(slow.statusCode).toBe(503);
    expect(slow.json().detail).toBe(LOCATION_MESSAGES.geocodeFailed);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
