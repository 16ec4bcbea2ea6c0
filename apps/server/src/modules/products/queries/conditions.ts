/**
 * What a product's condition effects read (spec: operational §2 Conditions): the condition, the
 * product's door locked for the change, and names for the audit.
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { AuthContext, TxAuth, TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { conditions, devices, products } from '../../../db/schema';
import { toWire } from '../../../lib/wire';

/** A device row as its audit entries record it (wire names). */
export const deviceAuditImage = (row: typeof devices.$inferSelect) => toWire(devices, row);

/** The condition `id` of the organization, or undefined. */
export async function conditionById({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [row] = await tx
    .select()
    .from(conditions)
    .where(and(eq(conditions.id, id), eq(conditions.organizationId, auth.organizationId)));
  return row;
}

/** The device `id` of the organization, locked for update; undefined when missing. */
export async function lockDeviceById({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [row] = await tx
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)))
    .for('update');
  return row;
}

/** The name of the organization's product `id`, or null when missing. */
export async function productNameOf({
  tx,
  auth,
  id,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
}): Promise<string | null> {
  const [row] = await tx
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.id, id), eq(products.organizationId, auth.organizationId)));
  return row?.name ?? null;
}

/**
 * Gives exactly the organization's products `productIds` the product group or condition `id` (the
 * column `column`): the others that had it lose it. Answers the ids that newly got it; NotFound
 * (`notFound`) when one of `productIds` is missing or another organization's.
 */
export async function assignProducts({
  tx,
  auth,
  column,
  id,
  productIds,
}: TxAuth<{ column: 'idCondition' | 'idProductGroup'; id: string; productIds: string[] }>): Promise<
  string[] | undefined
> {
  const ids = [...new Set(productIds)];
  const listed = ids.length
    ? await tx
        .select({ id: products.id, current: products[column] })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.organizationId, auth.organizationId)))
        .orderBy(asc(products.id))
        .for('update')
    : [];
  if (listed.length !== ids.length) return undefined;
  await tx
    .update(products)
    .set({ [column]: null, updatedAt: new Date() })
    .where(
      and(
        eq(products.organizationId, auth.organizationId),
        eq(products[column], id),
        ids.length ? notInArray(products.id, ids) : undefined,
      ),
    );
  const moving = listed.filter((p) => p.current !== id).map((p) => p.id);
  if (moving.length)
    await tx
      .update(products)
      .set({ [column]: id, updatedAt: new Date() })
      .where(and(inArray(products.id, moving), eq(products.organizationId, auth.organizationId)));
  return moving;
}

/** Gives the organization's product `productId` condition `conditionId` (a returned rental's report). */
export async function setProductCondition({
  tx,
  organizationId,
  productId,
  conditionId,
  at,
}: TxOrg<{ productId: string; conditionId: string; at: Date }>): Promise<void> {
  await tx
    .update(products)
    .set({ idCondition: conditionId, updatedAt: at })
    .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)));
}
