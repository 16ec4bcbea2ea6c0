import {
  ACTIVE_TRANSACTION_STATUSES,
  LOCATION_MESSAGES,
  MODES,
  type TMetricAnswer,
  type TMetricInterval,
  type TMetricName,
  type TTopLocation,
  type TTopUser,
  type TTrendPoint,
} from '@lockerops/contract';
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { NotFound } from '../../errors';
import {
  addDays,
  bucketOf,
  bucketsOf,
  daysBetween,
  defaultInterval,
  periodsStartingOn,
  previousPeriod,
  type RollupPeriod,
} from './calendar';

/**
 * The metric computations of the dashboard and of scheduled reports (spec: console §2 Dashboard,
 * §3 "Dashboard report payload" and "Metric payloads", §7 metric reads). Plain functions on a
 * database handle, with no HTTP: `computeMetric(name, scope, tx)`. Run them inside
 * `withTenant` (row-level security) — every query also names the organization.
 *
 * Where the numbers come from:
 * - transaction counts, earnings and durations: the daily roll-up (`dashboard_org_daily` with no
 *   location filter, `dashboard_daily` with one; see db/schema/dashboard.ts), by the local day a
 *   transaction was created on (its location's zone, else the organization's);
 * - users: the registrations roll-up (`dashboard_users_daily`, kept by a trigger on `users`), by
 *   the local day of registration in the organization's zone;
 * - doors and locations: the current devices and locations;
 * - occupancy: the door-time roll-up (`dashboard_busy_daily`) plus the holds still open;
 * - top users: the per-user roll-up (`dashboard_user_period`) for a whole month, quarter or year
 *   (or one up to today), else the transactions themselves, bounded by
 *   `transactions_org_created_idx`;
 * - customers' first transactions (Transaction Rate): the same roll-up's rows of period 'f', else
 *   (with a location filter) the transactions at those locations.
 */

/** What a metric is computed for: calendar dates (both included) read in `timeZone`. */
export interface MetricScope {
  organizationId: string;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (included). */
  to: string;
  /** Location ids; empty = every location of the organization. */
  locations: readonly string[];
  /** The organization's IANA zone (a location's own zone overrides it for its transactions). */
  timeZone: string;
  /** Trend bucket; default day up to 62 days, else month. */
  interval?: TMetricInterval;
  /** Rows of the top tables (default 10). */
  limit?: number;
  /** The instant the metric is computed at (tests pin it); default now. */
  now?: Date;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const uuidList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

const round = (n: number, places = 2): number => {
  const f = 10 ** places;
  return Math.round((n + Number.EPSILON) * f) / f;
};

/** Percentage change from `prev` to `cur`: 100 when growing from nothing, 0 when both are 0. */
export const percentChange = (cur: number, prev: number): number =>
  prev === 0 ? (cur > 0 ? 100 : 0) : round(((cur - prev) / prev) * 100);

// ——— the daily roll-up ———

interface DaySums {
  transactions: number;
  rental: number;
  storage: number;
  delivery: number;
  service: number;
  vending: number;
  earnings: Decimal;
  timeSum: number;
  timed: number;
}

const emptySums = (): DaySums => ({
  transactions: 0,
  rental: 0,
  storage: 0,
  delivery: 0,
  service: 0,
  vending: 0,
  earnings: new Decimal(0),
  timeSum: 0,
  timed: 0,
});

const addSums = (a: DaySums, b: DaySums): DaySums => ({
  transactions: a.transactions + b.transactions,
  rental: a.rental + b.rental,
  storage: a.storage + b.storage,
  delivery: a.delivery + b.delivery,
  service: a.service + b.service,
  vending: a.vending + b.vending,
  earnings: a.earnings.plus(b.earnings),
  timeSum: a.timeSum + b.timeSum,
  timed: a.timed + b.timed,
});

/** The roll-up's sums per day over `[from, to]` (days without transactions are absent). */
async function dailySums(
  tx: DbOrTx,
  s: Pick<MetricScope, 'organizationId' | 'locations'>,
  from: string,
  to: string,
): Promise<Map<string, DaySums>> {
  const cols = sql`day::text AS day, sum(transactions)::int AS transactions, sum(rental)::int AS rental,
    sum(storage)::int AS storage, sum(delivery)::int AS delivery, sum(service)::int AS service,
    sum(vending)::int AS vending, sum(earnings)::text AS earnings, sum(time_sum)::text AS time_sum,
    sum(timed)::int AS timed`;
  const q = s.locations.length
    ? sql`SELECT ${cols} FROM dashboard_daily
        WHERE organization_id = ${s.organizationId} AND id_location IN (${uuidList(s.locations)})
          AND day BETWEEN ${from}::date AND ${to}::date GROUP BY day`
    : sql`SELECT ${cols} FROM dashboard_org_daily
        WHERE organization_id = ${s.organizationId} AND day BETWEEN ${from}::date AND ${to}::date GROUP BY day`;
  const rows = rowsOf<{
    day: string;
    transactions: number;
    rental: number;
    storage: number;
    delivery: number;
    service: number;
    vending: number;
    earnings: string;
    time_sum: string;
    timed: number;
  }>(await tx.execute(q));
  return new Map(
    rows.map((r) => [
      r.day,
      {
        transactions: r.transactions,
        rental: r.rental,
        storage: r.storage,
        delivery: r.delivery,
        service: r.service,
        vending: r.vending,
        earnings: new Decimal(r.earnings),
        timeSum: Number(r.time_sum),
        timed: r.timed,
      },
    ]),
  );
}

/** Sums of the days in `[from, to]` of a day map. */
function sumOver(days: Map<string, DaySums>, from: string, to: string): DaySums {
  let acc = emptySums();
  for (const [d, v] of days) if (d >= from && d <= to) acc = addSums(acc, v);
  return acc;
}

/** The trend buckets of the range: each bucket's first date and the days of the range it covers. */
function bucketSpans(s: MetricScope): Array<{ date: string; from: string; to: string }> {
  const interval = s.interval ?? defaultInterval(s.from, s.to);
  const starts = bucketsOf(s.from, s.to, interval);
  return starts.map((date, i) => ({
    date,
    from: date < s.from ? s.from : date,
    to: i + 1 < starts.length ? addDays(starts[i + 1]!, -1) : s.to,
  }));
}

/**
 * A roll-up metric's figure for the range, for the previous period of the same length, and per
 * trend bucket. `value` reads a figure from the sums of a period (and of the period before it,
 * for rates of change).
 */
async function rollupMetric(
  tx: DbOrTx,
  s: MetricScope,
  value: (cur: DaySums, before: DaySums) => number,
): Promise<{ value: number; previous: number; trend: TTrendPoint[] }> {
  const len = daysBetween(s.from, s.to) + 1;
  const prev = previousPeriod(s.from, s.to);
  const days = await dailySums(tx, s, addDays(s.from, -2 * len), s.to);
  const period = (from: string, to: string) => sumOver(days, from, to);
  const before = (from: string) => addDays(from, -len);
  const trend = bucketSpans(s).map((b) => ({
    date: b.date,
    value: value(period(b.from, b.to), emptySums()),
  }));
  return {
    value: value(period(s.from, s.to), period(prev.from, prev.to)),
    previous: value(period(prev.from, prev.to), period(before(prev.from), addDays(prev.from, -1))),
    trend,
  };
}

/** Doors (devices) at the chosen locations, now. */
async function doorCount(tx: DbOrTx, s: MetricScope): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM devices WHERE organization_id = ${s.organizationId}
      ${s.locations.length ? sql`AND id_location IN (${uuidList(s.locations)})` : sql``}`),
  );
  return r[0]?.n ?? 0;
}

// ——— users ———

/**
 * True (as SQL) when the registrations roll-up counts days in `s.timeZone`, i.e. the zone is the
 * organization's own (always so for the dashboard and scheduled reports; a caller may ask for
 * another zone, and the users table is then counted instead). Evaluated once per statement.
 */
const rollupZone = (s: MetricScope) =>
  sql`(SELECT dashboard_zone(${s.organizationId}::uuid, NULL)) = ${s.timeZone}`;

/**
 * New users per local day of the organization's zone over `[from, to]`: the registrations roll-up
 * (`dashboard_users_daily`, a row a day), or the users themselves in another zone.
 */
async function newUsersByDay(
  tx: DbOrTx,
  s: MetricScope,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ day: string; n: number }>(
    await tx.execute(sql`SELECT day::text AS day, users AS n FROM dashboard_users_daily
      WHERE ${rollupZone(s)} AND organization_id = ${s.organizationId}
        AND day BETWEEN ${from}::date AND ${to}::date AND users <> 0
      UNION ALL
      SELECT (created_at AT TIME ZONE ${s.timeZone})::date::text AS day, count(*)::int AS n
      FROM users
      WHERE NOT ${rollupZone(s)} AND organization_id = ${s.organizationId} AND NOT is_deleted
        AND created_at >= (${from}::date)::timestamp AT TIME ZONE ${s.timeZone}
        AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${s.timeZone}
      GROUP BY 1`),
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

/**
 * Users registered (and not deleted) by the end of `to`: the registrations roll-up's days up to
 * `to` (a few hundred rows where the users table has hundreds of thousands), or the users
 * themselves in another zone than the organization's.
 */
async function usersBy(tx: DbOrTx, s: MetricScope, to: string): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT CASE WHEN ${rollupZone(s)}
      THEN (SELECT coalesce(sum(users), 0) FROM dashboard_users_daily
        WHERE organization_id = ${s.organizationId} AND day <= ${to}::date)
      ELSE (SELECT count(*) FROM users
        WHERE organization_id = ${s.organizationId} AND NOT is_deleted
          AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${s.timeZone})
      END::int AS n`),
  );
  return r[0]?.n ?? 0;
}

const sumDays = (m: Map<string, number>, from: string, to: string) => {
  let n = 0;
  for (const [d, v] of m) if (d >= from && d <= to) n += v;
  return n;
};

/**
 * Issues reported per local day over `[from, to]`: the day of the issue's location zone, else the
 * organization's; with `locations`, only the issues of those locations.
 */
async function issuesByDay(
  tx: DbOrTx,
  s: MetricScope,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const { lo, hi } = instantBounds(from, to);
  const rows = rowsOf<{ day: string; n: number }>(
    await tx.execute(sql`SELECT (i.created_at AT TIME ZONE coalesce(l.time_zone, ${s.timeZone}))::date::text AS day,
        count(*)::int AS n
      FROM issues i LEFT JOIN locations l ON l.id = i.id_location
      WHERE i.organization_id = ${s.organizationId}
        AND i.created_at >= ${lo}::timestamptz AND i.created_at < ${hi}::timestamptz
        ${s.locations.length ? sql`AND i.id_location IN (${uuidList(s.locations)})` : sql``}
      GROUP BY 1`),
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

// ——— transactions read directly ———

/**
 * Bounds on `created_at` wide enough for any zone (UTC−12 … UTC+14) around the local days
 * `[from, to]`, so the index on (organization_id, created_at) narrows the rows; the exact local
 * day is then checked per row in its own zone.
 */
const instantBounds = (from: string, to: string) => ({
  lo: new Date(Date.parse(`${from}T00:00:00Z`) - 14 * 3_600_000).toISOString(),
  hi: new Date(Date.parse(`${addDays(to, 1)}T00:00:00Z`) + 12 * 3_600_000).toISOString(),
});

/**
 * New transactions per local day over `[from, to]`: those that were their customer's first with the
 * organization (no earlier transaction of the same user, at any location), counted on the local day
 * of the transaction's location zone, else the organization's, as the daily roll-up counts them.
 * Transactions without a user are never new. Without a location filter they come from the per-user
 * roll-up (`dashboard_user_period` rows of period 'f': each user's first transaction, a primary-key
 * range a range); with one, the range's transactions at those locations are checked for an earlier
 * one of their user through `transactions_org_user_idx` (organization_id, id_user, created_at, id).
 */
async function firstTransactionsByDay(
  tx: DbOrTx,
  s: MetricScope,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  if (!s.locations.length) {
    const kept = rowsOf<{ day: string; n: number }>(
      await tx.execute(sql`SELECT start::text AS day, count(*)::int AS n FROM dashboard_user_period
        WHERE organization_id = ${s.organizationId} AND period = 'f'
          AND start BETWEEN ${from}::date AND ${to}::date
        GROUP BY start`),
    );
    return new Map(kept.map((r) => [r.day, r.n]));
  }
  const { lo, hi } = instantBounds(from, to);
  const rows = rowsOf<{ day: string; n: number }>(
    await tx.execute(sql`
      SELECT day::text AS day, count(*)::int AS n FROM (
        SELECT (t.created_at AT TIME ZONE coalesce(l.time_zone, ${s.timeZone}))::date AS day
        FROM transactions t LEFT JOIN locations l ON l.id = t.id_location
        WHERE t.organization_id = ${s.organizationId} AND t.id_user IS NOT NULL
          AND t.created_at >= ${lo}::timestamptz AND t.created_at < ${hi}::timestamptz
          AND t.id_location IN (${uuidList(s.locations)})
          AND NOT EXISTS (
            SELECT 1 FROM transactions p
            WHERE p.organization_id = t.organization_id AND p.id_user = t.id_user
              AND (p.created_at, p.id) < (t.created_at, t.id)
          )
      ) f
      WHERE day BETWEEN ${from}::date AND ${to}::date
      GROUP BY day`),
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

/**
 * Where Top Users counts come from: the per-user roll-up (`dashboard_user_period`) when the range
 * is one whole month, quarter or year — or its beginning up to a day after which the organization
 * has no transaction yet, as every preset range up to today — and no location is chosen; else
 * null, and the transactions themselves are counted. Both give the same rows.
 */
export async function topUsersRollupPeriod(
  tx: DbOrTx,
  s: MetricScope,
): Promise<{ period: RollupPeriod; start: string } | null> {
  if (s.locations.length) return null;
  const p = periodsStartingOn(s.from).find((c) => c.end >= s.to);
  if (!p) return null;
  if (p.end === s.to) return p;
  // A part of the period: the roll-up counts the rest of it, so it must hold nothing yet. Any
  // transaction on a local day after `to` was created after the earliest local midnight ending
  // `to` among the zones in use, and before the latest one ending the period.
  const r = rowsOf<{ later: boolean }>(
    await tx.execute(sql`
      WITH z AS (
        SELECT ${s.timeZone}::text AS zone
        UNION SELECT DISTINCT time_zone FROM locations WHERE time_zone IS NOT NULL
      )
      SELECT EXISTS (
        SELECT 1 FROM transactions
        WHERE organization_id = ${s.organizationId}
          AND created_at >= (SELECT min((${s.to}::date + 1)::timestamp AT TIME ZONE zone) FROM z)
          AND created_at < (SELECT max((${p.end}::date + 1)::timestamp AT TIME ZONE zone) FROM z)
      ) AS later`),
  );
  return r[0]?.later ? null : p;
}

/** The top users of the range counted from the transactions themselves (the definition). */
export function topUsersLive(tx: DbOrTx, s: MetricScope): Promise<TTopUser[]> {
  const { lo, hi } = instantBounds(s.from, s.to);
  return topUsersOf(
    tx,
    s,
    sql`
      WITH t AS (
        SELECT t.id_user FROM transactions t
        LEFT JOIN locations l ON l.id = t.id_location
        WHERE t.organization_id = ${s.organizationId} AND t.id_user IS NOT NULL
          AND t.created_at >= ${lo}::timestamptz AND t.created_at < ${hi}::timestamptz
          AND (t.created_at AT TIME ZONE coalesce(l.time_zone, ${s.timeZone}))::date BETWEEN ${s.from}::date AND ${s.to}::date
          ${s.locations.length ? sql`AND t.id_location IN (${uuidList(s.locations)})` : sql``}
      )
      SELECT id_user, count(*)::int AS purchases FROM t GROUP BY id_user
      ORDER BY purchases DESC, id_user LIMIT ${s.limit ?? 10}`,
  );
}

async function topUsers(tx: DbOrTx, s: MetricScope): Promise<TTopUser[]> {
  const p = await topUsersRollupPeriod(tx, s);
  if (!p) return topUsersLive(tx, s);
  // NULLS LAST as in dashboard_user_period_top_idx, so the index answers in order (N entries)
  return topUsersOf(
    tx,
    s,
    sql`
      SELECT id_user, transactions AS purchases FROM dashboard_user_period
      WHERE organization_id = ${s.organizationId} AND period = ${p.period} AND start = ${p.start}::date
        AND transactions > 0
      ORDER BY transactions DESC NULLS LAST, id_user LIMIT ${s.limit ?? 10}`,
  );
}

/**
 * The Top Users rows for the users and counts that `per` selects (`id_user`, `purchases`, most
 * first): each user's name and the location where the user made most of the range's transactions.
 */
async function topUsersOf(tx: DbOrTx, s: MetricScope, per: SQL): Promise<TTopUser[]> {
  const { lo, hi } = instantBounds(s.from, s.to);
  const rows = rowsOf<{
    id: string;
    purchases: number;
    name: string;
    last_name: string | null;
    email: string | null;
    location_id: string | null;
    location: string | null;
  }>(
    await tx.execute(sql`
      WITH per AS (${per})
      SELECT per.id_user AS id, per.purchases, u.name, u.last_name, u.email,
        fav.id_location AS location_id, loc.name AS location
      FROM per
      JOIN users u ON u.id = per.id_user AND u.organization_id = ${s.organizationId}
      LEFT JOIN LATERAL (
        -- each top user's own transactions through (organization_id, id_user, created_at), not a
        -- scan of the range's rows per user
        SELECT t2.id_location, count(*) AS n FROM transactions t2
        LEFT JOIN locations l2 ON l2.id = t2.id_location
        WHERE t2.organization_id = ${s.organizationId} AND t2.id_user = per.id_user AND t2.id_location IS NOT NULL
          AND t2.created_at >= ${lo}::timestamptz AND t2.created_at < ${hi}::timestamptz
          AND (t2.created_at AT TIME ZONE coalesce(l2.time_zone, ${s.timeZone}))::date BETWEEN ${s.from}::date AND ${s.to}::date
          ${s.locations.length ? sql`AND t2.id_location IN (${uuidList(s.locations)})` : sql``}
        GROUP BY t2.id_location ORDER BY n DESC, t2.id_location LIMIT 1
      ) fav ON true
      LEFT JOIN locations loc ON loc.id = fav.id_location
      ORDER BY per.purchases DESC, per.id_user`),
  );
  return rows.map((r) => ({
    id: r.id,
    user: [r.name, r.last_name].filter(Boolean).join(' '),
    email: r.email,
    location: r.location,
    location_id: r.location_id,
    purchases: r.purchases,
  }));
}

async function topLocations(tx: DbOrTx, s: MetricScope): Promise<TTopLocation[]> {
  const rows = rowsOf<TTopLocation>(
    await tx.execute(sql`
      SELECT l.id, l.name, l.address, d.n::int AS count FROM (
        SELECT id_location, sum(transactions) AS n FROM dashboard_daily
        WHERE organization_id = ${s.organizationId} AND id_location <> ${NIL_UUID}::uuid
          AND day BETWEEN ${s.from}::date AND ${s.to}::date
          ${s.locations.length ? sql`AND id_location IN (${uuidList(s.locations)})` : sql``}
        GROUP BY id_location HAVING sum(transactions) > 0
        ORDER BY n DESC, id_location LIMIT ${s.limit ?? 10}
      ) d JOIN locations l ON l.id = d.id_location AND l.organization_id = ${s.organizationId}
      ORDER BY d.n DESC, l.name`),
  );
  return rows;
}

/**
 * Per location, the share of the range's door-time spent in a transaction: the overlap of each
 * transaction that holds a door (every mode but vending) with the range, from its start until it
 * ended (or now), over doors × the range's elapsed time; in percent, two decimals.
 *
 * Holds that have ended come from the door-time roll-up (`dashboard_busy_daily`: per location and
 * local day, the range's days summed — a year is 365 rows a location); those still open (a few
 * thousand at most, through `transactions_org_status_idx`) are added from the transactions, up to
 * the range's end or now.
 */
async function occupancy(tx: DbOrTx, s: MetricScope): Promise<TMetricAnswer<'occupancy_rate'>> {
  const now = (s.now ?? new Date()).toISOString();
  const only = (col: SQL) => (s.locations.length ? sql`AND ${col} IN (${uuidList(s.locations)})` : sql``);
  // a location's window in its own zone: from the first day's local midnight to the end of the
  // last day, or now
  const a = sql`(${s.from}::date)::timestamp AT TIME ZONE coalesce(l.time_zone, ${s.timeZone})`;
  const b = sql`least((${s.to}::date + 1)::timestamp AT TIME ZONE coalesce(l.time_zone, ${s.timeZone}), ${now}::timestamptz)`;
  const rows = rowsOf<{ id: string; rate: string | null }>(
    await tx.execute(sql`
      WITH doors AS (
        SELECT id_location AS id, count(*) AS n FROM devices
        WHERE organization_id = ${s.organizationId} AND id_location IS NOT NULL ${only(sql`id_location`)}
        GROUP BY id_location
      ), win AS (
        SELECT l.id, d.n AS doors, ${a} AS a, ${b} AS b
        FROM locations l JOIN doors d ON d.id = l.id
        WHERE l.organization_id = ${s.organizationId}
      ), ended AS (
        SELECT id_location AS id, sum(busy_ms) / 1000.0 AS secs FROM dashboard_busy_daily
        WHERE organization_id = ${s.organizationId} AND day BETWEEN ${s.from}::date AND ${s.to}::date
          ${only(sql`id_location`)}
        GROUP BY id_location
      ), open AS (
        -- each open hold looks its location up by key (the LIMIT keeps the planner from turning
        -- this into a comparison of every hold with every location); a hold that starts after
        -- the window adds nothing
        SELECT t.id_location AS id,
          sum(greatest(0, extract(epoch FROM ${b} - greatest(${a}, coalesce(t.started_at, t.created_at))))) AS secs
        FROM transactions t
        CROSS JOIN LATERAL (
          SELECT l.time_zone FROM locations l
          WHERE l.id = t.id_location AND l.organization_id = ${s.organizationId} LIMIT 1
        ) l
        WHERE t.organization_id = ${s.organizationId}
          AND t.event_status IN (${sql.join(
            ACTIVE_TRANSACTION_STATUSES.map((st) => sql`${st}`),
            sql`, `,
          )})
          AND t.ended_at IS NULL AND t.canceled_at IS NULL
          AND t.event_type <> 'vending' AND t.id_device IS NOT NULL ${only(sql`t.id_location`)}
        GROUP BY t.id_location
      )
      SELECT w.id, CASE WHEN w.b <= w.a THEN 0
        ELSE round((100 * (coalesce(e.secs, 0) + coalesce(o.secs, 0)) / (w.doors * extract(epoch FROM w.b - w.a)))::numeric, 2) END::text AS rate
      FROM win w LEFT JOIN ended e ON e.id = w.id LEFT JOIN open o ON o.id = w.id ORDER BY w.id`),
  );
  return rows.map((r) => ({ id: r.id, occupancy_rate: Math.min(100, Math.max(0, Number(r.rate ?? 0))) }));
}

/**
 * Per location with doors: the share of doors that are not in maintenance and whose last lock
 * command was answered (lock status open or locked, not unknown or offline); in percent.
 */
async function doorHealth(tx: DbOrTx, s: MetricScope): Promise<TMetricAnswer<'door_health'>> {
  const rows = rowsOf<{ location_id: string; health: string }>(
    await tx.execute(sql`
      SELECT id_location AS location_id,
        round(100.0 * count(*) FILTER (WHERE status <> 'maintenance' AND lock_status IN ('open', 'locked')) / count(*), 2)::text AS health
      FROM devices WHERE organization_id = ${s.organizationId}
        ${s.locations.length ? sql`AND id_location IN (${uuidList(s.locations)})` : sql``}
      GROUP BY id_location ORDER BY id_location`),
  );
  return rows.map((r) => ({ location_id: r.location_id, health_percentage: Number(r.health) }));
}

async function currencyOf(tx: DbOrTx, organizationId: string): Promise<string> {
  const r = rowsOf<{ c: string }>(
    await tx.execute(
      sql`SELECT default_currency AS c FROM settings WHERE organization_id = ${organizationId}`,
    ),
  );
  return r[0]?.c ?? 'usd';
}

/** The organization's IANA zone (settings `time_zone`, UTC when unset). */
export async function organizationTimeZone(tx: DbOrTx, organizationId: string): Promise<string> {
  const r = rowsOf<{ z: string }>(
    await tx.execute(sql`SELECT time_zone AS z FROM settings WHERE organization_id = ${organizationId}`),
  );
  return r[0]?.z ?? 'UTC';
}

/** 404 unless every id is a location of the organization (another organization's ids included). */
export async function assertLocations(
  tx: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const r = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM locations
      WHERE organization_id = ${organizationId} AND id IN (${uuidList(unique)})`),
  );
  if ((r[0]?.n ?? 0) !== unique.length) throw NotFound(LOCATION_MESSAGES.notFound);
}

const money = (d: Decimal) => d.toDecimalPlaces(2).toNumber();

type Computer<N extends TMetricName> = (tx: DbOrTx, s: MetricScope) => Promise<TMetricAnswer<N>>;

/** One computation per metric read of spec console §7; see each operation's OpenAPI description. */
export const METRICS: { [N in TMetricName]: Computer<N> } = {
  async earnings(tx, s) {
    const m = await rollupMetric(tx, s, (c) => money(c.earnings));
    return {
      currency: await currencyOf(tx, s.organizationId),
      earnings: m.value,
      previous: m.previous,
      trend: m.trend,
    };
  },

  async user_growth(tx, s) {
    const len = daysBetween(s.from, s.to) + 1;
    const prev = previousPeriod(s.from, s.to);
    const days = await newUsersByDay(tx, s, addDays(s.from, -2 * len), s.to);
    const cur = sumDays(days, s.from, s.to);
    const before = sumDays(days, prev.from, prev.to);
    const beforePrev = sumDays(days, addDays(prev.from, -len), addDays(prev.from, -1));
    const interval = s.interval ?? defaultInterval(s.from, s.to);
    const trend = bucketsOf(s.from, s.to, interval).map((b) => ({ date: b, value: 0 }));
    const at = new Map(trend.map((p) => [p.date, p]));
    for (const [d, n] of days) if (d >= s.from && d <= s.to) at.get(bucketOf(d, interval))!.value += n;
    return {
      percentage: percentChange(cur, before),
      new_users: cur,
      previous_new_users: before,
      previous: percentChange(before, beforePrev),
      trend,
    };
  },

  door_health: doorHealth,

  async issue_rate(tx, s) {
    const prev = previousPeriod(s.from, s.to);
    const issues = await issuesByDay(tx, s, prev.from, s.to);
    const days = await dailySums(tx, s, prev.from, s.to);
    const rate = (from: string, to: string) => {
      const n = sumOver(days, from, to).transactions;
      return n ? round((100 * sumDays(issues, from, to)) / n) : 0;
    };
    return {
      issue_rate: rate(s.from, s.to),
      previous: rate(prev.from, prev.to),
      trend: bucketSpans(s).map((b) => ({ date: b.date, value: rate(b.from, b.to) })),
    };
  },

  occupancy_rate: occupancy,

  async transaction_rate(tx, s) {
    const prev = previousPeriod(s.from, s.to);
    const firsts = await firstTransactionsByDay(tx, s, prev.from, s.to);
    const days = await dailySums(tx, s, prev.from, s.to);
    const rate = (from: string, to: string) => {
      const n = sumOver(days, from, to).transactions;
      return n ? round((100 * sumDays(firsts, from, to)) / n) : 0;
    };
    return {
      new_transaction_percentage: rate(s.from, s.to),
      previous: rate(prev.from, prev.to),
      trend: bucketSpans(s).map((b) => ({ date: b.date, value: rate(b.from, b.to) })),
    };
  },

  async transactions_per_locker(tx, s) {
    const doors = await doorCount(tx, s);
    const m = await rollupMetric(tx, s, (c) => (doors ? round(c.transactions / doors) : 0));
    return { avg_transactions_per_locker: m.value, previous: m.previous, trend: m.trend };
  },

  async total_transactions(tx, s) {
    const m = await rollupMetric(tx, s, (c) => c.transactions);
    return { breakdown: { organization_total: m.value }, previous: m.previous, trend: m.trend };
  },

  async avg_transaction_time(tx, s) {
    const m = await rollupMetric(tx, s, (c) => (c.timed ? Math.round(c.timeSum / c.timed) : 0));
    return { avg_transaction_time: m.value, previous: m.previous, trend: m.trend };
  },

  async total_users(tx, s) {
    return usersBy(tx, s, s.to);
  },

  async total_locations(tx, s) {
    const r = rowsOf<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM locations WHERE organization_id = ${s.organizationId}
        ${s.locations.length ? sql`AND id IN (${uuidList(s.locations)})` : sql``}`),
    );
    return { main_org_total_locations: r[0]?.n ?? 0 };
  },

  async avg_revenue_per_transaction(tx, s) {
    const m = await rollupMetric(tx, s, (c) =>
      c.transactions ? money(c.earnings.dividedBy(c.transactions)) : 0,
    );
    return { avg_revenue_per_transaction: m.value, previous: m.previous, trend: m.trend };
  },

  async door_counts(tx, s) {
    const rows = rowsOf<{ location_id: string; location_name: string; total_doors: number }>(
      await tx.execute(sql`
        SELECT l.id AS location_id, l.name AS location_name, count(d.id)::int AS total_doors
        FROM locations l LEFT JOIN devices d ON d.id_location = l.id AND d.organization_id = l.organization_id
        WHERE l.organization_id = ${s.organizationId}
          ${s.locations.length ? sql`AND l.id IN (${uuidList(s.locations)})` : sql``}
        GROUP BY l.id, l.name ORDER BY l.name, l.id`),
    );
    return {
      main_org: { main_org_total_doors: rows.reduce((n, r) => n + r.total_doors, 0) },
      door_counts_by_location: rows,
    };
  },

  async users(tx, s) {
    const days = await newUsersByDay(tx, s, s.from, s.to);
    const data = bucketsOf(s.from, s.to, 'month').map((b) => ({ month: b.slice(0, 7), count: 0 }));
    const at = new Map(data.map((p) => [p.month, p]));
    for (const [d, n] of days) at.get(d.slice(0, 7))!.count += n;
    return { total: await usersBy(tx, s, s.to), data };
  },

  async transactions(tx, s) {
    const interval = s.interval ?? 'day';
    const days = await dailySums(tx, s, s.from, s.to);
    const data = bucketsOf(s.from, s.to, interval).map((b) => ({
      date: b,
      total: 0,
      ...(Object.fromEntries(MODES.map((m) => [m, 0])) as Record<(typeof MODES)[number], number>),
    }));
    const at = new Map(data.map((p) => [p.date, p]));
    let total = 0;
    for (const [d, v] of days) {
      const p = at.get(bucketOf(d, interval))!;
      p.total += v.transactions;
      total += v.transactions;
      for (const m of MODES) p[m] += v[m];
    }
    return { total, data };
  },

  top_users: topUsers,
  locations: topLocations,
};

/**
 * Computes one metric read of spec console §7 for `scope` (see `MetricScope`); the answer has the
 * shape of `METRIC_SCHEMAS[name]` in the contract. Throws only database errors.
 */
export function computeMetric<N extends TMetricName>(
  name: N,
  scope: MetricScope,
  tx: DbOrTx,
): Promise<TMetricAnswer<N>> {
  return (METRICS[name] as Computer<N>)(tx, scope);
}
