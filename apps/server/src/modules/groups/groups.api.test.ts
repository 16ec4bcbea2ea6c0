import { GROUP_MESSAGES } from '@lockerops/contract';
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
import { locations } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let viewer: { authorization: string };
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers = admin,
) => t.app.inject({ method, url: `/api${url}`, headers, payload });
const newUser = async (name: string) =>
  (await req('POST', '/users', { name, email: `${name.toLowerCase()}@groups.example.com` })).json();

describe('groups', () => {
  it('creates with ?name, renames with PUT ?name, and answers the spec message without a name', async () => {
    const created = await req('POST', '/groups?name=VIP');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'VIP', users: 0, devices: 0, locations: 0 });
    const renamed = await req('PUT', `/groups/${created.json().id}?name=Gold`);
    expect(renamed.json().name).toBe('Gold');
    const json = await req('POST', '/groups', { name: 'From body' });
    expect(json.statusCode).toBe(200);
    for (const bad of [await req('POST', '/groups?name='), await req('POST', '/groups')]) {
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(GROUP_MESSAGES.nameRequired);
    }
  });

  it('lists up to 10000 by default', async () => {
    const res = (await req('GET', '/groups')).json();
    expect(res.page_size).toBe(10000);
    expect(res.items.map((g: { name: string }) => g.name)).toContain('Gold');
  });

  it('assigns and removes users and resources, with counts and members', async () => {
    const g = (await req('POST', '/groups?name=Staff')).json();
    const a = await newUser('Anna');
    const b = await newUser('Ben');
    expect((await req('PATCH', `/groups/${g.id}/assign-user`, { id_user: a.id })).statusCode).toBe(200);
    expect((await req('PATCH', `/groups/${g.id}/assign-user`, { id_users: [a.id, b.id] })).statusCode).toBe(
      200,
    );
    const [loc] = await t.database.db
      .insert(locations)
      .values({ organizationId: orgId, name: 'Dock' } as typeof locations.$inferInsert)
      .returning();
    const assign = await req('PATCH', `/groups/${g.id}/assign`, {
      id_resource: loc!.id,
      resource_type: 'location',
    });
    expect(assign.json().detail).toBe(GROUP_MESSAGES.resourceAssigned);
    let got = (await req('GET', `/groups/${g.id}`)).json();
    expect(got).toMatchObject({ users: 2, locations: 1, devices: 0 });
    const members = (await req('GET', `/groups/${g.id}/members`)).json();
    expect(members.users.map((u: { name: string }) => u.name)).toEqual(['Anna', 'Ben']);
    expect(members.resources).toEqual([{ id_resource: loc!.id, resource_type: 'location', name: 'Dock' }]);
    const user = (await req('GET', `/users/${a.id}`)).json();
    expect(user.groups).toEqual([{ id: g.id, name: 'Staff' }]);
    await req('PATCH', `/groups/${g.id}/remove-user`, { id_user: b.id });
    await req('PATCH', `/groups/${g.id}/remove`, { id_resource: loc!.id, resource_type: 'location' });
    got = (await req('GET', `/groups/${g.id}`)).json();
    expect(got).toMatchObject({ users: 1, locations: 0 });
    const missing = await req('PATCH', `/groups/${g.id}/assign`, {
      id_resource: '00000000-0000-4000-8000-000000000000',
      resource_type: 'device',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(GROUP_MESSAGES.resourceNotFound);
    const hist = (await req('GET', `/history/group/${g.id}`)).json();
    expect(hist.items.map((h: { action: string }) => h.action)).toContain('assign-user');
  });

  it('deletes a group and its links but keeps the users', async () => {
    const g = (await req('POST', '/groups?name=Temp')).json();
    const u = await newUser('Carl');
    await req('PATCH', `/groups/${g.id}/assign-user`, { id_user: u.id });
    expect((await req('DELETE', '/groups', { ids: [g.id] })).statusCode).toBe(200);
    expect((await req('GET', `/users/${u.id}`)).json().groups).toEqual([]);
  });

  it("keeps viewers out and answers 404 for another organization's group or user", async () => {
    expect((await req('GET', '/groups', undefined, viewer)).statusCode).toBe(403);
    const other = await createOrganization(t, 'Other Groups Org');
    await createMember(t, other.id, { email: 'admin@other-groups.test' });
    const otherAdmin = bearer(
      await signIn(t.app, 'admin@other-groups.test', undefined, 'other-groups-org.localhost'),
    );
    const theirs = (await req('POST', '/groups?name=Theirs', undefined, otherAdmin)).json();
    const theirUser = (
      await req('POST', '/users', { name: 'Them', email: 'them@groups.example.com' }, otherAdmin)
    ).json();
    expect((await req('GET', `/groups/${theirs.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/groups/${theirs.id}?name=Mine`)).statusCode).toBe(404);
    expect((await req('GET', `/groups/${theirs.id}/members`)).statusCode).toBe(404);
    const mine = (await req('POST', '/groups?name=Mine')).json();
    const cross = await req('PATCH', `/groups/${mine.id}/assign-user`, { id_user: theirUser.id });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().detail).toBe(GROUP_MESSAGES.userNotFound);
  });
});

describe('groups: member role', () => {
  it('lets a member add a group but not edit it or its users', async () => {
    await createMember(t, orgId, { email: 'member-groups@demo-org.test', role: 'member' });
    const member = bearer(await signIn(t.app, 'member-groups@demo-org.test'));
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/groups?name=Night%20shift',
      headers: member,
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().id;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${id}?name=Renamed`,
      headers: member,
    });
    expect(edit.statusCode).toBe(403);
    const assign = await t.app.inject({
      method: 'PATCH',
      url: `/api/groups/${id}/assign-user`,
      headers: member,
      payload: { id_users: [] },
    });
    expect(assign.statusCode).toBe(403);
  });
});
