import {
  membershipsEndpoints,
  type TMembership,
  type TPage,
  ZMembership,
  type ZMembershipCreateRequest,
  zPage,
} from '@lockerops/contract';
import type { z } from 'zod';

export const membershipsKey = ['memberships'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const MEMBERSHIPS_ENDPOINT = membershipsEndpoints.memberships;
export const ZMembershipPage: z.ZodType<TPage<TMembership>> = zPage(ZMembership);

export type TMembershipFormInput = z.input<typeof ZMembershipCreateRequest>;
export type TMembershipFormOutput = z.output<typeof ZMembershipCreateRequest>;

/** The subscription form's values (ZMembershipCreateRequest, spec operational §5) of a plan, or blank. */
export function membershipValuesOf(m: TMembership | null): TMembershipFormInput {
  if (!m)
    return {
      name: '',
      description: '',
      active: true,
      currency: 'usd',
      amount: '',
      billing_type: undefined as unknown as 'one_time',
      billing_period: null,
      number_of_payments: '',
      membership_type: undefined as unknown as 'unlimited',
      value: '',
      card_on_file: false,
      locations: [],
      users: [],
    };
  return {
    name: m.name,
    description: m.description ?? '',
    active: m.active,
    currency: m.currency,
    amount: m.amount.toFixed(2),
    billing_type: m.billing_type,
    billing_period: m.billing_period,
    number_of_payments: m.number_of_payments === null ? '' : String(m.number_of_payments),
    membership_type: m.membership_type,
    value: m.value === null ? '' : String(m.value),
    card_on_file: m.card_on_file,
    locations: m.locations.map((l) => l.id),
    users: m.users.map((u) => u.id),
  };
}
