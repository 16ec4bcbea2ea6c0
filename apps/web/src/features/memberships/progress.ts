import type { TMembershipFormInput } from './hooks';

export type TMembershipStep = 'type' | 'value' | 'billing' | 'period' | 'amount' | 'rest';

const filled = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

/**
 * Which fields of the subscription form are shown (spec operational §4 "fields appear progressively
 * as earlier ones are filled"): name → subscription type → value (not for unlimited) → billing type
 * → billing period and number of payments (recurring only) → amount → the rest.
 */
export function visibleSteps(v: Partial<TMembershipFormInput>): Set<TMembershipStep> {
  const out = new Set<TMembershipStep>();
  if (!filled(v.name)) return out;
  out.add('type');
  if (!filled(v.membership_type)) return out;
  if (v.membership_type !== 'unlimited') {
    out.add('value');
    if (!filled(v.value)) return out;
  }
  out.add('billing');
  if (!filled(v.billing_type)) return out;
  if (v.billing_type === 'recurring') {
    out.add('period');
    if (!filled(v.billing_period) || !filled(v.number_of_payments)) return out;
  }
  out.add('amount');
  if (!filled(v.amount)) return out;
  out.add('rest');
  return out;
}
