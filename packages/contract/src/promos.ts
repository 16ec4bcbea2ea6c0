import { z } from 'zod';
import { zRequiredText } from './common';
import { zMoney } from './prices';

/** Discount types and texts of the Promos area (spec: operational §3 Promo, §5 Promo, §8). */
export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export type TDiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_TYPE_LABELS: Record<TDiscountType, string> = {
  fixed: 'Fixed',
  percentage: 'Percentage',
};

export const PROMO_MESSAGES = {
  nameRequired: 'Name is required',
  codeRequired: 'Code is required',
  discountTypeRequired: 'Discount type is required',
  amountRequired: 'Amount is required',
  amountNumeric: 'Please enter a numeric value',
  amountPositive: 'Amount must be greater than 0',
  amountDecimals: 'Amount must have up to 2 decimal places',
  percentageRange: 'Percentage must be between 1 and 100',
  startTimeRequired: 'Start time required',
  endTimeRequired: 'End time required',
  endBeforeStart: 'End time cannot be before start time',
  codeTaken: 'This promo code already exists.',
  created: 'Promo created successfully',
  updated: 'Promo updated successfully',
  deleted: 'Promo has been successfully deleted!',
} as const;

/** A promo code as the API answers it (spec: operational §3 Promo). Times are ISO 8601 UTC. */
export const ZPromo = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  amount: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPromo = z.infer<typeof ZPromo>;

const zTime = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z
      .string({ error: message })
      // a date, within the four-digit years an ISO 8601 timestamp (and the database) can hold
      .refine((s) => {
        const year = new Date(s).getUTCFullYear();
        return year >= 1 && year <= 9999;
      }, message)
      .transform((s) => new Date(s).toISOString()),
  );

/**
 * Create and update body (also each CSV row and the console form): fixed amounts are money > 0,
 * percentages 1–100; end_time ≥ start_time (spec: operational §5 Promo).
 */
export const ZPromoCreateRequest = z
  .object({
    name: zRequiredText(PROMO_MESSAGES.nameRequired, 100),
    code: zRequiredText(PROMO_MESSAGES.codeRequired, 50),
    discount_type: z.enum(DISCOUNT_TYPES, { error: PROMO_MESSAGES.discountTypeRequired }),
    amount: zMoney({
      required: PROMO_MESSAGES.amountRequired,
      numeric: PROMO_MESSAGES.amountNumeric,
      negative: PROMO_MESSAGES.amountPositive,
      decimals: PROMO_MESSAGES.amountDecimals,
    }).refine((v) => v > 0, PROMO_MESSAGES.amountPositive),
    start_time: zTime(PROMO_MESSAGES.startTimeRequired),
    end_time: zTime(PROMO_MESSAGES.endTimeRequired),
  })
  .superRefine((v, ctx) => {
    if (v.discount_type === 'percentage' && (v.amount < 1 || v.amount > 100))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: PROMO_MESSAGES.percentageRange });
    if (Date.parse(v.end_time) < Date.parse(v.start_time))
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: PROMO_MESSAGES.endBeforeStart });
  });
export type TPromoCreateRequest = z.input<typeof ZPromoCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZPromoUpdateRequest = ZPromoCreateRequest;

export const PROMO_CSV_HEADERS = [
  'name',
  'code',
  'discount_type',
  'amount',
  'start_time',
  'end_time',
] as const;
