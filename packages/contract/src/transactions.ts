import { z } from 'zod';
import { EMAIL_PATTERN, MAX_PAGE_SIZE, MODES, type TMode, ZMode, zCursor, zPageNumber } from './common';
import { zMoney } from './prices';

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
 * - complete / courier_dropoff: a delivery in progress (waiting for its parcel);
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

/** Texts of the Transactions area: the spec's words (operational §5, §8); those marked "ours" are not given by the spec. */
export const TRANSACTION_MESSAGES = {
  /** Our text: an `image_url` / `signature_url` that is neither http(s) nor one of our files. */
  fileUrl: 'Use an http(s) address or an uploaded file (/api/files/…).',
  charged: 'Transaction charged successfully',
  dropoff: 'Transaction dropoff successfully',
  pickup: 'Transaction pickup successfully',
  refunded: 'Transaction refunded successfully',
  ended: 'Transaction ended successfully',
  penalized: 'Transaction penalized successfully',
  alreadyEnded: 'One or more selected transactions are already finished or canceled',
  refundTooHigh: 'Refund amount cannot be greater than the paid amount.',
  sendCodeFailed: 'We were unable to send the code via email or sms. Please try again.',
  /** spec §8 (users): the chosen channel has no address */
  phoneMissing: 'User Phone does not exist',
  /** spec §8 (users): the chosen channel has no address */
  emailMissing: 'User Email does not exist',
  phoneOrEmail: 'Either phone number or email is required',
  invalidEmail: 'Invalid email address',
  orderNotFound: 'Order No. does not exist.',
  /** ours */
  refundRequired: 'Refund amount is required',
  /** ours */
  amountNumeric: 'Please enter a numeric value',
  /** ours */
  amountPositive: 'Amount must be greater than 0',
  /** ours */
  amountDecimals: 'Amount must have up to 2 decimal places',
  /** ours */
  penaltyAmountRequired: 'Penalty amount is required',
  /** ours */
  penaltyReasonRequired: 'Penalty reason is required',
  /** ours */
  weightPositive: 'Weight must be greater than 0',
  /** ours */
  deviceRequired: 'Device is required',
  /** ours */
  endDateRange: 'End date must be between the start date and now.',
  /** ours */
  cancelDateRange: 'Cancel date must be between the start date and now.',
  /** ours */
  notFound: 'Transaction not found',
  /** ours */
  deviceNotFound: 'Device not found',
  /** ours */
  userNotFound: 'User not found',
  /** ours */
  deviceUnavailable: 'This device is not available.',
  /** ours */
  deviceWrongMode: (mode: string) => `This device is not a ${mode} device.`,
  /** ours */
  deviceNoProduct: 'This device holds no product.',
  /** ours: rental and vending doors of a parent's shared location hold the parent's stock */
  sharedDoorMode: 'Doors of a shared location take storage, service and delivery transactions only.',
  /** ours */
  invalidPromo: 'This promo code is not valid.',
  /** ours */
  wrongCode: 'The pickup code is not correct.',
  /** ours */
  codeLocked: 'Too many wrong codes. Please ask for the code to be sent again.',
  /** ours */
  codeRequired: 'Pickup code is required',
  /** ours */
  wrongCourierCode: 'The courier code is not correct.',
  /** ours */
  conditionNotFound: 'Condition not found',
  /** ours */
  notAllowed: (action: string, status: string, mode: string) =>
    `This transaction cannot be ${ACTION_PAST[action as TTransactionAction] ?? action} while it is ${status.replaceAll('_', ' ')} (${mode}).`,
  /** ours */
  started: 'Transaction started successfully',
  /** ours */
  returned: 'Transaction returned successfully',
  /** ours */
  canceled: 'Transaction canceled successfully',
  /** ours */
  shared: 'Transaction shared successfully',
  /** ours */
  codeSent: 'The code has been sent',
  /** ours */
  deliveryCreated: 'Delivery created successfully',
  /** ours */
  deliveryCompleted: 'Delivery completed successfully',
  /** ours */
  paymentConfirmed: 'Payment confirmed',
  /** ours */
  idsRequired: 'Select at least one transaction',
} as const;

const ACTION_PAST: Record<TTransactionAction, string> = {
  resend_code: 'sent its code again',
  charge: 'charged',
  pickup: 'picked up by the operator',
  dropoff: 'dropped off',
  end: 'ended',
  refund: 'refunded',
  penalize: 'penalized',
  cancel: 'canceled',
  share: 'shared',
  complete: 'completed',
  user_pickup: 'picked up',
  return: 'returned',
  courier_dropoff: 'dropped off by the courier',
  confirm_payment: 'confirmed as paid',
  expire: 'expired',
};

/** Money on the wire: a number with two decimals. */
const ZMoneyOut = z.number().describe('money, two decimals, in `currency`');

const ZRef = z.object({ id: z.uuid(), name: z.string() });

/** Where a transaction's payment stands (the console shows `enum.paymentStatus.<value>`). */
export const PAYMENT_STATUSES = ['none', 'pending', 'succeeded', 'failed'] as const;
/** Whether a delivery's pickup code reached its recipient (`notification_status`; `enum.pickupNotice.<value>`). */
export const PICKUP_NOTICE_STATUSES = ['sent', 'failed'] as const;

/** A transaction (event) as the API answers it (spec: operational §3 Transaction (event)). */
export const ZTransaction = z.object({
  id: z.uuid(),
  invoice_id: z.string().describe('readable, unique per organization, e.g. INV-000042'),
  order_id: z.string().describe('readable, unique per organization, e.g. ORD-000042'),
  event_type: ZMode,
  event_status: ZTransactionStatus,
  user: z
    .object({
      id: z.uuid(),
      name: z.string(),
      last_name: z.string().nullable(),
      email: z.string().nullable(),
      phone_number: z.string().nullable(),
    })
    .nullable(),
  device: z
    .object({
      id: z.uuid(),
      name: z.string(),
      locker_number: z.number().int(),
      mode: z.string(),
      status: z.string(),
      lock_status: z.string(),
      hardware_type: z.string(),
    })
    .nullable(),
  location: ZRef.extend({ address: z.string().nullable() }).nullable(),
  product: ZRef.nullable(),
  price: z
    .object({
      id: z.uuid(),
      name: z.string(),
      price_type: z.string(),
      amount: ZMoneyOut,
      unit: z.string(),
      unit_amount: z.number().int().nullable(),
    })
    .nullable(),
  promo: ZRef.extend({ code: z.string() }).nullable(),
  membership: ZRef.nullable(),
  currency: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  canceled_by: z.string().nullable(),
  expires_at: z.string().nullable().describe('delivery: when an uncollected parcel expires'),
  subtotal: ZMoneyOut,
  discount: ZMoneyOut,
  total: ZMoneyOut,
  total_time: z.number().int().nullable().describe('seconds between start and end'),
  weight: z.number().nullable().describe('service: the charged weight, in the price unit'),
  refunded_amount: ZMoneyOut.nullable(),
  penalize_charge: ZMoneyOut.nullable(),
  penalize_reason: ZPenaltyReason.nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  notification_status: z.string().nullable(),
  notification_date: z.string().nullable(),
  courier_pin_code: z.string().nullable().describe('delivery: the code the courier drops off with'),
  phone_number: z.string().nullable().describe('delivery recipient'),
  email: z.string().nullable().describe('delivery recipient'),
  signature_url: z.string().nullable(),
  image_url: z.string().nullable(),
  condition: ZRef.nullable().describe('rental: the condition it was returned in'),
  actions: z.array(z.enum(TRANSACTION_ACTIONS)).describe('actions the state machine allows now'),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** `GET event/{id}/public?token=`: the token of a share link; without one the id answers 404. */
export const ZTransactionShareQuery = z.object({ token: z.string().max(200).optional() });

/** The public view of a shared transaction: no personal data (`GET event/{id}/public`). */
export const ZTransactionPublic = z.object({
  id: z.uuid(),
  invoice_id: z.string(),
  order_id: z.string(),
  event_type: ZMode,
  event_status: ZTransactionStatus,
  organization: z.string(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  locker_number: z.number().int().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  total_time: z.number().int().nullable(),
  total: ZMoneyOut,
  refunded_amount: ZMoneyOut.nullable(),
  currency: z.string(),
});
export type TTransactionPublic = z.infer<typeof ZTransactionPublic>;

/** One entry of the Transaction History Log (`GET event-logs/{id}`). */
export const ZTransactionLog = z.object({
  id: z.uuid(),
  action: z.string(),
  status_before: ZTransactionStatus.nullable(),
  status_after: ZTransactionStatus,
  detail: z.record(z.string(), z.unknown()),
  actor_type: z.string(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type TTransactionLog = z.infer<typeof ZTransactionLog>;
export const ZTransactionLogs = z.object({ items: z.array(ZTransactionLog) });

export const ZTransactionStatuses = z.object({
  items: z.array(z.object({ value: ZTransactionStatus, label: z.string() })),
});

const commaList = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(item).optional(),
    )
    .optional();

/** Default page size of the Transactions page (spec: operational §9). */
export const TRANSACTIONS_PAGE_SIZE = 50;

/**
 * `GET events`: paged (default 50), `search` over invoice, order, user, location and locker number;
 * `by_type` and `status` take one value or a comma list; `id_location`; `id_device` (what a door
 * holds: with the active statuses, its open transaction); `invoice_id` (or
 * `key=invoice_id&value=…`) looks one transaction up by its invoice or order number.
 */
export const ZTransactionListQuery = z.object({
  page: zPageNumber,
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(TRANSACTIONS_PAGE_SIZE),
  cursor: zCursor,
  search: z.string().trim().optional(),
  sort_by: z.string().optional(),
  order: z.enum(['asc', 'desc']).optional(),
  by_type: commaList(z.enum(MODES)),
  status: commaList(ZTransactionStatus),
  id_location: z.uuid().optional(),
  id_device: z.uuid().optional(),
  id_user: z.uuid().optional(),
  invoice_id: z.string().trim().optional(),
  key: z.literal('invoice_id').optional(),
  value: z.string().trim().optional(),
  /** Selected transactions only (comma-separated ids), e.g. for an export of the selection. */
  ids: commaList(z.uuid()),
});
export type TTransactionListQuery = z.input<typeof ZTransactionListQuery>;

const refundMoney = zMoney({
  required: TRANSACTION_MESSAGES.refundRequired,
  numeric: TRANSACTION_MESSAGES.amountNumeric,
  negative: TRANSACTION_MESSAGES.amountPositive,
  decimals: TRANSACTION_MESSAGES.amountDecimals,
}).refine((v) => v > 0, TRANSACTION_MESSAGES.amountPositive);

/** `PATCH events/{id}/refund`: money, above 0 and not above the paid total. */
export const ZRefundRequest = z.object({ amount: refundMoney });
export type TRefundRequest = z.input<typeof ZRefundRequest>;

/** `PATCH events/{id}/penalize`: a money amount above 0 and a reason. */
export const ZPenalizeRequest = z.object({
  amount: zMoney({
    required: TRANSACTION_MESSAGES.penaltyAmountRequired,
    numeric: TRANSACTION_MESSAGES.amountNumeric,
    negative: TRANSACTION_MESSAGES.amountPositive,
    decimals: TRANSACTION_MESSAGES.amountDecimals,
  }).refine((v) => v > 0, TRANSACTION_MESSAGES.amountPositive),
  reason: z.enum(PENALTY_REASONS, { error: TRANSACTION_MESSAGES.penaltyReasonRequired }),
});
export type TPenalizeRequest = z.input<typeof ZPenalizeRequest>;

const optionalNumber = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n > 0, message)
      .optional(),
  );

/**
 * `PATCH events/{id}/service`: one service step. `charge` takes the weight in the price's unit (no
 * weight counts as 1); `dropoff` takes the device the clean laundry goes into; `pickup` nothing.
 */
export const ZServiceStepRequest = z.discriminatedUnion('step', [
  z.object({ step: z.literal('charge'), weight: optionalNumber(TRANSACTION_MESSAGES.weightPositive) }),
  z.object({ step: z.literal('dropoff'), id_device: z.uuid({ error: TRANSACTION_MESSAGES.deviceRequired }) }),
  z.object({ step: z.literal('pickup') }),
]);
export type TServiceStepRequest = z.input<typeof ZServiceStepRequest>;

const zDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.date({ error: 'Invalid date' }).optional(),
);

/** `PATCH events/{id}/cancel`: when it was canceled (default now; between start and now). */
export const ZCancelRequest = z.object({ cancel_at: zDate }).default({ cancel_at: undefined });

/** `PATCH events`: end many at `ended_at` (default now; between each start and now). */
export const ZEndManyRequest = z.object({
  ids: z.array(z.uuid()).min(1, TRANSACTION_MESSAGES.idsRequired),
  ended_at: zDate,
});
export type TEndManyRequest = z.input<typeof ZEndManyRequest>;

const contactPhone = z.preprocess(
  (v) => {
    if (typeof v === 'number') return `${v}`;
    if (typeof v !== 'string') return v === null ? undefined : v;
    const t = v.trim();
    return t ? `+${t.replace(/\D/g, '')}` : undefined;
  },
  z
    .string()
    .regex(/^\+\d{7,15}$/, 'Invalid phone number')
    .optional(),
);
const contactEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v === null ? undefined : v),
  z.string().regex(EMAIL_PATTERN, TRANSACTION_MESSAGES.invalidEmail).optional(),
);

/** A phone number (country code, plus sign optional) or an e-mail; at least one. */
const withContact = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, phone_number: contactPhone, email: contactEmail }).refine(
    (v) => {
      const c = v as { phone_number?: string; email?: string };
      return Boolean(c.phone_number || c.email);
    },
    { message: TRANSACTION_MESSAGES.phoneOrEmail },
  );

/**
 * `POST event/delivery`: a delivery for a recipient reached by phone or e-mail. With `id_device`
 * the parcel will go into that locker (courier drop-off next); without it the parcel waits at the
 * desk (a non-locker delivery) and the pickup code is sent at once.
 */
export const ZDeliveryCreateRequest = withContact({ id_device: z.uuid().optional() });
export type TDeliveryCreateRequest = z.input<typeof ZDeliveryCreateRequest>;

/** Channels a pickup code can be sent by (spec operational §4 "resend code by e-mail or SMS"). */
export const CODE_CHANNELS = ['sms', 'email'] as const;
export type TCodeChannel = (typeof CODE_CHANNELS)[number];

/**
 * `POST events/{id}/resend-code`: `via` sms or email; without it, SMS when the transaction has a
 * phone number, else e-mail. A channel the transaction has no address for answers 400 with the
 * spec's "User Phone does not exist" / "User Email does not exist".
 */
export const ZResendCodeRequest = z.object({ via: z.enum(CODE_CHANNELS).optional() });
export type TResendCodeRequest = z.input<typeof ZResendCodeRequest>;

/** The channels a transaction's pickup code can go by: those it has an address for. */
export const codeChannelsOf = (t: { phone_number: string | null; email: string | null }): TCodeChannel[] =>
  CODE_CHANNELS.filter((c) => (c === 'sms' ? !!t.phone_number : !!t.email));

/** `POST events/{id}/share`: where the link goes. */
export const ZShareRequest = withContact({});
export type TShareRequest = z.input<typeof ZShareRequest>;

/** `PATCH delivery/{id}/complete`: the locker the courier put the parcel into. */
export const ZDeliveryCompleteRequest = z.object({
  id_device: z.uuid({ error: TRANSACTION_MESSAGES.deviceRequired }),
});

/**
 * An `image_url` / `signature_url`: an absolute http(s) address or one of our own file URLs
 * (`/api/files/{key}`); anything else (javascript:, data:, relative paths) answers 400.
 */
export const zFileUrl = () =>
  z
    .string()
    .trim()
    .max(2000)
    .refine(
      (v) =>
        /^\/api\/files\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) ||
        /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(v),
      { message: TRANSACTION_MESSAGES.fileUrl },
    );

/** Partner: start a storage, rental, service or vending transaction for a user on a device. */
export const ZStartRequest = z.object({
  id_device: z.uuid({ error: TRANSACTION_MESSAGES.deviceRequired }),
  id_user: z.uuid({ error: TRANSACTION_MESSAGES.userNotFound }),
  promo_code: z.string().trim().min(1).optional(),
  image_url: zFileUrl().optional(),
  signature_url: zFileUrl().optional(),
  /** A Stripe PaymentMethod id the app collected on the organization's account; charged off-session. */
  payment_method: z
    .string()
    .regex(/^pm_[A-Za-z0-9_]{1,250}$/)
    .optional(),
});
export type TStartRequest = z.input<typeof ZStartRequest>;

/** Partner: return a rental into a device, in a condition. */
export const ZReturnRequest = z.object({
  id_device: z.uuid({ error: TRANSACTION_MESSAGES.deviceRequired }),
  id_condition: z.uuid().optional(),
  image_url: zFileUrl().optional(),
});

/** Partner: the user's pickup; a delivery needs its pickup code. */
export const ZUserPickupRequest = z
  .object({ code: z.string().trim().optional() })
  .default({ code: undefined });

/** Partner: the courier's drop-off of a delivery; the courier code when the delivery has one. */
export const ZCourierDropoffRequest = z
  .object({ courier_pin_code: z.string().trim().optional(), id_device: z.uuid().optional() })
  .default({ courier_pin_code: undefined, id_device: undefined });

/** Partner/payments: the outcome of a pending charge. */
export const ZPaymentConfirmationRequest = z.object({ status: z.enum(['succeeded', 'failed']) });

/** Answer of an action: its success text and the transaction after it. */
export const ZTransactionActionResponse = z.object({ detail: z.string(), event: ZTransaction });
export type TTransactionActionResponse = z.infer<typeof ZTransactionActionResponse>;

/** Answer of `PATCH events` (end many). */
export const ZEndManyResponse = z.object({ detail: z.string(), items: z.array(ZTransaction) });

/** Modes whose transactions hold a locker door. */
export const TRANSACTION_MODES: readonly TMode[] = MODES;

/** Export headers of the transactions CSV (`GET events/export`, file `event_export.csv`). */
export const TRANSACTION_CSV_HEADERS = [
  'invoice_id',
  'order_id',
  'event_type',
  'event_status',
  'user',
  'email',
  'phone_number',
  'location',
  'locker_number',
  'started_at',
  'ended_at',
  'total_time',
  'total',
  'refunded_amount',
  'penalize_charge',
  'currency',
] as const;
