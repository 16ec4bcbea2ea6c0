import { describe, expect, it } from 'vitest';
import { priceOptionsFor } from './priceOptions';

const prices = [
  { id: 'a', price_type: 'pay_per_time' as const },
  { id: 'b', price_type: 'pay_per_weight' as const },
  { id: 'c', price_type: 'pay_per_time' as const },
];

describe('priceOptionsFor (spec operational §5 Device)', () => {
  it('offers only pay-per-weight prices in service mode', () => {
    expect(priceOptionsFor('service', prices).map((p) => p.id)).toEqual(['b']);
  });
  it('offers only non-weight prices in the other modes', () => {
    for (const mode of ['storage', 'rental', 'delivery', undefined, ''])
      expect(priceOptionsFor(mode, prices).map((p) => p.id)).toEqual(['a', 'c']);
  });
  it('offers no price for vending', () => {
    expect(priceOptionsFor('vending', prices)).toEqual([]);
  });
});
