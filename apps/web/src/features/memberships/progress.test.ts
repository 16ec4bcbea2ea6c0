import { describe, expect, it } from 'vitest';
import { visibleSteps } from './progress';

const steps = (v: Parameters<typeof visibleSteps>[0]) => [...visibleSteps(v)];

describe('subscription form progression', () => {
  it('reveals fields as earlier ones are filled', () => {
    expect(steps({ name: '' })).toEqual([]);
    expect(steps({ name: 'Gold' })).toEqual(['type']);
    expect(steps({ name: 'Gold', membership_type: 'percentage' })).toEqual(['type', 'value']);
    expect(steps({ name: 'Gold', membership_type: 'percentage', value: '10' })).toEqual([
      'type',
      'value',
      'billing',
    ]);
    expect(steps({ name: 'Gold', membership_type: 'unlimited' })).toEqual(['type', 'billing']);
    const recurring = {
      name: 'Gold',
      membership_type: 'unlimited' as const,
      billing_type: 'recurring' as const,
    };
    expect(steps(recurring)).toEqual(['type', 'billing', 'period']);
    expect(steps({ ...recurring, billing_period: 'month', number_of_payments: '12' })).toEqual([
      'type',
      'billing',
      'period',
      'amount',
    ]);
    expect(
      steps({ name: 'Pass', membership_type: 'unlimited', billing_type: 'one_time', amount: '5' }),
    ).toEqual(['type', 'billing', 'amount', 'rest']);
  });
});
