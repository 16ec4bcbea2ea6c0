import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
import { multipartBody, pngImage } from '../../../test/multipart';
import { devices, locations, reports, transactions, users } from '../../db/schema';

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
        status: 'finished',
        type: 'storage',
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
    // sections are named by the organization's display name (white label), not its slug
    const white = (await t.app.inject({ method: 'GET', url: '/api/white-label', headers: admin })).json();
    const orgName = white.app_name || (await demoOrg(t)).name;
    expect(orgName).not.toBe('demo-org');
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

  it("CSV: in the caller's language (saved, else Accept-Language)", async () => {
    const res = await download('csv', { ...viewer, 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    const rows: string[][] = parse(res.rawPayload, { bom: true, relax_column_count: true });
    const sections = rows.filter((r) => r[0] === 'section').map((r) => r[2]);
    expect(sections.slice(0, 4)).toEqual([
      'Einnahmen',
      'Transaktionsquote',
      'Top-Standorte',
      'Aktive Schlösser',
    ]);
    expect(rows.some((r) => r[0] === 'Einnahmen')).toBe(true);
    expect(rows.some((r) => r[0] === 'Türen')).toBe(true);
  });

  it('PDF: parses, with the figures formatted and compared with the previous period', async () => {
    const res = await download('pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Harbor weekly');
    expect(text).toContain('$25.00');
    expect(text).toContain('Transactions');
    expect(text).toMatch(/vs previous period \(\$3\.00\)/);
    expect(text).toContain(`Page 1 of ${pdf.numPages}`);
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

describe('the report PDF as a document an owner forwards', () => {
  const PRIMARY: [number, number, number] = [0x0b, 0x6e, 0x4f];
  let pdfBytes: Buffer;
  let dir: string;
  beforeAll(async () => {
    const db = t.database.db;
    dir = await mkdtemp(path.join(tmpdir(), 'report-pdf-'));
    const white = await t.app.inject({
      method: 'PATCH',
      url: '/api/white-label',
      headers: admin,
      payload: { app_name: 'Harbor Lockers Co.', primary_color: '#0b6e4f', secondary_color: '#f2a541' },
    });
    expect(white.statusCode).toBe(200);
    // a 160×80 logo: a dark square beside an orange one
    const logo = pngImage(160, 80, (x) => (x < 80 ? [30, 30, 30] : [242, 165, 65]));
    const body = multipartBody({}, [{ name: 'image', filename: 'logo.png', data: logo }]);
    const up = await t.app.inject({
      method: 'PATCH',
      url: '/api/white-label/logo',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const [loc] = await db
      .insert(locations)
      .values({ organizationId: orgId, name: 'Pier Seven', address: '7 Dock Road' })
      .returning();
    const [door] = await db
      .insert(devices)
      .values({
        organizationId: orgId,
        name: 'P1',
        lockerNumber: 78,
        mode: 'storage',
        hardwareType: 'virtual',
        idLocation: loc!.id,
      })
      .returning();
    const [ada] = await db
      .insert(users)
      .values({ organizationId: orgId, name: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' })
      .returning();
    for (const [i, created] of ['2026-03-03T10:00:00Z', '2026-03-05T10:00:00Z'].entries())
      await db.insert(transactions).values({
        organizationId: orgId,
        invoiceId: `INV-P${i}`,
        orderId: `ORD-P${i}`,
        status: 'finished',
        type: 'storage',
        idLocation: loc!.id,
        idDevice: door!.id,
        idUser: ada!.id,
        createdAt: new Date(created),
        startedAt: new Date(created),
        total: '1204.50',
        paymentStatus: 'succeeded',
      });
    const made = await post({
      ...weekly(),
      name: 'Owner pack',
      contents: ['earnings', 'transaction_rate', 'user_growth', 'top_users', 'top_locations', 'active_locks'],
    });
    expect(made.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/download/${made.json().id}?format=pdf&due_at=2026-03-09T09:00:00Z`,
      headers: viewer,
    });
    expect(res.statusCode).toBe(200);
    pdfBytes = res.rawPayload;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names the organization by its display name and shows formatted money, period and both tables', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(pdfBytes));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Harbor Lockers Co.');
    expect(text).not.toContain('demo-org');
    expect(text).toContain('Owner pack');
    expect(text).toContain('Mar 2, 2026 – Mar 8, 2026');
    // 25.00 + 2 × 1,204.50, against the 3.00 of the week before
    expect(text).toContain('$2,434.00');
    expect(text).toContain('vs previous period ($3.00)');
    expect(text).not.toMatch(/Currency: usd|Earnings: Earnings/);
    // the two tables with their headings and rows
    expect(text).toMatch(/Top Users[\s\S]*Customer[\s\S]*Favourite location[\s\S]*Transactions/);
    expect(text).toMatch(/Ada Lovelace\s+Pier Seven\s+2/);
    expect(text).toMatch(/Top Locations[\s\S]*Location[\s\S]*Address/);
    expect(text).toMatch(/Harbor\s+9 Quay\s+4/);
    expect(text).toMatch(/Pier Seven\s+7 Dock Road\s+2/);
    expect(text).toContain('Generated ');
    expect(text).toContain(`Page ${pdf.numPages} of ${pdf.numPages}`);
  });

  it('renders (pdftoppm) with the colours of the white label and no empty page', async () => {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdfBytes);
    // PPM: a header and raw RGB bytes, read without an image library
    execFileSync('pdftoppm', ['-r', '40', file, path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((f) => f.endsWith('.ppm')).sort();
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const [n, name] of pages.entries()) {
      const ppm = await readFile(path.join(dir, name));
      const [, w, h] = ppm
        .toString('latin1', 0, 20)
        .match(/^P6\s+(\d+)\s+(\d+)\s+255\s/)!
        .map(Number) as number[];
      const start = ppm.length - w! * h! * 3;
      const px = (x: number, y: number) => [
        ...ppm.subarray(start + (y * w! + x) * 3, start + (y * w! + x) * 3 + 3),
      ];
      // the first page's band is in the primary colour, beside the logo
      const near = (a: number[], b: number[]) => a.every((c, i) => Math.abs(c - b[i]!) <= 3);
      if (n === 0) {
        expect(px(w! - 5, 5)).toEqual(PRIMARY);
        expect(near(px(Math.round(w! * 0.15), Math.round(h! * 0.06)), [30, 30, 30])).toBe(true);
      }
      // no page is three quarters blank: ink in the lower half of every page but the last
      if (n < pages.length - 1) {
        let ink = 0;
        for (let y = Math.round(h! / 2); y < h! - 30; y += 2)
          for (let x = 0; x < w!; x += 2) if (px(x, y).some((c) => c < 200)) ink++;
        expect(ink).toBeGreaterThan(100);
      }
    }
  });
});
