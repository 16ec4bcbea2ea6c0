import type { TProductTrackingState } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/context';
import type { Tx } from '../db/client';
import { devices, products, productTracking } from '../db/schema';

/**
 * A product's history and place as the products, conditions and transactions areas all write or
 * read them (spec: operational §3 Product `product_tracking`): the products area shows the
 * timeline, conditions record their maintenance tickets, transactions their In and Out.
 */

/** What one tracking entry records (spec: operational §3 Product `product_tracking`). */
export interface TrackingInput {
  organizationId: string;
  productId: string;
  /** new ("Product Created"), incoming ("In"), outgoing ("Out"), maintenance ("Maintenance Ticket"). */
  state: TProductTrackingState;
  /** The customer of an In/Out (users.id), when there is one. */
  userId?: string | null;
  /** Who acted: a team member's name or an API key's name. */
  actorName?: string | null;
  /** The condition at that moment; omitted = the product's current condition. */
  conditionId?: string | null;
  /** The device involved (the one the product was taken from or returned to). */
  deviceId?: string | null;
}

/**
 * Appends one entry to a product's history, in the caller's transaction. Called by this area for
 * creation, condition effects and maintenance, and by the transactions area for In (a return) and
 * Out (a rental). The product must belong to `organizationId` (the insert runs under row-level
 * security). spec: operational §3 Product, §4 Product tracking states.
 */
export async function recordTracking({ tx, input }: { tx: Tx; input: TrackingInput }): Promise<void> {
  const { organizationId, productId } = input;
  const conditionId =
    input.conditionId === undefined
      ? await productConditionId({ tx, organizationId, productId })
      : input.conditionId;
  await insertTracking({
    tx,
    organizationId,
    entry: {
      productId,
      state: input.state,
      userId: input.userId ?? null,
      actorName: input.actorName ?? null,
      conditionId,
      deviceId: input.deviceId ?? null,
    },
  });
}

/** The device a product sits in, if any (a product is in at most one device). */
export async function deviceOfProduct({
  tx,
  auth,
  productId,
}: {
  tx: Tx;
  auth: AuthContext;
  productId: string;
}): Promise<string | null> {
  const [d] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.idProduct, productId), eq(devices.organizationId, auth.organizationId)));
  return d?.id ?? null;
}

/** The current condition of the organization's product `productId` (null: none or no such product). */
async function productConditionId({
  tx,
  organizationId,
  productId,
}: {
  tx: Tx;
  organizationId: string;
  productId: string;
}): Promise<string | null> {
  const [p] = await tx
    .select({ idCondition: products.idCondition })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)));
  return p?.idCondition ?? null;
}

/** Appends one row to `product_tracking`. */
async function insertTracking({
  tx,
  organizationId,
  entry,
}: {
  tx: Tx;
  organizationId: string;
  entry: {
    productId: string;
    state: TProductTrackingState;
    userId: string | null;
    actorName: string | null;
    conditionId: string | null;
    deviceId: string | null;
  };
}): Promise<void> {
  await tx.insert(productTracking).values({
    organizationId,
    idProduct: entry.productId,
    state: entry.state,
    idUser: entry.userId,
    actorName: entry.actorName,
    idCondition: entry.conditionId,
    idDevice: entry.deviceId,
  });
}
