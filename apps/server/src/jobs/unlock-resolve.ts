import type { JobDefinition } from '../lib/job-runner';
import { resolveStaleUnlocks } from '../modules/devices';

/**
 * Unlocks left half-way (`requested`, `sent` or `acknowledged`) by a server that stopped in the
 * middle of the lock call are resolved as `offline` with the detail "No answer from the lock"
 * once they are older than `UNLOCK_STALE_SECONDS` (CONTRIBUTING.md "Nothing outside inside a transaction": the half-done state explicit
 * and recoverable). Every minute; one database transaction per run, across organizations.
 */
export const unlockResolveJob: JobDefinition = {
  name: 'unlock-resolve',
  cron: '* * * * *',
  async handler(ctx) {
    const resolved = await ctx.db.transaction((tx) => resolveStaleUnlocks({ tx, now: ctx.now() }));
    return { resolved };
  },
};
