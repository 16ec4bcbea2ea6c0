import { ACTIVE_TRANSACTION_STATUSES, type TMetricAnswer } from '@lockerops/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type MetricQuery, rowsOf, uuidList } from './scope';

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
export async function occupancy({ tx, ...s }: MetricQuery): Promise<TMetricAnswer<'occupancy_rate'>> {
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
export async function doorHealth({ tx, ...s }: MetricQuery): Promise<TMetricAnswer<'door_health'>> {
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
