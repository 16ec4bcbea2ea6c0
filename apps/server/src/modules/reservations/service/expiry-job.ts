import type { JobDefinition } from '../../../lib/job-runner';
import { expireReservations } from '../service';

/**
 * Reservations whose last window has ended become `expired` and free their holds. Every
 * minute; one database transaction per run, rows locked with SKIP LOCKED so overlapping runs of
 * several processes never expire one reservation twice.
 */
export const reservationExpiryJob: JobDefinition = {
  name: 'reservation-expiry',
  cron: '* * * * *',
  async handler(ctx) {
    const expired = await ctx.db.transaction((tx) => expireReservations({ tx, now: ctx.now() }));
    return { expired };
  },
};
