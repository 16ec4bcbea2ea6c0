import { purgeIdempotencyKeys } from '../lib/idempotency';
import type { JobDefinition } from '../lib/job-runner';

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
