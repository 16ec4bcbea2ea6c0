import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { conditions, devices, products } from '../../db/schema';
import { toWire } from '../../lib/wire';

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

/** Puts the device `id` in maintenance; answers the row after the change. */
export async function setDeviceMaintenance({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [row] = await tx
    .update(devices)
    .set({ status: 'maintenance', updatedAt: new Date() })
    .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)))
    .returning();
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
