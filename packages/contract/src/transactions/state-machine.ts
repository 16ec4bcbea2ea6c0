import type { TMode } from '../common';
import { ACTIVE_TRANSACTION_STATUSES, type TTransactionStatus } from './statuses';

/**
 * Every step of the life cycle. Operator actions of spec §4 (resend_code, charge, pickup, dropoff,
 * end, refund, penalize) plus ours: cancel, share, complete (a delivery's drop-off from the
 * console), and the partner steps user_pickup (storage, service and delivery), return (rental),
 * courier_dropoff (delivery), confirm_payment and expire (the delivery expiry job).
 */
export const TRANSACTION_ACTIONS = [
  'resend_code',
  'charge',
  'pickup',
  'dropoff',
  'end',
  'refund',
  'penalize',
  'cancel',
  'share',
  'complete',
  'user_pickup',
  'return',
  'courier_dropoff',
  'confirm_payment',
  'expire',
] as const;
export type TTransactionAction = (typeof TRANSACTION_ACTIONS)[number];

/** What the state machine needs to know of a transaction. */
export interface TransactionState {
  event_type: TMode;
  event_status: TTransactionStatus;
  /** The charged total, money (number or numeric text). */
  total: number | string;
  /** Whether a door is held for it: a delivery without one waits at the desk. Unknown counts as held. */
  has_door?: boolean;
}

const ENDED: readonly TTransactionStatus[] = ['finished', 'canceled', 'refunded'];
const is = (s: TTransactionStatus, ...list: TTransactionStatus[]) => list.includes(s);

/**
 * THE state machine (spec: operational §4 "Actions by state"): whether `action` may be taken on a
 * transaction in its status and mode. Pure; the server refuses anything it answers false for with
 * 409, and the console offers only what it answers true for.
 * - resend_code: awaiting user pickup, delivery only;
 * - charge: in progress, service only; pickup: awaiting service pickup, service only;
 * - dropoff: awaiting service dropoff, not delivery;
 * - end: not finished, canceled or refunded; refund: finished with a total above 0;
 * - penalize: finished, canceled or refunded;
 * - cancel (ours): while under way (in progress or awaiting something);
 * - share (ours): always;
 * - complete: a delivery in progress (waiting for its parcel), or one awaiting user pickup at the
 *   desk (no door): the parcel moves into a locker and the recipient gets a new code;
 * - courier_dropoff: a delivery in progress (waiting for its parcel);
 * - user_pickup: storage in progress, service or delivery awaiting user pickup;
 * - return: a rental in progress; confirm_payment: awaiting payment confirmation;
 * - expire: a delivery awaiting user pickup.
 */
export function isActionAllowed(action: TTransactionAction, t: TransactionState): boolean {
  const s = t.event_status;
  const mode = t.event_type;
  switch (action) {
    case 'resend_code':
      return s === 'awaiting_user_pickup' && mode === 'delivery';
    case 'charge':
      return s === 'in_progress' && mode === 'service';
    case 'pickup':
      return s === 'awaiting_service_pickup' && mode === 'service';
    case 'dropoff':
      return s === 'awaiting_service_dropoff' && mode !== 'delivery';
    case 'end':
      return !ENDED.includes(s);
    case 'refund':
      return s === 'finished' && Number(t.total) > 0;
    case 'penalize':
      return ENDED.includes(s);
    case 'cancel':
      return (ACTIVE_TRANSACTION_STATUSES as readonly TTransactionStatus[]).includes(s);
    case 'share':
      return true;
    case 'complete':
      return (
        mode === 'delivery' && (s === 'in_progress' || (s === 'awaiting_user_pickup' && t.has_door === false))
      );
    case 'courier_dropoff':
      return s === 'in_progress' && mode === 'delivery';
    case 'user_pickup':
      return (
        (mode === 'storage' && s === 'in_progress') ||
        (is(s, 'awaiting_user_pickup') && (mode === 'service' || mode === 'delivery'))
      );
    case 'return':
      return s === 'in_progress' && mode === 'rental';
    case 'confirm_payment':
      return s === 'awaiting_payment_confirmation';
    case 'expire':
      return s === 'awaiting_user_pickup' && mode === 'delivery';
  }
}

/** Every action allowed on `t`, in the order of `TRANSACTION_ACTIONS`. */
export const allowedActions = (t: TransactionState): TTransactionAction[] =>
  TRANSACTION_ACTIONS.filter((a) => isActionAllowed(a, t));
