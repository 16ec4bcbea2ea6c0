import { REPORT_MESSAGES as M } from '@lockerops/contract';
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

let t: TestApp;
let admin: Record<string, string>;
let member: Record<string, string>;
let viewer: Record<string, string>;
let orgId: string;
let memberId: string;
let otherMemberId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  memberId = (await createMember(t, orgId, { email: 'rm@demo-org.test', role: 'member', firstName: 'Rhea' }))
    .id;
  await createMember(t, orgId, { email: 'rv@demo-org.test', role: 'viewer' });
  member = bearer(await signIn(t.app, 'rm@demo-org.test'));
  viewer = bearer(await signIn(t.app, 'rv@demo-org.test'));
  const other = await createOrganization(t, 'Other Reports');
  otherMemberId = (await createMember(t, other.id, { email: 'x@other.test' })).id;
});
afterAll(() => t.close());

const weekly = () => ({
  name: 'Weekly figures',
  contents: ['earnings', 'users'],
  assign_to: [memberId],
  recurrence: 'weekly',
  weekday: 0,
  month: 5,
  when: 'end',
  send_time: '09:00',
});

const post = (payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers, payload: payload as object });

describe('reports CRUD (spec: console §3 Report, §4 recurrence, §5 rules, §7 report calls)', () => {
  it('creates a weekly report: month and when cleared, assignee names, next send', async () => {
    const res = await post(weekly());
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      name: 'Weekly figures',
      contents: ['earnings', 'users'],
      assign_to: [memberId],
      assignee: ['Rhea'],
      recurrence: 'weekly',
      weekday: 0,
      month: null,
      when: null,
      send_time: '09:00',
      include_sub_orgs: false,
      last_sent: null,
    });
    const next = new Date(r.next_due_at);
    expect(next.getUTCDay()).toBe(1); // Monday
    expect(next.toISOString().slice(11, 16)).toBe('09:00');
    expect(next.getTime()).toBeGreaterThan(Date.now());
  });

  it('monthly and bimonthly clear the weekday; editing to monthly clears it', async () => {
    const created = (await post(weekly())).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/reports/${created.id}`,
      headers: member,
      payload: { ...weekly(), recurrence: 'monthly', when: 'start' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recurrence: 'monthly', weekday: null, month: 5, when: 'start' });
    expect(new Date(res.json().next_due_at).getUTCDate()).toBe(1);
    const bi = await post({
      ...weekly(),
      recurrence: 'bimonthly',
      weekday: 3,
      month: undefined,
      when: 'end',
    });
    expect(bi.json()).toMatchObject({ recurrence: 'bimonthly', weekday: null, month: 1, when: 'end' });
  });

  it('answers every rule with its message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, M.nameRequired],
      [{ name: undefined }, M.nameRequired],
      [{ contents: [] }, M.contentRequired],
      [{ assign_to: [] }, M.assigneeRequired],
      [{ recurrence: undefined }, M.recurrenceRequired],
      [{ send_time: undefined }, M.sendTimeRequired],
      [{ send_time: '9:00' }, M.sendTimeFormat],
      [{ send_time: '24:00' }, M.sendTimeFormat],
      [{ weekday: undefined }, M.weekdayRequired],
      [{ recurrence: 'monthly', when: undefined }, M.whenRequired],
      [{ recurrence: 'monthly', month: 13 }, M.monthInvalid],
    ];
    for (const [change, message] of cases) {
      const res = await post({ ...weekly(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.json().detail)).toContain(message);
    }
  });

  it("another organization's member or report answers 404", async () => {
    const res = await post({ ...weekly(), assign_to: [otherMemberId] });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(M.noUsers);
    const other = await createOrganization(t, 'Third Reports');
    const [row] = await t.database.db
      .insert((await import('../../db/schema')).reports)
      .values({
        organizationId: other.id,
        name: 'Theirs',
        recurrence: 'weekly',
        weekday: 1,
        sendTime: '10:00',
      })
      .returning();
    for (const req of [
      { method: 'GET' as const, url: `/api/reports/${row!.id}` },
      { method: 'PUT' as const, url: `/api/reports/${row!.id}`, payload: weekly() },
      { method: 'DELETE' as const, url: '/api/reports', payload: { ids: [row!.id] } },
    ])
      expect((await t.app.inject({ ...req, headers: admin })).statusCode).toBe(404);
  });

  it('roles: viewers read; admins and members write and delete (spec §6)', async () => {
    expect((await post(weekly(), viewer)).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/reports', headers: viewer });
    expect(list.statusCode).toBe(200);
    const mine = (await post(weekly(), member)).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/reports',
      headers: viewer,
      payload: { ids: [mine.id] },
    });
    expect(del.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/reports',
      headers: member,
      payload: [mine.id],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe(M.deleted);
  });

  it('lists with paging and search: GET reports and GET reports/all', async () => {
    await post({ ...weekly(), name: 'Zebra summary' });
    for (const url of ['/api/reports', '/api/reports/all']) {
      const all = (
        await t.app.inject({ method: 'GET', url: `${url}?page=1&size=2`, headers: viewer })
      ).json();
      expect(all.items).toHaveLength(2);
      expect(all.total).toBeGreaterThan(2);
      const found = (await t.app.inject({ method: 'GET', url: `${url}?search=zeb`, headers: viewer })).json();
      expect(found.items.map((r: { name: string }) => r.name)).toEqual(['Zebra summary']);
    }
  });
});
