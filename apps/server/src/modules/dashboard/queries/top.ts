import type { TTopLocation, TTopUser } from '@lockerops/contract';
import { type SQL, sql } from 'drizzle-orm';
import { periodsStartingOn, type RollupPeriod } from '../../../lib/calendar';
import { instantBounds } from './rollup';
import { type MetricQuery, NIL_UUID, rowsOf, uuidList } from './scope';

/**
 * Where Top Users counts come from: the per-user roll-up (`dashboard_user_period`) when the range
 * is one whole month, quarter or year — or its beginning up to a day after which the organization
 * has no transaction yet, as every preset range up to today — and no location is chosen; else
 * null, and the transactions themselves are counted. Both give the same rows.
 */
export async function topUsersRollupPeriod({
  tx,
  ...s
}: MetricQuery): Promise<{ period: RollupPeriod; start: string } | null> {
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
export function topUsersLive({ tx, ...s }: MetricQuery): Promise<TTopUser[]> {
  const { lo, hi } = instantBounds(s.from, s.to);
  return topUsersOf(
    { tx, ...s },
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

export async function topUsers({ tx, ...s }: MetricQuery): Promise<TTopUser[]> {
  const p = await topUsersRollupPeriod({ tx, ...s });
  if (!p) return topUsersLive({ tx, ...s });
  // NULLS LAST as in dashboard_user_period_top_idx, so the index answers in order (N entries)
  return topUsersOf(
    { tx, ...s },
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
async function topUsersOf({ tx, ...s }: MetricQuery, per: SQL): Promise<TTopUser[]> {
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

export async function topLocations({ tx, ...s }: MetricQuery): Promise<TTopLocation[]> {
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
