import type { JobDefinition } from '../lib/job-runner';
import { purgeIdempotencyKeys } from '../lib/queries/idempotency';

/**
 * Removes the `Idempotency-Key`s of every organization older than 24 hours (README: Idempotent
 * writes); a call with such a key before the purge runs takes it over anyway. Hourly.
 */
export const idempotencyPurgeJob: JobDefinition = {
  name: 'idempotency-purge',
  cron: '17 * * * *',
  async handler(ctx) {
    return { removed: await purgeIdempotencyKeys({ db: ctx.db, now: ctx.now() }) };
  },
};
