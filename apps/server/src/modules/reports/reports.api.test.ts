import { REPORT_MESSAGES as M } from '@lockerops/contract';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
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
import { devices, locations, reports, transactions } from '../../db/schema';

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
    // Monday 09:00 on the wall clock of the organization's zone (the demo organization is in Chicago)
    const chicago = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(chicago.format(next)).toBe('Monday 09:00');
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
      .insert(reports)
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

  it('roles: viewers read; admins and members write; only admins delete (spec §6 bulk actions)', async () => {
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
    const byMember = await t.app.inject({
      method: 'DELETE',
      url: '/api/reports',
      headers: member,
      payload: [mine.id],
    });
    expect(byMember.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/reports',
      headers: admin,
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

describe('GET reports/download/{id} (spec: console §7; the dashboard metric reads over the period)', () => {
  let reportId: string;
  let subName: string;
  beforeAll(async () => {
    const db = t.database.db;
    const [loc] = await db
      .insert(locations)
      .values({ organizationId: orgId, name: 'Harbor', address: '9 Quay' })
      .returning();
    const [door] = await db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: 'D1',
        lockerNumber: 77,
        mode: 'storage',
        hardwareType: 'virtual',
        idLocation: loc!.id,
      })
      .returning();
    const history: Array<[string, string]> = [
      ['2026-03-02T15:00:00Z', '10.00'],
      ['2026-03-04T10:00:00Z', '7.25'],
      ['2026-03-04T11:00:00Z', '2.75'],
      ['2026-03-08T20:00:00Z', '5.00'],
      ['2026-03-09T10:00:00Z', '99.00'], // after the period
      ['2026-02-27T10:00:00Z', '3.00'], // before it
    ];
    for (const [i, [created, total]] of history.entries())
      await db.insert(transactions).values({
        organizationId: orgId,
        invoiceId: `INV-R${i}`,
        orderId: `ORD-R${i}`,
        eventStatus: 'finished',
        eventType: 'storage',
        idLocation: loc!.id,
        idDevice: door!.id,
        createdAt: new Date(created),
        startedAt: new Date(created),
        total,
        paymentStatus: 'succeeded',
      });
    const sub = await createOrganization(t, 'Harbor Sub');
    const { organizations } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(organizations).set({ parentId: orgId }).where(eq(organizations.id, sub.id));
    subName = sub.name;
    reportId = (
      await post({
        ...weekly(),
        name: 'Harbor weekly',
        contents: ['earnings', 'transaction_rate', 'top_locations', 'active_locks'],
        include_sub_orgs: true,
      })
    ).json().id;
  });

  const download = (format: string, headers = viewer) =>
    t.app.inject({
      method: 'GET',
      url: `/api/reports/download/${reportId}?format=${format}&due_at=2026-03-09T09:00:00Z`,
      headers,
    });

  it('CSV: one section per content; the figures equal the metric reads of the period', async () => {
    const res = await download('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Harbor_weekly_2026-03-02_2026-03-08.csv');
    const rows: string[][] = parse(res.rawPayload, { bom: true, relax_column_count: true });
    expect(rows[1]).toEqual(['period', '2026-03-02', '2026-03-08']);
    const range = 'from_date=2026-03-02&to_date=2026-03-08';
    const earnings = (
      await t.app.inject({ method: 'GET', url: `/api/reports/earnings?${range}`, headers: viewer })
    ).json();
    const total = (
      await t.app.inject({ method: 'GET', url: `/api/reports/total_transactions?${range}`, headers: viewer })
    ).json();
    expect(earnings.earnings).toBe(25);
    expect(total.breakdown.organization_total).toBe(4);
    const figure = (name: string) => rows.find((r) => r[0] === name)?.[1];
    expect(Number(figure('Earnings'))).toBe(earnings.earnings);
    expect(Number(figure('Transactions'))).toBe(total.breakdown.organization_total);
    expect(figure('Doors')).toBe('1');
    const orgName = (await demoOrg(t)).name;
    const sections = rows.filter((r) => r[0] === 'section').map((r) => `${r[1]}/${r[2]}`);
    expect(sections).toEqual([
      `${orgName}/Earnings`,
      `${orgName}/Transaction Rate`,
      `${orgName}/Top Locations`,
      `${orgName}/Active Locks`,
      `${subName}/Earnings`,
      `${subName}/Transaction Rate`,
      `${subName}/Top Locations`,
      `${subName}/Active Locks`,
    ]);
    expect(rows.some((r) => r[0] === 'Harbor' && r[2] === '4')).toBe(true);
  });

  it('PDF: one page that parses, with the figures', async () => {
    const res = await download('pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    expect(pdf.numPages).toBe(1);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Harbor weekly');
    expect(text).toContain('Earnings: 25.00');
    expect(text).toContain('Transactions: 4');
  });

  it("another organization's report answers 404", async () => {
    const other = await createOrganization(t, 'Download Other');
    const [row] = await t.database.db
      .insert(reports)
      .values({
        organizationId: other.id,
        name: 'Theirs',
        recurrence: 'weekly',
        weekday: 1,
        sendTime: '10:00',
      })
      .returning();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/download/${row!.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
  });
});
