import { randomUUID } from 'node:crypto';
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
import { devices, issues, locations, transactions, users } from '../../db/schema';

/**
 * The metric reads of spec console §7 on a small hand-made history whose answers are worked out
 * below. demo-org is in America/Chicago (CST, UTC−6 in early March 2026); location B overrides it
 * with America/New_York (EST, UTC−5). The range is Sunday 1 – Saturday 7 March 2026; the previous
 * period of the same length is 22 – 28 February.
 *
 * Transactions (A = location A, 4 doors; B = location B, 2 doors):
 * | id | where | mode     | user | created (UTC)     | local day  | money                         | seconds |
 * | t1 | A     | storage  | u1   | 03-02 15:00       | 03-02      | 10.00 paid                    | 7200    |
 * | t2 | A     | rental   | u1   | 03-08 05:30       | 03-07 23:30 (just before midnight) | 5.00 paid | 1800 |
 * | t3 | A     | storage  | u2   | 03-01 06:30       | 03-01 00:30 (just after midnight)  | 20.00 paid, 8.00 refunded | 3600 |
 * | t4 | A     | storage  | u2   | 03-01 05:30       | 02-28 23:30 (previous period) | 7.00 paid      | 2400    |
 * | t5 | B     | delivery | u3   | 03-08 05:30       | 03-08 00:30 in New York (out) | 3.00 paid      | —       |
 * | t6 | B     | vending  | u1   | 03-04 12:00       | 03-04      | 2.50 paid                     | 0       |
 * | t7 | A     | storage  | u3   | 03-06 12:00       | 03-06      | in progress, nothing paid     | —       |
 * | t9 | A     | storage  | —    | 03-03 12:00       | 03-03      | 0 total, 4.00 penalty         | 900     |
 * In range: t1 t2 t3 t6 t7 t9 = 6; previous: t4 = 1.
 * Earnings 10 + 5 + (20 − 8) + 2.50 + 0 + 4 = 33.50; previous 7.00.
 */
let t: TestApp;
let admin: { authorization: string };
let viewer: { authorization: string };
type Fixture = 'org' | 'A' | 'B' | 'R' | 'child' | 'rivals' | 't1' | 'u0' | 'u1' | 'u2' | 'u3' | 'u4' | 'u5';
/** The ids the history below is built with, filled in `beforeAll`. */
const ids = {} as Record<Fixture, string>;

const CHICAGO = 'America/Chicago';
const RANGE = 'from_date=2026-03-01&to_date=2026-03-07';
let seq = 0;

async function tx(
  orgId: string,
  v: Partial<typeof transactions.$inferInsert> & { createdAt: Date; type: string },
): Promise<string> {
  seq += 1;
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      organizationId: orgId,
      invoiceId: `INV-T${seq}`,
      orderId: `ORD-T${seq}`,
      status: 'finished',
      startedAt: v.createdAt,
      ...v,
    })
    .returning({ id: transactions.id });
  return row!.id;
}

const at = (iso: string) => new Date(iso);
const plus = (iso: string, s: number) => new Date(Date.parse(iso) + s * 1000);

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoOrg(t);
  const db = t.database.db;
  ids.org = demo.id;
  const [locA] = await db
    .insert(locations)
    .values({ organizationId: demo.id, name: 'Alpha', address: '1 A St' })
    .returning();
  const [locB] = await db
    .insert(locations)
    .values({ organizationId: demo.id, name: 'Bravo', address: '2 B St', timeZone: 'America/New_York' })
    .returning();
  ids.A = locA!.id;
  ids.B = locB!.id;
  const door = (loc: string, n: number, status = 'available', lockStatus = 'locked') => ({
    organizationId: demo.id,
    name: `Door ${n}`,
    lockerNumber: n,
    mode: 'storage',
    status,
    lockStatus,
    hardwareType: 'virtual',
    idLocation: loc,
  });
  const doors = await db
    .insert(devices)
    .values([
      door(ids.A, 1),
      door(ids.A, 2, 'maintenance'),
      door(ids.A, 3, 'available', 'offline'),
      door(ids.A, 4, 'available', 'open'),
      door(ids.B, 1),
      door(ids.B, 2),
    ])
    .returning({ id: devices.id });
  const d1 = doors[0]!.id;
  const dB = doors[4]!.id;
  const user = async (name: string, created: string, isDeleted = false) => {
    const [u] = await db
      .insert(users)
      .values({ organizationId: demo.id, name, lastName: 'Test', createdAt: at(created), isDeleted })
      .returning({ id: users.id });
    return u!.id;
  };
  ids.u0 = await user('Uma', '2026-02-25T12:00:00Z'); // previous period
  ids.u1 = await user('Ann', '2026-02-20T12:00:00Z'); // before both
  ids.u2 = await user('Ben', '2026-03-02T12:00:00Z');
  ids.u3 = await user('Cid', '2026-03-05T05:30:00Z'); // 4 March 23:30 in Chicago
  ids.u4 = await user('Del', '2026-03-03T12:00:00Z', true); // deleted
  ids.u5 = await user('Eve', '2026-03-08T05:30:00Z'); // 7 March 23:30 in Chicago: in range
  await user('Fay', '2026-03-08T06:30:00Z'); // 8 March 00:30 in Chicago: after the range

  const paid = { paymentStatus: 'succeeded' } as const;
  ids.t1 = await tx(demo.id, {
    type: 'storage',
    idLocation: ids.A,
    idDevice: d1,
    idUser: ids.u1,
    createdAt: at('2026-03-02T15:00:00Z'),
    endedAt: plus('2026-03-02T15:00:00Z', 7200),
    total: '10.00',
    totalTime: 7200,
    ...paid,
  });
  await tx(demo.id, {
    type: 'rental',
    idLocation: ids.A,
    idDevice: d1,
    idUser: ids.u1,
    createdAt: at('2026-03-08T05:30:00Z'),
    endedAt: plus('2026-03-08T05:30:00Z', 1800),
    total: '5.00',
    totalTime: 1800,
    ...paid,
  });
  await tx(demo.id, {
    type: 'storage',
    status: 'refunded',
    idLocation: ids.A,
    idDevice: d1,
    idUser: ids.u2,
    createdAt: at('2026-03-01T06:30:00Z'),
    endedAt: plus('2026-03-01T06:30:00Z', 3600),
    total: '20.00',
    refundedAmount: '8.00',
    totalTime: 3600,
    ...paid,
  });
  await tx(demo.id, {
    type: 'storage',
    idLocation: ids.A,
    idDevice: d1,
    idUser: ids.u2,
    createdAt: at('2026-03-01T05:30:00Z'),
    endedAt: plus('2026-03-01T05:30:00Z', 2400),
    total: '7.00',
    totalTime: 2400,
    ...paid,
  });
  await tx(demo.id, {
    type: 'delivery',
    idLocation: ids.B,
    idDevice: dB,
    idUser: ids.u3,
    createdAt: at('2026-03-08T05:30:00Z'),
    total: '3.00',
    status: 'awaiting_user_pickup',
    ...paid,
  });
  await tx(demo.id, {
    type: 'vending',
    idLocation: ids.B,
    idDevice: dB,
    idUser: ids.u1,
    createdAt: at('2026-03-04T12:00:00Z'),
    endedAt: at('2026-03-04T12:00:00Z'),
    total: '2.50',
    totalTime: 0,
    ...paid,
  });
  await tx(demo.id, {
    type: 'storage',
    status: 'in_progress',
    idLocation: ids.A,
    idDevice: d1,
    idUser: ids.u3,
    createdAt: at('2026-03-06T12:00:00Z'),
  });
  await tx(demo.id, {
    type: 'storage',
    idLocation: ids.A,
    idDevice: d1,
    createdAt: at('2026-03-03T12:00:00Z'),
    endedAt: plus('2026-03-03T12:00:00Z', 900),
    penalizeCharge: '4.00',
    totalTime: 900,
  });

  // issues: two in the range (one at A, one just after local midnight on 1 March), one before
  await db.insert(issues).values([
    {
      organizationId: demo.id,
      description: 'door stuck',
      idLocation: ids.A,
      createdAt: at('2026-03-03T12:00:00Z'),
    },
    { organizationId: demo.id, description: 'no receipt', createdAt: at('2026-03-01T06:10:00Z') },
    { organizationId: demo.id, description: 'late', createdAt: at('2026-03-01T05:50:00Z') },
  ]);

  // a sub-organization (demo-org is a super-tenant) with one transaction, and a stranger
  const child = await createOrganization(t, 'child co', demo.id);
  ids.child = child.id;
  await tx(child.id, { type: 'storage', createdAt: at('2026-03-03T12:00:00Z'), total: '1.00', ...paid });
  const rivals = await createOrganization(t, 'rivals');
  ids.rivals = rivals.id;
  const [locR] = await db.insert(locations).values({ organizationId: rivals.id, name: 'Rival' }).returning();
  ids.R = locR!.id;
  await tx(rivals.id, {
    type: 'storage',
    idLocation: ids.R,
    createdAt: at('2026-03-03T12:00:00Z'),
    total: '99.00',
    ...paid,
  });

  admin = bearer(await signIn(t.app));
  await createMember(t, demo.id, { email: 'viewer@demo-org.test', role: 'viewer' });
  viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
}, 60_000);
afterAll(() => t.close());

const get = async (path: string, headers = admin) => {
  const res = await t.app.inject({ url: `/api/reports/${path}`, headers });
  return { status: res.statusCode, body: res.json() };
};
const ok = async (path: string, headers = admin) => {
  const r = await get(path, headers);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

describe('dashboard metric reads (spec console §7)', () => {
  it('the organization time zone is a setting (seeded America/Chicago)', async () => {
    const res = await t.app.inject({ url: '/api/settings', headers: admin });
    expect(res.json().time_zone).toBe(CHICAGO);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { time_zone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Unknown time zone. Use an IANA name such as America/Chicago.');
  });

  it('earnings: charged totals plus penalties minus refunds, on local days', async () => {
    const e = await ok(`earnings?${RANGE}`);
    expect(e).toMatchObject({ currency: 'usd', earnings: 33.5, previous: 7 });
    expect(e.trend).toEqual([
      { date: '2026-03-01', value: 12 },
      { date: '2026-03-02', value: 10 },
      { date: '2026-03-03', value: 4 },
      { date: '2026-03-04', value: 2.5 },
      { date: '2026-03-05', value: 0 },
      { date: '2026-03-06', value: 0 },
      { date: '2026-03-07', value: 5 },
    ]);
    // location B keeps New York days: t5 (8 March 00:30 there) is out, t6 in
    expect((await ok(`earnings?${RANGE}&locations=${ids.B}`)).earnings).toBe(2.5);
    expect((await ok(`earnings?${RANGE}&locations=${ids.A},${ids.B}`)).earnings).toBe(33.5);
  });

  it('transaction rate: the share of transactions that were their customer’s first', async () => {
    // in range: t1 (u1's first) and t7 (u3's first; t5 comes later) of six; t3 follows u2's t4,
    // t2 and t6 follow u1's t1, t9 has no user. Previous period: t4, u2's first, of one.
    const r = await ok(`transaction_rate?${RANGE}`);
    expect(r).toMatchObject({ new_transaction_percentage: 33.33, previous: 100 });
    expect(r.trend.map((p: { value: number }) => p.value)).toEqual([0, 100, 0, 0, 0, 100, 0]);
    // not the change in the number of transactions (6 against 1: +500%)
    expect(r.new_transaction_percentage).not.toBe(500);
    // at B only t6, not u1's first: none new
    expect((await ok(`transaction_rate?${RANGE}&locations=${ids.B}`)).new_transaction_percentage).toBe(0);
    // the per-user roll-up (no location filter) and the transactions themselves (a filter) agree
    expect(await ok(`transaction_rate?${RANGE}&locations=${ids.A},${ids.B}`)).toEqual(r);
  });

  it('counts, rates and averages', async () => {
    expect(await ok(`total_transactions?${RANGE}`)).toMatchObject({
      breakdown: { organization_total: 6 },
      previous: 1,
    });
    // 6 transactions over 6 doors
    expect(await ok(`transactions_per_locker?${RANGE}`)).toMatchObject({ avg_transactions_per_locker: 1 });
    // (7200 + 1800 + 3600 + 0 + 900) / 5 recorded durations
    expect(await ok(`avg_transaction_time?${RANGE}`)).toMatchObject({
      avg_transaction_time: 2700,
      previous: 2400,
    });
    // 33.50 / 6
    expect(await ok(`avg_revenue_per_transaction?${RANGE}`)).toMatchObject({
      avg_revenue_per_transaction: 5.58,
      previous: 7,
    });
    // 2 issues per 6 transactions; previous period 1 per 1; at A alone 1 per 5
    expect(await ok(`issue_rate?${RANGE}`)).toMatchObject({ issue_rate: 33.33, previous: 100 });
    expect(await ok(`issue_rate?${RANGE}&locations=${ids.A}`)).toMatchObject({ issue_rate: 20 });
    expect(await ok(`total_locations?${RANGE}`)).toEqual({ main_org_total_locations: 2 });
    expect(await ok(`door_counts?${RANGE}`)).toEqual({
      main_org: { main_org_total_doors: 6 },
      door_counts_by_location: [
        { location_id: ids.A, location_name: 'Alpha', total_doors: 4 },
        { location_id: ids.B, location_name: 'Bravo', total_doors: 2 },
      ],
    });
  });

  it('users: growth, total and months in the organization zone', async () => {
    // new in range: Ben, Cid (4 March local), Eve (7 March 23:30 local) = 3; previous: Uma = 1
    expect(await ok(`user_growth?${RANGE}`)).toMatchObject({
      percentage: 200,
      new_users: 3,
      previous_new_users: 1,
    });
    // Uma, Ann, Ben, Cid, Eve; Del is deleted, Fay registered after the range
    expect(await ok(`total_users?${RANGE}`)).toBe(5);
    expect(await ok(`users?${RANGE}`)).toEqual({ total: 5, data: [{ month: '2026-03', count: 3 }] });
    expect(await ok('users?from_date=2026-02-01&to_date=2026-03-07')).toEqual({
      total: 5,
      data: [
        { month: '2026-02', count: 2 },
        { month: '2026-03', count: 3 },
      ],
    });
  });

  it('transactions per day and mode, top users and top locations', async () => {
    const r = await ok(`transactions?${RANGE}`);
    expect(r.total).toBe(6);
    const day = (d: string) => r.data.find((x: { date: string }) => x.date === d);
    expect(r.data).toHaveLength(7);
    expect(day('2026-03-01')).toMatchObject({ total: 1, storage: 1 });
    expect(day('2026-03-04')).toMatchObject({ total: 1, vending: 1 });
    expect(day('2026-03-07')).toMatchObject({ total: 1, rental: 1, storage: 0 });
    expect(day('2026-03-05')).toMatchObject({ total: 0 });

    const top = await ok(`top_users?${RANGE}`);
    expect(top[0]).toEqual({
      id: ids.u1,
      user: 'Ann Test',
      email: null,
      location: 'Alpha',
      location_id: ids.A,
      purchases: 3,
    });
    expect(top.map((u: { purchases: number }) => u.purchases)).toEqual([3, 1, 1]);
    expect(await ok(`locations?${RANGE}`)).toEqual([
      { id: ids.A, name: 'Alpha', address: '1 A St', count: 5 },
      { id: ids.B, name: 'Bravo', address: '2 B St', count: 1 },
    ]);
    expect(await ok(`top_users?${RANGE}&locations=${ids.B}`)).toEqual([
      expect.objectContaining({ id: ids.u1, location: 'Bravo', purchases: 1 }),
    ]);
  });

  it('door health and occupancy per location', async () => {
    // A: door 2 in maintenance, door 3 offline → 2 of 4; B: 2 of 2
    expect(await ok(`door_health?${RANGE}`)).toEqual(
      expect.arrayContaining([
        { location_id: ids.A, health_percentage: 50 },
        { location_id: ids.B, health_percentage: 100 },
      ]),
    );
    // A's window: 1 March 06:00Z – 8 March 06:00Z, 4 doors × 604,800 s = 2,419,200 door-seconds.
    // busy: t1 7200 + t2 1800 + t3 3600 + t4 600 (06:00–06:10) + t9 900 + t7 from 6 March 12:00Z
    // to the window's end (42 h = 151,200) = 165,300 → 6.83 %. B: t6 is vending, t5 after: 0.
    const occ = await ok(`occupancy_rate?${RANGE}`);
    expect(occ).toEqual(
      expect.arrayContaining([
        { id: ids.A, occupancy_rate: 6.83 },
        { id: ids.B, occupancy_rate: 0 },
      ]),
    );
  });

  it('a super-tenant reads its sub-organization; any other organization answers 404', async () => {
    expect(await ok(`total_transactions?${RANGE}&target_org=${ids.child}`)).toMatchObject({
      breakdown: { organization_total: 1 },
    });
    expect((await ok(`earnings?${RANGE}&target_org=${ids.child}`)).earnings).toBe(1);
    expect((await get(`earnings?${RANGE}&target_org=${ids.rivals}`)).status).toBe(404);
    expect((await get(`earnings?${RANGE}&target_org=${randomUUID()}`)).status).toBe(404);
    const foreign = await get(`earnings?${RANGE}&locations=${ids.R}`);
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Location not found' } });
  });

  it('refuses a custom range that ends in the future (400)', async () => {
    const r = await get('earnings?from_date=2026-01-01&to_date=2999-01-01');
    expect(r).toMatchObject({ status: 400, body: { detail: 'The date range cannot end in the future.' } });
    expect((await get('earnings?from_date=2026-03-07&to_date=2026-03-01')).status).toBe(400);
    expect((await get('earnings?from_date=2026-3-1&to_date=2026-03-07')).status).toBe(400);
    const range = await ok('range?range=this_year');
    expect(range.time_zone).toBe(CHICAGO);
    expect(range.from_date).toBe(`${range.today.slice(0, 4)}-01-01`);
  });

  it('every signed-in role reads them; no session answers 401', async () => {
    expect((await get(`earnings?${RANGE}`, viewer)).status).toBe(200);
    expect((await get(`top_users?${RANGE}`, viewer)).status).toBe(200);
    expect((await t.app.inject({ url: `/api/reports/earnings?${RANGE}` })).statusCode).toBe(401);
  });

  it('the roll-up follows every change: a refund, and a new organization time zone', async () => {
    await t.database.db
      .update(transactions)
      .set({ refundedAmount: '10.00' })
      .where(eq(transactions.id, ids.t1));
    expect((await ok(`earnings?${RANGE}`)).earnings).toBe(23.5);
    // in UTC, t2 (8 March 05:30Z) leaves the range and t4 (1 March 05:30Z) enters it
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { time_zone: 'UTC' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ok(`earnings?${RANGE}`)).earnings).toBe(25.5);
    expect((await ok(`total_transactions?${RANGE}`)).breakdown.organization_total).toBe(6);
    // an update that keeps its day and location changes the roll-up by its difference alone
    await t.database.db
      .update(transactions)
      .set({ type: 'rental', totalTime: 5400, total: '12.25' })
      .where(eq(transactions.id, ids.t1));
    // what the triggers kept equals a recomputation from the transactions
    const snapshot = async () =>
      (
        (await t.database.db.execute(
          sql`SELECT id_location, day::text, transactions, rental, storage, delivery, service, vending,
            earnings::text, time_sum::text, timed FROM dashboard_daily
            WHERE organization_id = ${ids.org} AND transactions <> 0 ORDER BY 1, 2`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    await t.database.db.execute(sql`SELECT dashboard_fold(${ids.org}::uuid, 100000)`);
    const kept = await snapshot();
    await t.database.db.execute(sql`SELECT rebuild_dashboard_rollup(${ids.org}::uuid)`);
    expect(kept.length).toBeGreaterThan(5);
    expect(await snapshot()).toEqual(kept);
  });
});
