import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Random } from '../../../scripts/demo/random';
import { createTestApp, demoOrg, type TestApp } from '../../../test/helpers';
import { devices, locations, transactions } from '../../db/schema';
import { foldDashboard } from './queries/fold';
import { computeMetric as compute, type MetricScope } from './service';

/**
 * Occupancy from the door-time roll-up (`dashboard_busy_daily`) plus the holds still open answers
 * exactly what walking the transactions answers (spec console §7 `reports/occupancy_rate`), on a
 * history that crosses local midnights and the March 2026 change to daylight time in three zones,
 * and after every change the trigger must follow. demo-org is in America/Chicago; location T
 * overrides it with Asia/Tokyo, location U with UTC.
 */
let t: TestApp;
let org: string;
const loc: Record<string, string> = {};
const NOW = new Date('2026-04-10T15:00:00Z');
let seq = 0;

/**
 * The definition the roll-up must keep: per location, the overlap of every door-holding
 * transaction with the range (start, else creation, until it ended or was canceled, else — in a
 * final status — its last update, else now), over doors × the range's elapsed time.
 */
async function occupancyByWalking(s: MetricScope) {
  const now = NOW.toISOString();
  const r = (await t.database.db.execute(sql`
    WITH win AS (
      SELECT l.id, (SELECT count(*) FROM devices d WHERE d.id_location = l.id) AS doors,
        (${s.from}::date)::timestamp AT TIME ZONE coalesce(l.time_zone, ${s.timeZone}) AS a,
        least((${s.to}::date + 1)::timestamp AT TIME ZONE coalesce(l.time_zone, ${s.timeZone}), ${now}::timestamptz) AS b
      FROM locations l WHERE l.organization_id = ${org}
    ), busy AS (
      SELECT w.id, sum(greatest(0, extract(epoch FROM
        least(w.b, coalesce(t.ended_at, t.canceled_at,
          CASE WHEN t.event_status IN ('finished', 'canceled', 'refunded', 'expired', 'removed') THEN t.updated_at END,
          ${now}::timestamptz))
        - greatest(w.a, coalesce(t.started_at, t.created_at))))) AS secs
      FROM win w JOIN transactions t ON t.id_location = w.id
      WHERE t.event_type <> 'vending' AND t.id_device IS NOT NULL
      GROUP BY w.id
    )
    SELECT w.id, CASE WHEN w.b <= w.a THEN 0
      ELSE round((100 * coalesce(b.secs, 0) / (w.doors * extract(epoch FROM w.b - w.a)))::numeric, 2) END::text AS rate
    FROM win w LEFT JOIN busy b ON b.id = w.id WHERE w.doors > 0 ORDER BY w.id`)) as unknown as {
    rows: Array<{ id: string; rate: string }>;
  };
  return r.rows.map((x) => ({ id: x.id, occupancy_rate: Math.min(100, Number(x.rate)) }));
}

const RANGES = [
  ['2026-03-01', '2026-03-31'],
  ['2026-03-08', '2026-03-08'], // the day Chicago moves to daylight time (23 hours)
  ['2026-03-07', '2026-03-09'],
  ['2026-02-25', '2026-03-02'],
  ['2026-01-01', '2026-04-10'], // up to today: the range ends now
  ['2026-04-10', '2026-04-10'],
  ['2026-04-05', '2026-04-10'],
  ['2025-12-01', '2025-12-31'], // before everything
] as const;

const scope = (from: string, to: string): MetricScope => ({
  organizationId: org,
  from,
  to,
  locations: [],
  timeZone: 'America/Chicago',
  now: NOW,
});

/** A metric as a dashboard read gets it: the noted changes folded first. */
async function computeMetric<N extends Parameters<typeof compute>[0]>(
  name: N,
  scope: MetricScope,
  tx: Parameters<typeof compute>[2],
) {
  await foldDashboard({ db: t.database.db, organizationId: scope.organizationId });
  return compute(name, scope, tx);
}

async function expectSameAsWalking() {
  for (const [from, to] of RANGES) {
    const got = await computeMetric('occupancy_rate', scope(from, to), t.database.db);
    const want = await occupancyByWalking(scope(from, to));
    expect(got, `${from}..${to}`).toEqual(want);
  }
  // a location filter reads only its rows
  const one = await computeMetric(
    'occupancy_rate',
    { ...scope('2026-03-01', '2026-03-31'), locations: [loc.T!] },
    t.database.db,
  );
  const all = await occupancyByWalking(scope('2026-03-01', '2026-03-31'));
  expect(one).toEqual(all.filter((r) => r.id === loc.T));
}

/** The roll-up as the trigger kept it equals the roll-up recomputed from the transactions. */
async function expectRollupAsRebuilt() {
  const read = async () =>
    (
      (await t.database.db.execute(
        sql`SELECT id_location, day::text, busy_ms::text FROM dashboard_busy_daily
          WHERE organization_id = ${org} AND busy_ms <> 0 ORDER BY 1, 2`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  // the changes noted at commit, folded as the relay and a dashboard read do
  await t.database.db.execute(sql`SELECT dashboard_fold(${org}::uuid, 100000)`);
  const kept = await read();
  await t.database.db.execute(sql`SELECT rebuild_dashboard_rollup(${org}::uuid)`);
  expect(kept).toEqual(await read());
  expect(kept.length).toBeGreaterThan(0);
}

async function addDevice(idLocation: string) {
  seq += 1;
  const [d] = await t.database.db
    .insert(devices)
    .values({
      organizationId: org,
      name: `door ${seq}`,
      lockerNumber: seq,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation,
    })
    .returning({ id: devices.id });
  return d!.id;
}

async function addTransaction(v: Partial<typeof transactions.$inferInsert>) {
  seq += 1;
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      organizationId: org,
      invoiceId: `INV-O${seq}`,
      orderId: `ORD-O${seq}`,
      type: 'storage',
      status: 'finished',
      ...v,
    })
    .returning({ id: transactions.id });
  return row!.id;
}

const door: Record<string, string[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  org = (await demoOrg(t)).id;
  const db = t.database.db;
  for (const [key, timeZone] of [
    ['A', null],
    ['T', 'Asia/Tokyo'],
    ['U', 'UTC'],
  ] as const) {
    const [l] = await db
      .insert(locations)
      .values({ organizationId: org, name: `Site ${key}`, address: `${key} St`, timeZone })
      .returning({ id: locations.id });
    loc[key] = l!.id;
    door[key] = [await addDevice(l!.id), await addDevice(l!.id), await addDevice(l!.id)];
  }
  const seeded = new Random(7);
  const rnd = () => seeded.next();
  const keys = ['A', 'T', 'U'] as const;
  const spanStart = Date.parse('2026-02-20T00:00:00Z');
  const spanEnd = Date.parse('2026-04-10T12:00:00Z');
  for (let i = 0; i < 160; i++) {
    const key = keys[Math.floor(rnd() * 3)]!;
    const start = spanStart + Math.floor(rnd() * (spanEnd - spanStart));
    const created = new Date(start - Math.floor(rnd() * 3_600_000));
    const end = new Date(Math.min(start + Math.floor(rnd() * 3 * 86_400_000), NOW.getTime() - 60_000));
    const kind = rnd();
    const base = {
      idLocation: loc[key]!,
      idDevice: door[key]![Math.floor(rnd() * 3)]!,
      createdAt: created,
      startedAt: rnd() < 0.1 ? null : new Date(start),
      updatedAt: end,
    };
    if (kind < 0.55) await addTransaction({ ...base, endedAt: end });
    else if (kind < 0.65) await addTransaction({ ...base, status: 'canceled', canceledAt: end });
    // a final status without an end time: held until its last update
    else if (kind < 0.72) await addTransaction({ ...base, status: 'expired' });
    else if (kind < 0.85) await addTransaction({ ...base, status: 'in_progress' });
    else if (kind < 0.9) await addTransaction({ ...base, status: 'awaiting_user_pickup', type: 'delivery' });
    // neither a vending sale nor a transaction without a door holds one
    else if (kind < 0.95) await addTransaction({ ...base, type: 'vending', endedAt: end });
    else await addTransaction({ ...base, idDevice: null, endedAt: end });
  }
  // hand-placed: 23:00 to 01:00 Chicago time across the night of the daylight-time change
  await addTransaction({
    idLocation: loc.A!,
    idDevice: door.A![0]!,
    createdAt: new Date('2026-03-08T05:00:00Z'),
    startedAt: new Date('2026-03-08T05:00:00Z'),
    endedAt: new Date('2026-03-08T07:00:00Z'),
  });
});

afterAll(async () => {
  await t?.close();
});

describe('occupancy from the door-time roll-up (spec console §7 reports/occupancy_rate)', () => {
  it('answers what walking the transactions answers, split at local midnights', async () => {
    const march8 = await computeMetric('occupancy_rate', scope('2026-03-08', '2026-03-08'), t.database.db);
    expect(march8.find((r) => r.id === loc.A)!.occupancy_rate).toBeGreaterThan(0);
    await expectSameAsWalking();
    await expectRollupAsRebuilt();
  });

  it('follows an end, a cancel, a move, a final status without an end time and a deletion', async () => {
    const db = t.database.db;
    const open = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.status, 'in_progress'))
      .limit(4);
    expect(open.length).toBe(4);
    const [a, b, c, d] = open.map((r) => r.id);
    await db
      .update(transactions)
      .set({ status: 'finished', endedAt: new Date('2026-04-09T10:00:00Z') })
      .where(eq(transactions.id, a!));
    await db
      .update(transactions)
      .set({ status: 'canceled', canceledAt: new Date('2026-04-10T01:00:00Z') })
      .where(eq(transactions.id, b!));
    await db
      .update(transactions)
      .set({ status: 'removed', updatedAt: new Date('2026-04-08T20:00:00Z') })
      .where(eq(transactions.id, c!));
    await db
      .update(transactions)
      .set({ idLocation: loc.U!, idDevice: door.U![1]! })
      .where(eq(transactions.id, d!));
    // a later update of a final transaction without an end time moves its end, like the walk does
    await db
      .update(transactions)
      .set({ updatedAt: new Date('2026-04-09T20:00:00Z') })
      .where(eq(transactions.id, c!));
    const [gone] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.status, 'finished'))
      .limit(1);
    await db.delete(transactions).where(eq(transactions.id, gone!.id));
    await expectSameAsWalking();
    await expectRollupAsRebuilt();
  });

  it('follows a new location time zone (rebuilt with the daily roll-up)', async () => {
    await t.database.db.update(locations).set({ timeZone: 'Europe/Berlin' }).where(eq(locations.id, loc.U!));
    await t.database.db.execute(sql`SELECT rebuild_dashboard_rollup(${org}::uuid)`);
    await expectSameAsWalking();
  });
});
