import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { computeMetric, type MetricScope } from './service';

/**
 * The dashboard's user counts (spec console §7 `reports/total_users`, `reports/users`,
 * `reports/user_growth`) read the registrations roll-up (`dashboard_users_daily`). They must answer
 * what counting the users table answers: around a local midnight, after soft deletes, restores,
 * hard deletes and a moved registration time, after a new organization time zone, and in a zone
 * other than the organization's (counted from the users table). demo-org is in America/Chicago
 * (UTC−6 in winter).
 */
let t: TestApp;
let admin: { authorization: string };
let org: string;
const made: Record<string, string> = {};

/** Users registered and not deleted by the end of `to` in `zone`, counted from the users table. */
async function counted(to: string, zone: string): Promise<number> {
  const r = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM users WHERE organization_id = ${org} AND NOT is_deleted
      AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${zone}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return r.rows[0]!.n;
}

async function api(metric: string, from: string, to: string) {
  const res = await t.app.inject({
    url: `/api/reports/${metric}?from_date=${from}&to_date=${to}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The API's total and monthly counts against the users table, on days around the hand-placed users. */
async function expectSameAsCounting(zone: string) {
  for (const to of ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-31']) {
    const expected = await counted(to, zone);
    expect(await api('total_users', '2026-02-01', to), `total_users to ${to}`).toBe(expected);
    const monthly = await api('users', '2026-01-01', to);
    expect(monthly.total, `users to ${to}`).toBe(expected);
    const inMarch = monthly.data.find((p: { month: string }) => p.month === '2026-03')?.count ?? 0;
    const marchExpected = to >= '2026-03-01' ? expected - (await counted('2026-02-28', zone)) : 0;
    expect(inMarch, `registered in March up to ${to}`).toBe(marchExpected);
  }
}

/** The roll-up as the trigger kept it equals the roll-up recomputed from the users. */
async function expectRollupAsRebuilt() {
  const read = async () =>
    (
      (await t.database.db.execute(
        sql`SELECT day::text, users FROM dashboard_users_daily
          WHERE organization_id = ${org} AND users <> 0 ORDER BY 1`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  const kept = await read();
  await t.database.db.execute(sql`SELECT rebuild_dashboard_users_rollup(${org}::uuid)`);
  expect(await read()).toEqual(kept);
  expect(kept.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  t = await createTestApp();
  org = (await demoOrg(t)).id;
  admin = bearer(await signIn(t.app));
  // 1 March 05:30Z is 28 February 23:30 in Chicago; 06:30Z is 1 March 00:30
  const rows = await t.database.db
    .insert(users)
    .values([
      { organizationId: org, name: 'Late', createdAt: new Date('2026-03-01T05:30:00Z') },
      { organizationId: org, name: 'Early', createdAt: new Date('2026-03-01T06:30:00Z') },
      { organizationId: org, name: 'Mid', createdAt: new Date('2026-03-01T18:00:00Z') },
      { organizationId: org, name: 'Feb', createdAt: new Date('2026-02-10T12:00:00Z') },
    ])
    .returning({ id: users.id, name: users.name });
  for (const r of rows) made[r.name!] = r.id;
});

afterAll(async () => {
  await t?.close();
});

describe('registrations roll-up (dashboard_users_daily)', () => {
  it('counts each user on its local day, a user just before local midnight on the day before', async () => {
    await expectSameAsCounting('America/Chicago');
    const before = await api('total_users', '2026-02-01', '2026-02-28');
    const after = await api('total_users', '2026-02-01', '2026-03-01');
    expect(after - before).toBe(2); // Early and Mid; Late counts on 28 February
    await expectRollupAsRebuilt();
  });

  it('follows soft deletes, restores, hard deletes and a moved registration time', async () => {
    const db = t.database.db;
    await db.update(users).set({ isDeleted: true }).where(eq(users.id, made.Early!));
    await expectSameAsCounting('America/Chicago');
    await db.update(users).set({ isDeleted: false }).where(eq(users.id, made.Early!));
    await db
      .update(users)
      .set({ createdAt: new Date('2026-03-02T12:00:00Z') })
      .where(eq(users.id, made.Mid!));
    await expectSameAsCounting('America/Chicago');
    // a deleted user moved or removed changes nothing
    await db.update(users).set({ isDeleted: true }).where(eq(users.id, made.Feb!));
    await db
      .update(users)
      .set({ createdAt: new Date('2026-02-11T12:00:00Z') })
      .where(eq(users.id, made.Feb!));
    await db.delete(users).where(eq(users.id, made.Feb!));
    await db.delete(users).where(eq(users.id, made.Late!));
    await expectSameAsCounting('America/Chicago');
    await expectRollupAsRebuilt();
  });

  it('the deleting call of the API keeps it too', async () => {
    const before = await api('total_users', '2026-02-01', '2026-03-31');
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/users',
      headers: admin,
      payload: { ids: [made.Early] },
    });
    expect(del.statusCode).toBe(200);
    expect(await api('total_users', '2026-02-01', '2026-03-31')).toBe(before - 1);
    await expectSameAsCounting('America/Chicago');
  });

  it('is rebuilt for a new organization time zone', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { time_zone: 'Asia/Tokyo' },
    });
    expect(res.statusCode).toBe(200);
    await expectSameAsCounting('Asia/Tokyo');
    await expectRollupAsRebuilt();
  });

  it('counts the users table for a zone other than the organization’s', async () => {
    // 1 March 16:00Z is 10:00 that day in Chicago but 01:00 on 2 March in Tokyo
    await t.database.db
      .insert(users)
      .values({ organizationId: org, name: 'Zone', createdAt: new Date('2026-03-01T16:00:00Z') });
    const inChicago = await counted('2026-03-01', 'America/Chicago');
    expect(inChicago).toBe((await counted('2026-03-01', 'Asia/Tokyo')) + 1);
    const scope: MetricScope = {
      organizationId: org,
      from: '2026-02-01',
      to: '2026-03-01',
      locations: [],
      timeZone: 'America/Chicago', // the organization is now in Asia/Tokyo
    };
    expect(await computeMetric('total_users', scope, t.database.db)).toBe(inChicago);
    await expectSameAsCounting('Asia/Tokyo');
  });
});
