import type { JobDefinition } from '../lib/job-runner';
import { reportSendJob } from '../modules/reports/service/send-job';
import { reservationExpiryJob } from '../modules/reservations/service/expiry-job';
import { widgetPaymentSweepJob } from '../modules/toolbox/service/payment-sweep';
import { deliveryExpiryJob } from './delivery-expiry';
import { idempotencyPurgeJob } from './idempotency-purge';
import { notificationSendJob } from './notification-send';
import { unlockResolveJob } from './unlock-resolve';

export { createJobRunner, type JobDefinition, type JobRunner } from '../lib/job-runner';

/** Every scheduled job of the server; an area adds its job here (one line). */
export const JOBS: readonly JobDefinition[] = [
  deliveryExpiryJob,
  reservationExpiryJob,
  notificationSendJob,
  reportSendJob,
  unlockResolveJob,
  idempotencyPurgeJob,
  widgetPaymentSweepJob,
];
