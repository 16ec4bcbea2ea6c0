import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { addDays } from '../../../lib/calendar';
import { type MetricQuery, type MetricScope, rowsOf, uuidList } from './scope';

/** The roll-up's sums of one day (or of a period). */
export interface DaySums {
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

export const emptySums = (): DaySums => ({
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

export const addSums = (a: DaySums, b: DaySums): DaySums => ({
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
export async function dailySums(
  { tx, ...s }: { tx: DbOrTx } & Pick<MetricScope, 'organizationId' | 'locations'>,
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

/** Doors (devices) at the chosen locations, now. */
export async function doorCount({ tx, ...s }: MetricQuery): Promise<number> {
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
export async function newUsersByDay(
  { tx, ...s }: MetricQuery,
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
export async function usersBy({ tx, ...s }: MetricQuery, to: string): Promise<number> {
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

/**
 * Issues reported per local day over `[from, to]`: the day of the issue's location zone, else the
 * organization's; with `locations`, only the issues of those locations.
 */
export async function issuesByDay(
  { tx, ...s }: MetricQuery,
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

/**
 * Bounds on `created_at` wide enough for any zone (UTC−12 … UTC+14) around the local days
 * `[from, to]`, so the index on (organization_id, created_at) narrows the rows; the exact local
 * day is then checked per row in its own zone.
 */
export const instantBounds = (from: string, to: string) => ({
  lo: new Date(Date.parse(`${from}T00:00:00Z`) - 14 * 3_600_000).toISOString(),
  hi: new Date(Date.parse(`${addDays(to, 1)}T00:00:00Z`) + 12 * 3_600_000).toISOString(),
});
