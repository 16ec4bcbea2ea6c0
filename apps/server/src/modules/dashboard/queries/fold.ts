import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { withTenant } from '../../../tenancy';
import { rowsOf } from './scope';

/** Noted changes folded in one database transaction at most (a fold of more takes several). */
export const FOLD_BATCH = 5000;

/**
 * Folds up to `FOLD_BATCH` of an organization's noted transaction changes into its dashboard
 * roll-ups (`dashboard_fold`, db/rollups.ts; why: db/schema/dashboard.ts `dashboardPending`), in
 * the caller's transaction. Answers how many it folded (0 when none was noted, or a rebuild of the
 * organization is running). Changes a step is making right now are left for the next fold.
 */
export async function foldOnce({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT dashboard_fold(${organizationId}::uuid, ${FOLD_BATCH}) AS n`),
  );
  return r?.n ?? 0;
}

/**
 * Brings an organization's dashboard roll-ups up to date before they are read (spec: console §2
 * Dashboard, §7 metric reads): its noted changes folded, a batch per tenant transaction on `db` (a
 * primary: the reads that follow may go to a replica, which has them within its lag). One short
 * transaction and an index probe when nothing is noted.
 */
export async function foldDashboard({
  db,
  organizationId,
}: {
  db: Db;
  organizationId: string;
}): Promise<void> {
  for (;;) {
    const n = await withTenant(db, organizationId, (tx) => foldOnce({ tx, organizationId }));
    if (n < FOLD_BATCH) return;
  }
}

/** The organizations with noted changes (the owner's handle: every organization), at most `limit`. */
export async function organizationsToFold({ db, limit }: { db: Db; limit: number }): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT DISTINCT organization_id AS id FROM dashboard_pending LIMIT ${limit}`),
  );
  return rows.map((r) => r.id);
}
