import { z } from 'zod';
import { CURRENCIES, zFlag, zOptionalText, zRequiredText } from './common';
import { zMoney } from './prices';

/** Types and texts of the Subscriptions (memberships) area (spec: operational §3, §5 Subscription, §9). */
export const MEMBERSHIP_TYPES = ['unlimited', 'limited', 'fixed', 'percentage'] as const;
export type TMembershipType = (typeof MEMBERSHIP_TYPES)[number];
export const MEMBERSHIP_TYPE_LABELS: Record<TMembershipType, string> = {
  unlimited: 'Unlimited',
  limited: 'Limited',
  fixed: 'Fixed',
  percentage: 'Percentage',
};
export const BILLING_TYPES = ['one_time', 'recurring'] as const;
export type TBillingType = (typeof BILLING_TYPES)[number];
export const BILLING_TYPE_LABELS: Record<TBillingType, string> = {
  one_time: 'One time',
  recurring: 'Recurring',
};
export const BILLING_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type TBillingPeriod = (typeof BILLING_PERIODS)[number];

export const MEMBERSHIP_MESSAGES = {
  nameRequired: 'Name is required',
  amountRequired: 'Amount is required',
  amountNumeric: 'Please enter a numeric value',
  amountNotNegative: 'Amount cannot be negative',
  amountDecimals: 'Amount must have up to 2 decimal places',
  billingTypeRequired: 'Billing type is required',
  billingPeriodRequired: 'Billing period is required',
  numberOfPaymentsRequired: 'Number of payments is required',
  numberOfPaymentsInvalid: 'Number of payments must be a whole number greater than 0',
  typeRequired: 'Subscription type is required',
  valueRequired: 'Value is required',
  valueNumeric: 'Please enter a numeric value',
  valueFreeTransactions: 'Value must be a whole number of free transactions greater than 0',
  valuePositive: 'Value must be greater than 0',
  valuePercentage: 'Percentage must be between 1 and 100',
  valueDecimals: 'Value must have up to 2 decimal places',
  currencyInvalid: 'Currency is not valid',
  locationNotFound: 'One or more selected locations do not exist.',
  userNotFound: 'One or more selected users do not exist.',
  held: 'This subscription has subscribers and cannot be deleted. Remove its subscribers first.',
  created: 'Subscription created successfully',
  updated: 'Subscription updated successfully',
  deleted: 'Subscription has been successfully deleted!',
} as const;

const ZRef = z.object({ id: z.uuid(), name: z.string() });

/**
 * A membership (the console's subscription plan) as the API answers it. `subscribed` is true when
 * at least one user holds it; `subscribers` counts them (spec: operational §3 Subscription/membership).
 */
export const ZMembership = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  currency: z.string(),
  amount: z.number(),
  billing_type: z.enum(BILLING_TYPES),
  billing_period: z.enum(BILLING_PERIODS).nullable(),
  number_of_payments: z.number().int().nullable(),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  value: z.number().nullable(),
  stripe_product_id: z.string().nullable(),
  stripe_price_id: z.string().nullable(),
  card_on_file: z.boolean(),
  locations: z.array(ZRef),
  users: z.array(ZRef),
  subscribed: z.boolean(),
  subscribers: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TMembership = z.infer<typeof ZMembership>;

const blank = (v: unknown) => v === '' || v === null || v === undefined;
const zIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[;,\s]+/).filter(Boolean) : blank(v) ? [] : v),
  z.array(z.uuid()),
);

/**
 * Create and update body (also each CSV row; `locations` and `users` may be `;`-separated ids in a
 * CSV). Recurring plans need `billing_period` and `number_of_payments`; `value` is required except
 * for unlimited: limited → whole number of free transactions, fixed → money, percentage → 1–100.
 */
export const ZMembershipCreateRequest = z
  .object({
    name: zRequiredText(MEMBERSHIP_MESSAGES.nameRequired, 100),
    description: zOptionalText(500),
    active: zFlag.optional().default(true),
    currency: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(CURRENCIES, { error: MEMBERSHIP_MESSAGES.currencyInvalid }).optional(),
    ),
    amount: zMoney({
      required: MEMBERSHIP_MESSAGES.amountRequired,
      numeric: MEMBERSHIP_MESSAGES.amountNumeric,
      negative: MEMBERSHIP_MESSAGES.amountNotNegative,
      decimals: MEMBERSHIP_MESSAGES.amountDecimals,
    }),
    billing_type: z.enum(BILLING_TYPES, { error: MEMBERSHIP_MESSAGES.billingTypeRequired }),
    billing_period: z.preprocess(
      (v) => (blank(v) ? null : v),
      z.enum(BILLING_PERIODS, { error: MEMBERSHIP_MESSAGES.billingPeriodRequired }).nullable(),
    ),
    number_of_payments: z.preprocess(
      (v) => (blank(v) ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: MEMBERSHIP_MESSAGES.numberOfPaymentsInvalid })
        .int(MEMBERSHIP_MESSAGES.numberOfPaymentsInvalid)
        .min(1, MEMBERSHIP_MESSAGES.numberOfPaymentsInvalid)
        .nullable(),
    ),
    membership_type: z.enum(MEMBERSHIP_TYPES, { error: MEMBERSHIP_MESSAGES.typeRequired }),
    value: z.preprocess(
      (v) => (blank(v) ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: MEMBERSHIP_MESSAGES.valueNumeric })
        .refine(Number.isFinite, MEMBERSHIP_MESSAGES.valueNumeric)
        .nullable(),
    ),
    card_on_file: zFlag.optional().default(false),
    locations: zIds.optional().default([]),
    users: zIds.optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (v.billing_type === 'recurring') {
      if (v.billing_period === null)
        ctx.addIssue({
          code: 'custom',
          path: ['billing_period'],
          message: MEMBERSHIP_MESSAGES.billingPeriodRequired,
        });
      if (v.number_of_payments === null)
        ctx.addIssue({
          code: 'custom',
          path: ['number_of_payments'],
          message: MEMBERSHIP_MESSAGES.numberOfPaymentsRequired,
        });
    }
    if (v.membership_type === 'unlimited') return;
    const value = v.value;
    if (value === null) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: MEMBERSHIP_MESSAGES.valueRequired });
      return;
    }
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (v.membership_type === 'limited' && (!Number.isInteger(value) || value < 1))
      issue(MEMBERSHIP_MESSAGES.valueFreeTransactions);
    if (v.membership_type === 'fixed') {
      if (value <= 0) issue(MEMBERSHIP_MESSAGES.valuePositive);
      else if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
        issue(MEMBERSHIP_MESSAGES.valueDecimals);
    }
    if (v.membership_type === 'percentage') {
      if (value < 1 || value > 100) issue(MEMBERSHIP_MESSAGES.valuePercentage);
      else if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
        issue(MEMBERSHIP_MESSAGES.valueDecimals);
    }
  });
export type TMembershipCreateRequest = z.input<typeof ZMembershipCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZMembershipUpdateRequest = ZMembershipCreateRequest;

/** `GET memberships?subscribed=true|false`: only plans that users hold (or do not). */
export const ZMembershipListQuery = z.object({
  subscribed: z.enum(['true', 'false']).optional(),
});

export const MEMBERSHIP_CSV_HEADERS = [
  'name',
  'description',
  'active',
  'currency',
  'amount',
  'billing_type',
  'billing_period',
  'number_of_payments',
  'membership_type',
  'value',
  'card_on_file',
  'locations',
  'users',
] as const;

/** One subscriber: a user holding a membership (console `/subscribers`). */
export const ZSubscriber = z.object({
  membership: ZRef,
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() }),
  used_transactions: z.number().int(),
  created_at: z.string(),
});
export type TSubscriber = z.infer<typeof ZSubscriber>;
