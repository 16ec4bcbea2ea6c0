import type { JobDefinition } from '../lib/job-runner';
import { expireDeliveries } from '../modules/transactions';

/**
 * Deliveries not picked up within the organization's limit become `expired` (spec:
 * operational §4 Transaction statuses). Every minute; one database transaction per run.
 */
export const deliveryExpiryJob: JobDefinition = {
  name: 'delivery-expiry',
  cron: '* * * * *',
  async handler(ctx) {
    const expired = await ctx.db.transaction((tx) => expireDeliveries({ tx, now: ctx.now() }));
    return { expired };
  },
};
