import { sql } from 'drizzle-orm';
import { instantBounds } from './rollup';
import { type MetricQuery, rowsOf, uuidList } from './scope';

/**
 * New transactions per local day over `[from, to]`: those that were their customer's first with the
 * organization (no earlier transaction of the same user, at any location), counted on the local day
 * of the transaction's location zone, else the organization's, as the daily roll-up counts them.
 * Transactions without a user are never new. Without a location filter they come from the per-user
 * roll-up (`dashboard_user_period` rows of period 'f': each user's first transaction, a primary-key
 * range a range); with one, the range's transactions at those locations are checked for an earlier
 * one of their user through `transactions_org_user_idx` (organization_id, id_user, created_at, id).
 */
export async function firstTransactionsByDay(
  { tx, ...s }: MetricQuery,
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
