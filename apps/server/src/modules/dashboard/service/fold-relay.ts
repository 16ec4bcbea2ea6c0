import type { Db } from '../../../db/client';
import type { RelayDefinition } from '../../../lib/job-runner';
import { FOLD_BATCH, foldOnce, organizationsToFold } from '../queries/fold';

/** How often the noted transaction changes are folded into the dashboard roll-ups, ms. */
const FOLD_EVERY_MS = 1000;

/**
 * Folds every organization's noted transaction changes into its dashboard roll-ups once a second
 * (db/schema/dashboard.ts `dashboardPending`), a batch per organization and database transaction,
 * so the table of noted changes stays small and a dashboard read has little left to fold itself.
 * Folds of several processes do not collide: each takes the rows no other holds. Answers the count.
 */
export function dashboardFoldRelay(): RelayDefinition {
  return {
    name: 'dashboard-fold',
    intervalMs: FOLD_EVERY_MS,
    async run(ctx) {
      const db = ctx.db as Db;
      let folded = 0;
      for (const organizationId of await organizationsToFold({ db, limit: 1000 })) {
        for (;;) {
          const n = await db.transaction((tx) => foldOnce({ tx, organizationId }));
          folded += n;
          if (n < FOLD_BATCH) break;
        }
      }
      return folded;
    },
  };
}
