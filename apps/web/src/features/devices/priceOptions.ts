import type { TPrice } from '@lockerops/contract';

/**
 * The prices a device of `mode` may use (spec: operational §5 Device): none for vending (it has no
 * price option), only pay-per-weight prices in service mode, only non-weight prices otherwise. An
 * unknown or empty mode offers the non-weight prices.
 */
export function priceOptionsFor<P extends Pick<TPrice, 'price_type'>>(
  mode: string | undefined,
  prices: readonly P[],
): P[] {
  if (mode === 'vending') return [];
  if (mode === 'service') return prices.filter((p) => p.price_type === 'pay_per_weight');
  return prices.filter((p) => p.price_type !== 'pay_per_weight');
}

/**
 * The kind of price a device of `mode` may use, as the price picker asks the server for it
 * (`GET prices?weight=`): `none` for vending, `weight` in service mode, `other` otherwise — the
 * rule of `priceOptionsFor`.
 */
export function priceKindFor(mode: string | undefined): 'none' | 'weight' | 'other' {
  if (mode === 'vending') return 'none';
  return mode === 'service' ? 'weight' : 'other';
}
