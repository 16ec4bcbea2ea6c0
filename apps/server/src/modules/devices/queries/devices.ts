import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { devices, organizations, prices } from '../../../db/schema';
import { toWire } from '../../../lib/wire';

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceValues = Partial<typeof devices.$inferInsert>;

/** A device row with wire names (its audit image). */
export const deviceAuditImage = (row: DeviceRow) => toWire(devices, row);

/** The organization row `organizationId` (its mode and hardware flags), or undefined. */
export async function organizationFlagsRow({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  return org;
}

/**
 * Whether another device of the location has the locker number. Writes of locker numbers in one
 * location are serialized first for the rest of the transaction, so the check sees every committed
 * number; the unique index `devices_locker_number_uq` stays the last word.
 */
export async function lockerNumberTaken({
  tx,
  organizationId,
  locationId,
  lockerNumber,
  exceptId,
}: {
  tx: Tx;
  organizationId: string;
  locationId: string;
  lockerNumber: number;
  exceptId?: string;
}): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`devices:${organizationId}:${locationId}`}))`);
  const [taken] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.organizationId, organizationId),
        eq(devices.idLocation, locationId),
        eq(devices.lockerNumber, lockerNumber),
        exceptId ? ne(devices.id, exceptId) : undefined,
      ),
    );
  return !!taken;
}

/** The organization's price `id` (its type), or undefined. */
export async function priceTypeOf({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [row] = await tx
    .select({ id: prices.id, priceType: prices.priceType })
    .from(prices)
    .where(and(eq(prices.id, id), eq(prices.organizationId, auth.organizationId)));
  return row;
}

/** Whether another device of the organization (not `exceptId`) holds the product. */
export async function productHeldElsewhere({
  tx,
  auth,
  productId,
  exceptId,
}: {
  tx: Tx;
  auth: AuthContext;
  productId: string;
  exceptId?: string;
}) {
  const [holder] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.organizationId, auth.organizationId),
        eq(devices.idProduct, productId),
        exceptId ? ne(devices.id, exceptId) : undefined,
      ),
    );
  return !!holder;
}

/** The organization's devices among `ids`, locked for update in id order. */
export function lockDeviceRows({
  tx,
  auth,
  ids,
}: {
  tx: Tx;
  auth: AuthContext;
  ids: string[];
}): Promise<DeviceRow[]> {
  return tx
    .select()
    .from(devices)
    .where(and(eq(devices.organizationId, auth.organizationId), inArray(devices.id, ids)))
    .orderBy(asc(devices.id))
    .for('update');
}

/** Sets columns of the organization's device `id`; answers the row after. */
export async function updateDeviceRow({
  tx,
  auth,
  id,
  set,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  set: DeviceValues;
}): Promise<DeviceRow> {
  const [row] = await tx
    .update(devices)
    .set(set)
    .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)))
    .returning();
  return row!;
}
