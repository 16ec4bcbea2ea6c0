import { z } from 'zod';
import { MODES, type TMode } from '../common';

/**
 * Transaction (event) statuses (spec: operational §4 Transaction statuses). The server also answers
 * this list at `GET events/statuses`.
 */
export const TRANSACTION_STATUSES = [
  'in_progress',
  'awaiting_service_pickup',
  'awaiting_service_dropoff',
  'awaiting_user_pickup',
  'awaiting_payment_confirmation',
  'finished',
  'canceled',
  'refunded',
  'expired',
  'removed',
] as const;
export const ZTransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TTransactionStatus = z.infer<typeof ZTransactionStatus>;

export const TRANSACTION_STATUS_LABELS: Record<TTransactionStatus, string> = {
  in_progress: 'In Progress',
  awaiting_service_pickup: 'Awaiting Service Pickup',
  awaiting_service_dropoff: 'Awaiting Service Dropoff',
  awaiting_user_pickup: 'Awaiting User Pickup',
  awaiting_payment_confirmation: 'Awaiting Payment Confirmation',
  finished: 'Finished',
  canceled: 'Canceled',
  refunded: 'Refunded',
  expired: 'Expired',
  removed: 'Removed',
};

/** The statuses of the Transactions page's status filter (spec: operational §2 Transactions). */
export const TRANSACTION_STATUS_FILTER = ['in_progress', 'finished', 'canceled', 'expired'] as const;

/** Statuses of a transaction still under way (rows tinted green in the console). */
export const ACTIVE_TRANSACTION_STATUSES = [
  'in_progress',
  'awaiting_service_pickup',
  'awaiting_service_dropoff',
  'awaiting_user_pickup',
  'awaiting_payment_confirmation',
] as const satisfies readonly TTransactionStatus[];

/** Penalty reasons (spec: operational §9). */
export const PENALTY_REASONS = ['missing_items', 'damaged_items', 'misconduct', 'other'] as const;
export const ZPenaltyReason = z.enum(PENALTY_REASONS);
export type TPenaltyReason = z.infer<typeof ZPenaltyReason>;
export const PENALTY_REASON_LABELS: Record<TPenaltyReason, string> = {
  missing_items: 'Missing items',
  damaged_items: 'Damaged items',
  misconduct: 'Misconduct',
  other: 'Other',
};

/** Where a transaction's payment stands (the console shows `enum.paymentStatus.<value>`). */
export const PAYMENT_STATUSES = ['none', 'pending', 'succeeded', 'failed'] as const;
/** Whether a delivery's pickup code reached its recipient (`notification_status`; `enum.pickupNotice.<value>`). */
export const PICKUP_NOTICE_STATUSES = ['sent', 'failed'] as const;

/** Modes whose transactions hold a locker door. */
export const TRANSACTION_MODES: readonly TMode[] = MODES;
