import {
  SECONDS_PER_UNIT,
  type TCharge,
  type TDiscountType,
  type TMembershipType,
  type TPriceType,
  type TTimeUnit,
} from '@lockerops/contract';
import { Decimal } from 'decimal.js';

/** Money arithmetic: exact decimals, results rounded half-up (away from zero) to cents. */
const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Money = InstanceType<typeof Money>;

const cents = (d: Money): Money => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const zero = new Money(0);

/** A price as the charge needs it; amounts may be numbers or the database's numeric strings. */
export interface ChargePrice {
  price_type: TPriceType;
  amount: number | string;
  /** pay_per_time only: how many `unit`s `amount` buys */
  unit_amount?: number | null;
  unit: string;
}

/** A promo code's discount: fixed money off, or a percentage (1–100) of the subtotal. */
export interface ChargePromo {
  discount_type: TDiscountType;
  amount: number | string;
}

/**
 * A membership's effect on one transaction: unlimited → free; limited → free while
 * `used_transactions` < `value`; fixed → `value` money off; percentage → `value` % off.
 */
export interface ChargeMembership {
  membership_type: TMembershipType;
  value?: number | string | null;
  /** limited only: free transactions the user has already had (default 0) */
  used_transactions?: number;
}

export interface ChargeInput {
  price: ChargePrice;
  /** pay_per_time: elapsed seconds (negative counts as 0) */
  elapsedSeconds?: number;
  /** pay_per_weight: weight in the price's unit; absent or null counts as 1 */
  weight?: number | string | null;
  promo?: ChargePromo | null;
  membership?: ChargeMembership | null;
}

/** Subtotal of a price before discounts, exact (not yet rounded). */
function subtotalOf(input: ChargeInput): Money {
  const { price } = input;
  const amount = new Money(price.amount);
  if (price.price_type === 'pay_per_weight') {
    const weight =
      input.weight === undefined || input.weight === null || input.weight === '' ? 1 : input.weight;
    return amount.times(new Money(weight));
  }
  const perUnit = SECONDS_PER_UNIT[price.unit as TTimeUnit];
  if (!perUnit) throw new Error(`unknown time unit ${price.unit}`);
  const unitAmount = new Money(price.unit_amount ?? 1);
  const elapsedUnits = new Money(Math.max(0, input.elapsedSeconds ?? 0)).dividedBy(perUnit);
  return elapsedUnits.times(amount).dividedBy(unitAmount);
}

function promoDiscount(subtotal: Money, promo: ChargePromo): Money {
  const amount = new Money(promo.amount);
  return promo.discount_type === 'percentage' ? cents(subtotal.times(amount).dividedBy(100)) : cents(amount);
}

function membershipDiscount(subtotal: Money, m: ChargeMembership): Money {
  const value = new Money(m.value ?? 0);
  switch (m.membership_type) {
    case 'unlimited':
      return subtotal;
    case 'limited':
      return (m.used_transactions ?? 0) < value.toNumber() ? subtotal : zero;
    case 'fixed':
      return cents(value);
    case 'percentage':
      return cents(subtotal.times(value).dividedBy(100));
  }
}

/**
 * The charge of one transaction (spec: operational §5 Transaction actions, §3 Price, Promo,
 * Subscription/membership). Pay-per-time = elapsed time (in the price's unit) × amount ÷
 * unit_amount; pay-per-weight = weight × amount, no weight counting as 1. The subtotal is rounded
 * half-up to cents; then the promo or the membership discount is taken (when both are given, the
 * larger one — a customer never gets both), rounded half-up to cents and capped at the subtotal, so
 * the total is never below 0. Answers money as strings with two decimals, e.g. `{ subtotal:
 * '12.50', discount: '2.50', total: '10.00' }`. Pure: the caller decides which promo (valid at
 * the time) and which membership apply.
 */
export function computeCharge(input: ChargeInput): TCharge {
  const subtotal = cents(subtotalOf(input));
  const candidates: Money[] = [zero];
  if (input.promo) candidates.push(promoDiscount(subtotal, input.promo));
  if (input.membership) candidates.push(membershipDiscount(subtotal, input.membership));
  const discount = Money.min(subtotal, Money.max(...candidates));
  const total = Money.max(zero, subtotal.minus(discount));
  return { subtotal: subtotal.toFixed(2), discount: discount.toFixed(2), total: total.toFixed(2) };
}

/** Money of the database (numeric text) or the wire as a number with two decimals. */
export const moneyNumber = (v: string | number): number => cents(new Money(v)).toNumber();

/** A wire number (≤ 2 decimals, already validated) as numeric(12,2) text, without float drift. */
export const moneyText = (v: string | number): string => cents(new Money(v)).toFixed(2);
