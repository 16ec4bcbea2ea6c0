import { z } from 'zod';
import { EMAIL_PATTERN, MAX_PAGE_SIZE, MODES, zCursor, zPageNumber } from '../common';
import { zMoney } from '../prices';
import { TRANSACTION_MESSAGES } from './messages';
import { PENALTY_REASONS, ZTransactionStatus } from './statuses';

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

/**
 * A phone number (country code, plus sign optional) or an e-mail; at least one — or, with `or`,
 * that member of the shape instead (a kiosk's chosen recipient).
 */
export const withContact = <T extends z.ZodRawShape>(shape: T, ...or: (keyof T & string)[]) =>
  z.object({ ...shape, phone_number: contactPhone, email: contactEmail }).refine(
    (v) => {
      const c = v as { phone_number?: string; email?: string } & Record<string, unknown>;
      return Boolean(c.phone_number || c.email || or.some((k) => c[k]));
    },
    { message: TRANSACTION_MESSAGES.phoneOrEmail },
  );

/**
 * `POST event/delivery`: a delivery for a recipient reached by phone or e-mail. With `id_device`
 * the parcel will go into that locker (courier drop-off next); without it the parcel waits at the
 * desk (a non-locker delivery, at `id_location` when given) and the pickup code is sent at once.
 * With `id_user` the parcel is filed under that customer (their phone and e-mail are used where
 * none is given); without it, under the customer with that phone or e-mail, if any.
 */
export const ZDeliveryCreateRequest = z
  .object({
    id_device: z.uuid().optional(),
    id_user: z.uuid().optional(),
    id_location: z.uuid().optional(),
    phone_number: contactPhone,
    email: contactEmail,
  })
  .refine((v) => Boolean(v.phone_number || v.email || v.id_user), {
    message: TRANSACTION_MESSAGES.phoneOrEmail,
  });
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
