import { z } from 'zod';
import { CURRENCIES, zFlag, zRequiredText } from './common';

/** Price types, units and texts of the Prices area (spec: operational §3 Price, §5 Price, §9). */
export const PRICE_TYPES = ['pay_per_time', 'pay_per_weight'] as const;
export type TPriceType = (typeof PRICE_TYPES)[number];
export const PRICE_TYPE_LABELS: Record<TPriceType, string> = {
  pay_per_time: 'Pay per time',
  pay_per_weight: 'Pay per weight',
};
export const TIME_UNITS = ['minute', 'hour', 'day', 'week'] as const;
export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export type TTimeUnit = (typeof TIME_UNITS)[number];
export type TWeightUnit = (typeof WEIGHT_UNITS)[number];
export type TPriceUnit = TTimeUnit | TWeightUnit;
/** The units a price type allows. */
export const UNITS_BY_PRICE_TYPE: Record<TPriceType, readonly TPriceUnit[]> = {
  pay_per_time: TIME_UNITS,
  pay_per_weight: WEIGHT_UNITS,
};
/** Seconds in one time unit, for pay-per-time charges. */
export const SECONDS_PER_UNIT: Record<TTimeUnit, number> = {
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 604800,
};

export const PRICE_MESSAGES = {
  nameRequired: 'Name is required',
  priceTypeRequired: 'Unit type is required',
  amountRequired: 'Amount is required',
  amountNumeric: 'Please enter a numeric value',
  amountNotNegative: 'Amount cannot be negative',
  amountDecimals: 'Amount must have up to 2 decimal places',
  unitAmountRequired: 'Unit amount is required',
  unitAmountInteger: 'Unit amount must be a whole number greater than 0',
  unitRequired: 'Unit is required',
  unitMismatch: 'Unit is not valid for this unit type',
  currencyInvalid: 'Currency is not valid',
  created: 'Price created successfully',
  updated: 'Price updated successfully',
  deleted: 'Price has been successfully deleted!',
} as const;

/** The largest amount a money column (numeric(12,2)) holds, and the answer beyond it. */
export const MAX_MONEY = 9_999_999_999.99;
export const MONEY_TOO_LARGE = 'Amount is too large';

const blank = (v: unknown) => v === '' || v === null || v === undefined;

/**
 * A money amount ≥ 0 with at most two decimals, from a number or a numeric string; answers the
 * number. Shared by prices, promos and memberships.
 */
export const zMoney = (m: { required: string; numeric: string; negative: string; decimals: string }) =>
  z.preprocess(
    (v) =>
      blank(v)
        ? undefined
        : typeof v === 'string'
          ? /^\s*-?\d*\.?\d+\s*$/.test(v)
            ? Number(v)
            : Number.NaN
          : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? m.required : m.numeric) })
      .refine((v) => Number.isFinite(v), m.numeric)
      .refine((v) => v >= 0, m.negative)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.decimals)
      // numeric(12,2) holds at most 9,999,999,999.99
      .refine((v) => v <= MAX_MONEY, MONEY_TOO_LARGE),
  );

/** A price as the API answers it; `amount` is money with two decimals (spec: operational §3 Price). */
/**
 * Filters of `GET prices`: `weight=true` only pay-per-weight prices, `weight=false` every other
 * (what a door of service mode, or of another mode, may use: spec operational §5 Device);
 * `default=true` the organization's default price alone (the price form's notice).
 */
export const ZPriceListQuery = z.object({
  weight: z.enum(['true', 'false']).optional(),
  default: z.enum(['true']).optional(),
});

export const ZPrice = z.object({
  id: z.uuid(),
  name: z.string(),
  price_type: z.enum(PRICE_TYPES),
  amount: z.number(),
  currency: z.string(),
  unit_amount: z.number().int().nullable(),
  unit: z.string(),
  prorated: z.boolean(),
  card_on_file: z.boolean(),
  default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPrice = z.infer<typeof ZPrice>;

/**
 * Create and update body; the same schema validates each CSV row and the console's form. Rules:
 * the unit must belong to the price type; pay-per-time needs a whole `unit_amount` > 0 (ignored for
 * weight); an amount above 0 forces `card_on_file` (applied by the server).
 */
export const ZPriceCreateRequest = z
  .object({
    name: zRequiredText(PRICE_MESSAGES.nameRequired, 100),
    price_type: z.enum(PRICE_TYPES, { error: PRICE_MESSAGES.priceTypeRequired }),
    amount: zMoney({
      required: PRICE_MESSAGES.amountRequired,
      numeric: PRICE_MESSAGES.amountNumeric,
      negative: PRICE_MESSAGES.amountNotNegative,
      decimals: PRICE_MESSAGES.amountDecimals,
    }),
    currency: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(CURRENCIES, { error: PRICE_MESSAGES.currencyInvalid }).optional(),
    ),
    unit_amount: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: PRICE_MESSAGES.unitAmountInteger })
        .int(PRICE_MESSAGES.unitAmountInteger)
        .min(1, PRICE_MESSAGES.unitAmountInteger)
        .nullable()
        .optional(),
    ),
    unit: z.preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.string({ error: PRICE_MESSAGES.unitRequired }),
    ),
    prorated: zFlag.optional().default(false),
    card_on_file: zFlag.optional().default(false),
    default: zFlag.optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (!(UNITS_BY_PRICE_TYPE[v.price_type] as readonly string[]).includes(v.unit))
      ctx.addIssue({ code: 'custom', path: ['unit'], message: PRICE_MESSAGES.unitMismatch });
    if (v.price_type === 'pay_per_time' && (v.unit_amount === undefined || v.unit_amount === null))
      ctx.addIssue({ code: 'custom', path: ['unit_amount'], message: PRICE_MESSAGES.unitAmountRequired });
  });
export type TPriceCreateRequest = z.input<typeof ZPriceCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZPriceUpdateRequest = ZPriceCreateRequest;

/** Headers of the prices CSV: upload, template and export. */
export const PRICE_CSV_HEADERS = [
  'name',
  'price_type',
  'amount',
  'currency',
  'unit_amount',
  'unit',
  'prorated',
  'card_on_file',
  'default',
] as const;

/** Charge computed by the pricing module; money as 2-decimal strings (spec: operational §5 Transaction actions). */
export const ZCharge = z.object({ subtotal: z.string(), discount: z.string(), total: z.string() });
export type TCharge = z.infer<typeof ZCharge>;
