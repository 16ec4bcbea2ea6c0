/**
 * The statements of a product's history (`lib/product-tracking`; spec: operational §3 Product
 * `product_tracking`): the product's condition and device, and one entry appended. Each names the
 * organization.
 */
import type { TProductTrackingState } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { TxAuth, TxOrg } from '../../auth/context';
import { devices, products, productTracking } from '../../db/schema';

/** The device a product sits in, if any (a product is in at most one device). */
export async function deviceOfProduct({
  tx,
  auth,
  productId,
}: TxAuth<{ productId: string }>): Promise<string | null> {
  const [d] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.idProduct, productId), eq(devices.organizationId, auth.organizationId)));
  return d?.id ?? null;
}

/** The current condition of the organization's product `productId` (null: none or no such product). */
export async function productConditionId({
  tx,
  organizationId,
  productId,
}: TxOrg<{ productId: string }>): Promise<string | null> {
  const [p] = await tx
    .select({ idCondition: products.idCondition })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)));
  return p?.idCondition ?? null;
}

/** Appends one row to `product_tracking`. */
export async function insertTracking({
  tx,
  organizationId,
  entry,
}: TxOrg<{
  entry: {
    productId: string;
    state: TProductTrackingState;
    userId: string | null;
    actorName: string | null;
    conditionId: string | null;
    deviceId: string | null;
  };
}>): Promise<void> {
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
