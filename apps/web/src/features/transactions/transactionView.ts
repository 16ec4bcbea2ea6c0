import {
  ACTIVE_TRANSACTION_STATUSES,
  isActionAllowed,
  TRANSACTION_MESSAGES,
  TRANSACTION_STATUS_FILTER,
  type TRole,
  type TTransaction,
  type TTransactionAction,
  type TTransactionStatus,
  ZRefundRequest,
} from '@lockerops/contract';

/**
 * The operator actions the console offers on one row, in menu order (spec: operational §4 Actions by
 * state, §5 Transaction actions, §7 share and resend code).
 */
export const CONSOLE_ACTIONS = [
  'pickup',
  'charge',
  'dropoff',
  'resend_code',
  'end',
  'refund',
  'penalize',
  'share',
  'cancel',
  'complete',
] as const satisfies readonly TTransactionAction[];
export type TConsoleAction = (typeof CONSOLE_ACTIONS)[number];

/**
 * The actions `role` may take on `t` now: none for members and viewers (spec: operational §1
 * "cannot see transaction actions, end"); for admins those the server listed in `actions`, each
 * checked again with the contract's state machine so a stale row never offers a refused step.
 */
export function consoleActionsFor(t: TTransaction, role: TRole): TConsoleAction[] {
  if (role !== 'admin') return [];
  const listed = new Set<TTransactionAction>(t.actions);
  const state = { ...t, has_door: t.device !== null };
  return CONSOLE_ACTIONS.filter((a) => listed.has(a) && isActionAllowed(a, state));
}

/** Class names of tinted rows (spec: operational §2 Transactions "Row tint green for active, grey for expired"). */
export const ROW_CLASS = { active: 'transaction-row--active', expired: 'transaction-row--expired' } as const;

/** The row class of a transaction: active (in progress or awaiting something), expired, or none. */
export function transactionRowClass(t: Pick<TTransaction, 'event_status'>): string {
  if ((ACTIVE_TRANSACTION_STATUSES as readonly TTransactionStatus[]).includes(t.event_status))
    return ROW_CLASS.active;
  if (t.event_status === 'expired') return ROW_CLASS.expired;
  return '';
}

/** The amount a refund may reach: what was paid, the total plus penalties (as the server counts it). */
export const paidAmount = (t: Pick<TTransaction, 'total' | 'penalize_charge'>): number =>
  Math.round((t.total + (t.penalize_charge ?? 0)) * 100) / 100;

/**
 * The refund form's schema: the contract's ZRefundRequest plus the paid-amount limit with the spec's
 * message "Refund amount cannot be greater than the paid amount." (spec: operational §5, §8).
 */
export const refundSchema = (paid: number) =>
  ZRefundRequest.refine((v) => v.amount <= paid, {
    message: TRANSACTION_MESSAGES.refundTooHigh,
    path: ['amount'],
  });

/** The status filter's options: the spec's four first, then the rest of the server's list. */
export function statusFilterOptions(
  server: readonly { value: TTransactionStatus; label: string }[] | undefined,
  labels: Record<TTransactionStatus, string>,
): { value: TTransactionStatus; label: string }[] {
  const all = server ?? TRANSACTION_STATUS_FILTER.map((value) => ({ value, label: labels[value] }));
  const first = TRANSACTION_STATUS_FILTER.map((value) => ({
    value,
    label: all.find((s) => s.value === value)?.label ?? labels[value],
  }));
  const rest = all.filter((s) => !(TRANSACTION_STATUS_FILTER as readonly string[]).includes(s.value));
  return [...first, ...rest];
}

/**
 * Whether an end date lies between the latest start of the selected transactions and now (spec:
 * operational §5 "end date must lie between start and now"); the server allows the same second.
 */
export function endDateInRange(endedAt: Date, starts: readonly (string | null)[], now = new Date()): boolean {
  const latest = Math.max(0, ...starts.filter((s): s is string => !!s).map((s) => Date.parse(s)));
  const t = endedAt.getTime();
  return t >= latest - 999 && t <= now.getTime() + 1000;
}
