import type { TPrice } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import { showCardOnFile, showDefaultOption } from './priceRules';

const price = (over: Partial<TPrice> = {}): TPrice => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'P',
  price_type: 'pay_per_time',
  amount: 1,
  currency: 'usd',
  unit_amount: 1,
  unit: 'hour',
  prorated: false,
  card_on_file: true,
  default: false,
  created_at: '',
  updated_at: '',
  ...over,
});

describe('price form rules', () => {
  it.each([
    ['', true],
    ['0', true],
    ['0.00', true],
    [0, true],
    ['abc', true],
    ['0.01', false],
    [5, false],
  ])('card on file shows for amount %j: %s', (amount, shown) => {
    expect(showCardOnFile(amount)).toBe(shown);
  });

  it('hides the default option while another price is the default', () => {
    const other = price({ default: true, id: '00000000-0000-4000-8000-000000000002' });
    expect(showDefaultOption(null, undefined)).toBe(true);
    expect(showDefaultOption(null, other)).toBe(false);
    expect(showDefaultOption(price(), other)).toBe(false);
    expect(showDefaultOption(price({ default: true }), undefined)).toBe(true);
  });
});
