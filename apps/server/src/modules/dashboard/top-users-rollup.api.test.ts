import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Random } from '../../../scripts/demo/random';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { locations, transactions, users } from '../../db/schema';
import { type MetricScope, topUsersLive, topUsersRollupPeriod } from './service';

/**
 * Top Users from the per-user roll-up (`dashboard_user_period`) answer exactly what counting the
 * transactions answers (spec console §7 `reports/top_users`), on a hand-made history around month,
 * quarter and year boundaries in three zones, and after every kind of change the trigger must
 * follow. demo-org is in America/Chicago; location T overrides it with Asia/Tokyo.
 */
let t: TestApp;
let admin: { authorization: string };
let org: string;
const ids: Record<string, string> = {};
const CHICAGO = 'America/Chicago';
let seq = 0;

async function addTransaction(createdAt: string, idUser: string | null, idLocation: string | null) {
  seq += 1;
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      organizationId: org,
      invoiceId: `INV-R${seq}`,
      orderId: `ORD-R${seq}`,
      type: 'storage',
      status: 'finished',
      createdAt: new Date(createdAt),
      startedAt: new Date(createdAt),
      idUser,
      idLocation,
    })
    .returning({ id: transactions.id });
  return row!.id;
}

/** Whole periods (served by the roll-up) and ranges that are not (counted live). */
const WHOLE = [
  ['2025-12-01', '2025-12-31'],
  ['2026-01-01', '2026-01-31'],
  ['2026-02-01', '2026-02-28'],
  ['2026-03-01', '2026-03-31'],
  ['2026-04-01', '2026-04-30'],
  ['2025-10-01', '2025-12-31'],
  ['2026-01-01', '2026-03-31'],
  ['2025-01-01', '2025-12-31'],
  // the beginning of a period after which nothing happened yet ("this year" up to today)
  ['2026-04-01', '2026-05-20'],
  ['2026-01-01', '2026-05-20'],
] as const;
const LIVE = [
  ['2026-01-01', '2026-03-15'], // later transactions in the year
  ['2026-03-01', '2026-03-30'], // a month but its last day
  ['2025-12-15', '2026-01-15'],
  ['2026-02-01', '2026-04-30'], // three months, not a quarter
] as const;

const scope = (from: string, to: string, limit?: number): MetricScope => ({
  organizationId: org,
  from,
  to,
  locations: [],
  timeZone: CHICAGO,
  limit,
});

async function viaApi(from: string, to: string, limit?: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reports/top_users?from_date=${from}&to_date=${to}${limit ? `&limit=${limit}` : ''}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every range, at two table sizes: the API's answer (roll-up where it serves) against the count. */
async function expectSameAsLive() {
  for (const [from, to] of [...WHOLE, ...LIVE]) {
    for (const limit of [3, undefined]) {
      const live = await topUsersLive({ tx: t.database.db, s: scope(from, to, limit) });
      expect(await viaApi(from, to, limit), `${from}..${to} limit ${limit}`).toEqual(live);
    }
  }
}

/** The roll-up as the trigger kept it equals the roll-up recomputed from the transactions. */
async function expectRollupAsRebuilt() {
  const read = async () =>
    (
      (await t.database.db.execute(
        sql`SELECT period, start::text, id_user, transactions FROM dashboard_user_period
          WHERE organization_id = ${org} ORDER BY 1, 2, 3`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  // the changes noted at commit, folded as the relay and a dashboard read do
  await t.database.db.execute(sql`SELECT dashboard_fold(${org}::uuid, 100000)`);
  const kept = await read();
  await t.database.db.execute(sql`SELECT rebuild_dashboard_user_rollup(${org}::uuid)`);
  expect(kept).toEqual(await read());
  expect(kept.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  t = await createTestApp();
  org = (await demoOrg(t)).id;
  admin = bearer(await signIn(t.app));
  const db = t.database.db;
  const [a] = await db
    .insert(locations)
    .values({ organizationId: org, name: 'Alpha', address: '1 A St' })
    .returning();
  const [tokyo] = await db
    .insert(locations)
    .values({ organizationId: org, name: 'Tokyo', address: '2 T St', timeZone: 'Asia/Tokyo' })
    .returning();
  ids.A = a!.id;
  ids.T = tokyo!.id;
  const people = await db
    .insert(users)
    .values(
      ['Ann', 'Ben', 'Cid', 'Del', 'Eve', 'Fay', 'Gus', 'Hal'].map((name) => ({ organizationId: org, name })),
    )
    .returning({ id: users.id });
  people.forEach((p, i) => {
    ids[`u${i + 1}`] = p.id;
  });
  // Hand-placed, around local midnights (Chicago UTC−6 in winter, Tokyo UTC+9):
  // 2026-03-01T05:30Z is 28 Feb 23:30 in Chicago (February) but 1 March 14:30 in Tokyo (March);
  // 2026-01-01T03:00Z is 31 Dec 21:00 in Chicago (2025) but 1 Jan 12:00 in Tokyo (2026).
  ids.x1 = await addTransaction('2026-03-01T05:30:00Z', ids.u8!, ids.A!);
  ids.x2 = await addTransaction('2026-03-01T05:30:00Z', ids.u8!, ids.T!);
  ids.x3 = await addTransaction('2026-01-01T03:00:00Z', ids.u8!, null);
  ids.x4 = await addTransaction('2026-01-01T03:00:00Z', ids.u8!, ids.T!);
  // A deterministic history over October 2025 – mid-May 2026, skewed towards the first users.
  const seeded = new Random(42);
  const rnd = () => seeded.next();
  const spanStart = Date.parse('2025-10-01T06:00:00Z');
  const spanEnd = Date.parse('2026-05-15T00:00:00Z');
  for (let i = 0; i < 400; i++) {
    const when = new Date(spanStart + Math.floor(rnd() * (spanEnd - spanStart))).toISOString();
    const who = rnd() < 0.1 ? null : ids[`u${1 + Math.floor(rnd() * rnd() * 7)}`]!;
    const r = rnd();
    await addTransaction(when, who, r < 0.45 ? ids.A! : r < 0.85 ? ids.T! : null);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('Top Users from the per-user roll-up (spec console §7 reports/top_users)', () => {
  it('serves whole periods, and a period up to a day after which nothing happened yet', async () => {
    for (const [from, to] of WHOLE)
      expect(
        await topUsersRollupPeriod({ tx: t.database.db, s: scope(from, to) }),
        `${from}..${to}`,
      ).not.toBeNull();
    for (const [from, to] of LIVE)
      expect(
        await topUsersRollupPeriod({ tx: t.database.db, s: scope(from, to) }),
        `${from}..${to}`,
      ).toBeNull();
    // a location filter counts the transactions
    expect(
      await topUsersRollupPeriod({
        tx: t.database.db,
        s: {
          ...scope('2026-01-01', '2026-01-31'),
          locations: [ids.A!],
        },
      }),
    ).toBeNull();
  });

  it('answers what counting the transactions answers, on local days', async () => {
    // Hal has only the four hand-placed transactions: February holds the Chicago one of 1 March
    // 05:30Z, March the Tokyo one; December 2025 the one of 1 January 03:00Z without a location
    // (Chicago), January 2026 the Tokyo one.
    const hal = async (from: string, to: string) =>
      (
        (await viaApi(from, to, 100)) as Array<{ id: string; purchases: number; location_id: string | null }>
      ).find((r) => r.id === ids.u8);
    expect(await hal('2026-02-01', '2026-02-28')).toMatchObject({ purchases: 1, location_id: ids.A });
    expect(await hal('2026-03-01', '2026-03-31')).toMatchObject({ purchases: 1, location_id: ids.T });
    expect(await hal('2025-12-01', '2025-12-31')).toMatchObject({ purchases: 1, location_id: null });
    expect(await hal('2026-01-01', '2026-01-31')).toMatchObject({ purchases: 1, location_id: ids.T });
    expect(await hal('2026-01-01', '2026-03-31')).toMatchObject({ purchases: 3 });
    expect(await hal('2025-01-01', '2025-12-31')).toMatchObject({ purchases: 1 });
    expect(await hal('2026-01-01', '2026-05-20')).toMatchObject({ purchases: 3 });
    await expectSameAsLive();
    await expectRollupAsRebuilt();
  });

  it('follows a changed user, creation time and location, a deletion and a deleted user', async () => {
    const db = t.database.db;
    await db.update(transactions).set({ idUser: ids.u2! }).where(eq(transactions.id, ids.x1!));
    await db
      .update(transactions)
      .set({ createdAt: new Date('2026-04-01T04:30:00Z') }) // 31 March 23:30 in Chicago: still Q1
      .where(eq(transactions.id, ids.x3!));
    await db.update(transactions).set({ idLocation: ids.A! }).where(eq(transactions.id, ids.x4!));
    await db.update(transactions).set({ idUser: null }).where(eq(transactions.id, ids.x2!));
    await db.delete(transactions).where(eq(transactions.id, ids.x4!));
    // a life-cycle step that changes nothing the roll-up counts
    await db.update(transactions).set({ status: 'canceled' }).where(eq(transactions.id, ids.x3!));
    await db.delete(users).where(eq(users.id, ids.u7!)); // its transactions keep no user
    await expectSameAsLive();
    await expectRollupAsRebuilt();
  });

  it('follows a new location time zone (rebuilt with the daily roll-up)', async () => {
    await t.database.db
      .update(locations)
      .set({ timeZone: 'Pacific/Honolulu' })
      .where(eq(locations.id, ids.T!));
    await t.database.db.execute(sql`SELECT rebuild_dashboard_rollup(${org}::uuid)`);
    await expectSameAsLive();
  });

  it('counts live when a transaction falls after the range within the period', async () => {
    await addTransaction('2026-05-25T12:00:00Z', ids.u1!, ids.A!);
    expect(
      await topUsersRollupPeriod({ tx: t.database.db, s: scope('2026-01-01', '2026-05-20') }),
    ).toBeNull();
    await expectSameAsLive();
  });
});
