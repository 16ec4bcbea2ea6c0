import type { JobDefinition } from '../lib/job-runner';
import { sendDueNotifications } from '../modules/notifications/service/engine';

/**
 * Sends the notification messages that are due (spec: console §4 time units): every
 * minute, through the mail and SMS adapters of the app, with retries and backoff; safe across
 * instances (rows are claimed with SKIP LOCKED). Needs the runner to be given the adapters.
 */
export const notificationSendJob: JobDefinition = {
  name: 'notification-send',
  cron: '* * * * *',
  async handler(ctx) {
    if (!ctx.adapters) throw new Error('notification-send needs the mail and SMS adapters');
    return sendDueNotifications({
      db: ctx.db,
      mail: ctx.adapters.mail,
      sms: ctx.adapters.sms,
      log: ctx.log,
      now: ctx.now,
      metrics: ctx.metrics,
    });
  },
};
