import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { conditions, devices, productGroups, products, productTracking, users } from '../../db/schema';

/** A product row as the table holds it. */
export type ProductRow = typeof products.$inferSelect;

/** The organization's products among `ids` that sit in a device: id and name. */
export async function productsInDevices({
  tx,
  auth,
  ids,
}: {
  tx: Tx;
  auth: AuthContext;
  ids: string[];
}): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: products.id, name: products.name })
    .from(devices)
    .innerJoin(products, eq(products.id, devices.idProduct))
    .where(
      and(
        inArray(devices.idProduct, ids),
        eq(devices.organizationId, auth.organizationId),
        eq(products.organizationId, auth.organizationId),
      ),
    );
}

/** Whether the organization has the product group `id`. */
export async function productGroupExists({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [g] = await tx
    .select({ id: productGroups.id })
    .from(productGroups)
    .where(and(eq(productGroups.id, id), eq(productGroups.organizationId, auth.organizationId)));
  return !!g;
}

/** Whether the organization has the condition `id`. */
export async function conditionExists({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [c] = await tx
    .select({ id: conditions.id })
    .from(conditions)
    .where(and(eq(conditions.id, id), eq(conditions.organizationId, auth.organizationId)));
  return !!c;
}

/** Whether another product of the organization (not among `exceptIds`) has the serial number. */
export async function serialTaken({
  tx,
  auth,
  serial,
  exceptIds,
}: {
  tx: Tx;
  auth: AuthContext;
  serial: string;
  exceptIds: string[];
}): Promise<boolean> {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.organizationId, auth.organizationId),
        eq(products.serialNumber, serial),
        ...exceptIds.map((id) => ne(products.id, id)),
      ),
    )
    .limit(1);
  return !!taken;
}

/**
 * A product's tracking rows with their user and condition: newest first, the creation entry always
 * last; entries of one transaction keep their write order.
 */
export async function trackingRows({
  tx,
  organizationId,
  productId,
}: {
  tx: Tx;
  organizationId: string;
  productId: string;
}) {
  return tx
    .select({
      id: productTracking.id,
      state: productTracking.state,
      createdAt: productTracking.createdAt,
      actorName: productTracking.actorName,
      idDevice: productTracking.idDevice,
      userId: users.id,
      userName: users.name,
      userLastName: users.lastName,
      conditionId: conditions.id,
      conditionName: conditions.name,
    })
    .from(productTracking)
    .leftJoin(
      users,
      and(eq(users.id, productTracking.idUser), eq(users.organizationId, productTracking.organizationId)),
    )
    .leftJoin(
      conditions,
      and(
        eq(conditions.id, productTracking.idCondition),
        eq(conditions.organizationId, productTracking.organizationId),
      ),
    )
    .where(and(eq(productTracking.organizationId, organizationId), eq(productTracking.idProduct, productId)))
    .orderBy(
      sql`(${productTracking.state} = 'new')`,
      desc(productTracking.createdAt),
      desc(productTracking.seq),
    );
}
