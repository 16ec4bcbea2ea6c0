import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * Recomputes an organization's dashboard roll-ups (db/schema/dashboard.ts: the daily sums and the
 * per-user counts) from its transactions, in the caller's transaction: after the organization's or
 * a location's time zone changes, since the roll-ups count transactions on local days. One
 * statement over the organization's rows.
 */
export async function rebuildDashboardRollup({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<void> {
  await tx.execute(sql`SELECT rebuild_dashboard_rollup(${organizationId}::uuid)`);
}
