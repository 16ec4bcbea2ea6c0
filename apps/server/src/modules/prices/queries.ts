/**
 * The prices a life-cycle step reads (spec: operational §5 Price): a transaction's or a door's
 * price, and the organization's default of a type.
 */
import { and, eq } from 'drizzle-orm';
import type { TxOrg } from '../../auth/context';
import { prices } from '../../db/schema';

/** The organization's price by id (the door's or the transaction's). */
export async function priceById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [p] = await tx
    .select()
    .from(prices)
    .where(and(eq(prices.organizationId, organizationId), eq(prices.id, id)));
  return p;
}

/** The organization's default price of `priceType`, or undefined. */
export async function defaultPrice({
  tx,
  organizationId,
  priceType,
}: TxOrg<{ priceType: 'pay_per_weight' | 'pay_per_time' }>) {
  const [p] = await tx
    .select()
    .from(prices)
    .where(
      and(
        eq(prices.organizationId, organizationId),
        eq(prices.isDefault, true),
        eq(prices.priceType, priceType),
      ),
    );
  return p;
}
