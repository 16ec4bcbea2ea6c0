import {
  membershipsEndpoints,
  type TMembership,
  type TPage,
  ZMembership,
  ZMembershipCreateRequest,
  zPage,
} from '@lockerops/contract';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { useDialogForm } from '../../components/form';

export const membershipsKey = ['memberships'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const MEMBERSHIPS_ENDPOINT = membershipsEndpoints.memberships;
export const ZMembershipPage: z.ZodType<TPage<TMembership>> = zPage(ZMembership);

export type TMembershipFormInput = z.input<typeof ZMembershipCreateRequest>;
export type TMembershipFormOutput = z.output<typeof ZMembershipCreateRequest>;

function valuesOf(m: TMembership | null): TMembershipFormInput {
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

/** The Add/Edit Subscription form, validated by ZMembershipCreateRequest (spec operational §5 Subscription). */
export function useMembershipForm(m: TMembership | null, open: boolean) {
  return useDialogForm(ZMembershipCreateRequest, valuesOf, m, open);
}

/** `POST memberships` or `PUT memberships/{id}`. */
export function saveMembership(id: string | undefined, body: TMembershipFormOutput): Promise<TMembership> {
  return id
    ? apiCall(membershipsEndpoints.memberships.update, { params: { id }, body, schema: ZMembership })
    : apiCall(membershipsEndpoints.memberships.create, { body, schema: ZMembership });
}
