import type Stripe from 'stripe';
import { toMinorUnits } from './charges';

/** A membership plan as the provider needs it; `productId`/`priceId` are the ids it already has. */
export interface PlanInput {
  membershipId: string;
  organizationId: string;
  /** The organization's connected account; null → nothing is synced. */
  account: string | null;
  name: string;
  description: string | null;
  active: boolean;
  /** Money as two-decimal text. */
  amount: string;
  currency: string;
  billingType: 'one_time' | 'recurring';
  billingPeriod: 'day' | 'week' | 'month' | 'year' | null;
  productId: string | null;
  priceId: string | null;
  /** The amount, currency or billing changed since `priceId` was made. */
  priceChanged: boolean;
}

/**
 * Keeps membership plans in step at the payment provider (product and price). `sync` answers the
 * ids to store, or null when the plan stays local (sandbox, or no connected account).
 */
export interface PlanSync {
  readonly kind: 'sandbox' | 'stripe';
  sync(plan: PlanInput): Promise<{ productId: string; priceId: string } | null>;
}

export const sandboxPlans: PlanSync = { kind: 'sandbox', sync: async () => null };

/**
 * Stripe products and prices on the organization's connected account: the product is created once
 * (then its name, description and active flag follow the plan); a price is created when there is
 * none or the amount, currency or billing changed — prices are immutable at Stripe, so the old one
 * is archived (`active: false`). Creations carry idempotency keys of the plan and the previous
 * price, so a retried save does not create a second product or price.
 */
export function createStripePlans(client: Stripe): PlanSync {
  return {
    kind: 'stripe',
    async sync(p) {
      if (!p.account) return null;
      const opts = { stripeAccount: p.account };
      const metadata = { membership_id: p.membershipId, organization_id: p.organizationId };
      const productId = p.productId
        ? (
            await client.products.update(
              p.productId,
              { name: p.name, description: p.description ?? '', active: p.active },
              opts,
            )
          ).id
        : (
            await client.products.create(
              { name: p.name, description: p.description ?? undefined, active: p.active, metadata },
              { ...opts, idempotencyKey: `membership:${p.membershipId}:product` },
            )
          ).id;
      if (p.priceId && !p.priceChanged) return { productId, priceId: p.priceId };
      const currency = p.currency.toLowerCase();
      const unit = toMinorUnits(p.amount, currency);
      const interval = p.billingType === 'recurring' ? (p.billingPeriod ?? 'month') : null;
      const price = await client.prices.create(
        {
          product: productId,
          unit_amount: unit,
          currency,
          metadata,
          ...(interval ? { recurring: { interval } } : {}),
        },
        {
          ...opts,
          idempotencyKey: `membership:${p.membershipId}:price:${p.priceId ?? 'none'}:${unit}:${currency}:${interval ?? 'once'}`,
        },
      );
      if (p.priceId) await client.prices.update(p.priceId, { active: false }, opts);
      return { productId, priceId: price.id };
    },
  };
}
