import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  demoOrg,
  insertLocation,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { users } from '../../db/schema';

/**
 * Couriers are users of a group marked `couriers`: a member with a code signs in at the screen;
 * leaving the group, being deactivated, a guessed or a replaced code is refused; the console's
 * courier calls make users of that group, and never reach another organization's users.
 */
type H = Record<string, string>;
let t: TestApp;
let admin: H;
let kiosk: H;
let here: string;

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: H,
  payload?: object,
) => t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

const signInAt = (code: string) => api('POST', 'kiosk/courier/session', kiosk, { code });

async function user(name: string, lastName: string) {
  const r = await api('POST', 'users', admin, {
    name,
    last_name: lastName,
    email: `${name.toLowerCase()}@couriers.test`,
  });
  expect(r.statusCode).toBe(200);
  return r.json().id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  here = await insertLocation(t.database.db, (await demoOrg(t)).id, 'Courier Group Street');
}, 60_000);
// a screen of its own for each test: the wrong codes are counted per screen
beforeEach(async () => {
  const made = await api('POST', 'kiosks/pairing', admin, { id_location: here, name: 'Group screen' });
  const paired = await api('POST', 'kiosk/pair', {}, { code: made.json().code });
  kiosk = { 'x-kiosk-token': paired.json().token };
});
afterAll(async () => {
  await t?.close();
});

describe('couriers as a group of users', () => {
  it('a member of the couriers group signs in with their code; leaving the group ends it', async () => {
    const id = await user('Robin', 'Rider');
    const plain = (await api('POST', 'groups', admin, { name: 'Regulars' })).json();
    expect(plain.couriers).toBe(false);
    await api('PATCH', `groups/${plain.id}/assign-user`, admin, { id_user: id });
    // a user of a group that is not the couriers' is no courier
    expect((await api('POST', `couriers/${id}/code`, admin)).statusCode).toBe(404);

    const group = await api('POST', 'groups', admin, { name: 'Riders', couriers: true });
    expect(group.statusCode).toBe(200);
    expect(group.json().couriers).toBe(true);
    await api('PATCH', `groups/${group.json().id}/assign-user`, admin, { id_user: id });
    const listed = (await api('GET', 'couriers', admin)).json().items;
    expect(listed.find((c: { id: string }) => c.id === id)).toMatchObject({
      name: 'Robin Rider',
      has_code: false,
      active: true,
    });

    const issued = await api('POST', `couriers/${id}/code`, admin);
    expect(issued.statusCode).toBe(200);
    const { code } = issued.json();
    expect(code).toMatch(/^\d{8}$/);
    expect(JSON.stringify((await api('GET', 'couriers', admin)).json())).not.toContain(code);
    const s = await signInAt(code);
    expect(s.statusCode).toBe(200);
    expect(s.json().name).toBe('Robin Rider');
    const session = { ...kiosk, 'x-courier-session': s.json().session };
    expect((await api('GET', 'kiosk/courier/recipients?q=robin', session)).statusCode).toBe(200);

    // removed from the group in the Groups area: the code and the session stop
    await api('PATCH', `groups/${group.json().id}/remove-user`, admin, { id_user: id });
    expect((await signInAt(code)).statusCode).toBe(401);
    expect((await api('GET', 'kiosk/courier/recipients?q=robin', session)).statusCode).toBe(401);
    expect((await api('GET', 'couriers', admin)).json().items.some((c: { id: string }) => c.id === id)).toBe(
      false,
    );
  });

  it('refuses a deactivated courier, a guessed code and a replaced one', async () => {
    const made = await api('POST', 'couriers', admin, { name: 'Sam Swift' });
    expect(made.statusCode).toBe(201);
    const { id, code } = made.json();
    // the courier is a user of the organization, in its couriers group
    const u = (await api('GET', `users/${id}`, admin)).json();
    expect(u).toMatchObject({ name: 'Sam', last_name: 'Swift' });
    expect(u.groups.map((g: { name: string }) => g.name)).toContain('Riders');
    expect((await signInAt(code)).statusCode).toBe(200);

    await api('PATCH', `users/${id}/deactivate`, admin);
    expect((await signInAt(code)).statusCode).toBe(401);
    expect(
      (await api('GET', 'couriers', admin)).json().items.find((c: { id: string }) => c.id === id),
    ).toMatchObject({ active: false });
    await api('PATCH', `users/${id}/activate`, admin);
    expect((await signInAt(code)).statusCode).toBe(200);

    const guessed =
      code === '00000000' ? '00000001' : String((Number(code) + 1) % 100_000_000).padStart(8, '0');
    expect((await signInAt(guessed)).statusCode).toBe(401);
    const renewed = (await api('POST', `couriers/${id}/code`, admin)).json().code;
    expect((await signInAt(code)).statusCode).toBe(401);
    expect((await signInAt(renewed)).statusCode).toBe(200);

    // removal: the user leaves the group and stays a user
    expect((await api('DELETE', `couriers/${id}`, admin)).statusCode).toBe(200);
    expect((await signInAt(renewed)).statusCode).toBe(401);
    expect((await api('GET', `users/${id}`, admin)).statusCode).toBe(200);
    expect((await api('DELETE', `couriers/${id}`, admin)).statusCode).toBe(404);
  });

  it("makes an existing user a courier, never another organization's", async () => {
    const id = await user('Kim', 'Carrier');
    const r = await api('POST', 'couriers', admin, { id_user: id });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ id, name: 'Kim Carrier', has_code: true });
    expect((await signInAt(r.json().code)).statusCode).toBe(200);

    const other = await createOrganization(t, 'Courier Other Org');
    const [theirs] = await one(
      t.database.db.insert(users).values({ organizationId: other.id, name: 'Theirs' }).returning(),
    );
    const theirId = theirs.id;
    expect((await api('POST', 'couriers', admin, { id_user: theirId })).statusCode).toBe(404);
    expect((await api('POST', `couriers/${theirId}/code`, admin)).statusCode).toBe(404);
    expect((await api('POST', 'couriers', admin, {})).statusCode).toBe(400);
  });
});
