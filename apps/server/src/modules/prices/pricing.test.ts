import { describe, expect, it } from 'vitest';
import { type ChargeInput, computeCharge, moneyNumber, moneyText } from './service';

const time = (amount: number | string, unit: string, unit_amount = 1) => ({
  price_type: 'pay_per_time' as const,
  amount,
  unit,
  unit_amount,
});
const weight = (amount: number | string, unit = 'lb') => ({
  price_type: 'pay_per_weight' as const,
  amount,
  unit,
});

const cases: Array<[string, ChargeInput, [string, string, string]]> = [
  ['1 hour at 5.00/hour', { price: time(5, 'hour'), elapsedSeconds: 3600 }, ['5.00', '0.00', '5.00']],
  ['90 minutes at 5.00/hour', { price: time(5, 'hour'), elapsedSeconds: 5400 }, ['7.50', '0.00', '7.50']],
  [
    '30 minutes at 3.00 per 2 hours',
    { price: time(3, 'hour', 2), elapsedSeconds: 1800 },
    ['0.75', '0.00', '0.75'],
  ],
  [
    '10 minutes at 1.00/minute',
    { price: time('1.00', 'minute'), elapsedSeconds: 600 },
    ['10.00', '0.00', '10.00'],
  ],
  [
    '1 second at 1.00/hour rounds to 0.00',
    { price: time(1, 'hour'), elapsedSeconds: 1 },
    ['0.00', '0.00', '0.00'],
  ],
  ['half a cent rounds up', { price: time('0.01', 'hour'), elapsedSeconds: 1800 }, ['0.01', '0.00', '0.01']],
  ['a third of a day at 10/day', { price: time(10, 'day'), elapsedSeconds: 28800 }, ['3.33', '0.00', '3.33']],
  ['2 days at 10.00/week', { price: time(10, 'week'), elapsedSeconds: 172800 }, ['2.86', '0.00', '2.86']],
  ['no elapsed time', { price: time(5, 'hour') }, ['0.00', '0.00', '0.00']],
  [
    'negative elapsed time counts as 0',
    { price: time(5, 'hour'), elapsedSeconds: -50 },
    ['0.00', '0.00', '0.00'],
  ],
  ['0.1 + 0.2 style amounts stay exact', { price: weight('0.10'), weight: 3 }, ['0.30', '0.00', '0.30']],
  ['weight 2.5 lb at 1.99', { price: weight('1.99'), weight: 2.5 }, ['4.98', '0.00', '4.98']],
  ['no weight counts as 1', { price: weight('4.25', 'kg') }, ['4.25', '0.00', '4.25']],
  ['null weight counts as 1', { price: weight(4.25, 'kg'), weight: null }, ['4.25', '0.00', '4.25']],
  [
    'fixed promo',
    { price: time(5, 'hour'), elapsedSeconds: 7200, promo: { discount_type: 'fixed', amount: 2.5 } },
    ['10.00', '2.50', '7.50'],
  ],
  [
    'fixed promo never below 0',
    { price: time(5, 'hour'), elapsedSeconds: 3600, promo: { discount_type: 'fixed', amount: 20 } },
    ['5.00', '5.00', '0.00'],
  ],
  [
    'percentage promo rounds half-up',
    { price: weight('3.33'), promo: { discount_type: 'percentage', amount: 15 } },
    ['3.33', '0.50', '2.83'],
  ],
  [
    '100% promo',
    { price: weight(12), promo: { discount_type: 'percentage', amount: '100' } },
    ['12.00', '12.00', '0.00'],
  ],
  [
    'unlimited membership is free',
    { price: time(5, 'hour'), elapsedSeconds: 3600, membership: { membership_type: 'unlimited' } },
    ['5.00', '5.00', '0.00'],
  ],
  [
    'limited membership with free transactions left',
    { price: weight(8), membership: { membership_type: 'limited', value: 3, used_transactions: 2 } },
    ['8.00', '8.00', '0.00'],
  ],
  [
    'limited membership used up',
    { price: weight(8), membership: { membership_type: 'limited', value: 3, used_transactions: 3 } },
    ['8.00', '0.00', '8.00'],
  ],
  [
    'fixed membership',
    { price: weight(8), membership: { membership_type: 'fixed', value: '1.25' } },
    ['8.00', '1.25', '6.75'],
  ],
  [
    'fixed membership never below 0',
    { price: weight(1), membership: { membership_type: 'fixed', value: 5 } },
    ['1.00', '1.00', '0.00'],
  ],
  [
    'percentage membership',
    { price: weight('9.99'), membership: { membership_type: 'percentage', value: 10 } },
    ['9.99', '1.00', '8.99'],
  ],
  [
    'promo and membership: the larger discount',
    {
      price: weight(10),
      promo: { discount_type: 'fixed', amount: 1 },
      membership: { membership_type: 'percentage', value: 20 },
    },
    ['10.00', '2.00', '8.00'],
  ],
];

describe('computeCharge', () => {
  it.each(cases)('%s', (_name, input, [subtotal, discount, total]) => {
    expect(computeCharge(input)).toEqual({ subtotal, discount, total });
  });

  it('refuses an unknown time unit', () => {
    expect(() => computeCharge({ price: time(1, 'fortnight'), elapsedSeconds: 1 })).toThrow();
  });
});

describe('money helpers', () => {
  it('converts without float drift', () => {
    expect(moneyText(0.1 + 0.2)).toBe('0.30');
    expect(moneyText('12.5')).toBe('12.50');
    expect(moneyNumber('19.99')).toBe(19.99);
  });
});
