/**
 * The door of a life-cycle step, as the devices area writes it for the transactions area: lock
 * the organization's door for the step, mark it reserved while a transaction holds it, free it,
 * put a product in it or take it out, and read its locker number.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { devices } from '../../../db/schema';
import { preparedOnce } from '../../../lib/prepared';
import type { DeviceRow } from '../service';

/** The organization's device `id`, locked for update; undefined when missing or another's. */
export async function lockOwnDevice({
  tx,
  organizationId,
  id,
}: TxOrg<{ id: string }>): Promise<DeviceRow | undefined> {
  const [d] = await deviceForUpdate(tx, { id, org: organizationId });
  return d;
}

// named prepared statements built once (`preparedOnce`): a step locks its door on each pass
const deviceForUpdate = preparedOnce((tx) =>
  tx
    .select()
    .from(devices)
    .where(and(eq(devices.id, sql.placeholder('id')), eq(devices.organizationId, sql.placeholder('org'))))
    .for('update')
    .prepare('device_for_update'),
);
const deviceReserve = preparedOnce((tx) =>
  tx
    .update(devices)
    .set({ status: 'reserved', updatedAt: sql`now()` })
    .where(and(eq(devices.id, sql.placeholder('id')), eq(devices.organizationId, sql.placeholder('org'))))
    .prepare('device_reserve'),
);
const deviceFree = preparedOnce((tx) =>
  tx
    .update(devices)
    .set({ status: 'available', updatedAt: sql`now()` })
    .where(
      and(
        eq(devices.id, sql.placeholder('id')),
        eq(devices.organizationId, sql.placeholder('org')),
        eq(devices.status, 'reserved'),
      ),
    )
    .returning({ id: devices.id })
    .prepare('device_free'),
);

/** Marks the organization's device reserved (held by a transaction). */
export async function reserveOwnDevice({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<void> {
  await deviceReserve(tx, { id, org: organizationId });
}

/** Frees the organization's reserved device; answers whether it was the organization's and reserved. */
export async function freeOwnDevice({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<boolean> {
  const own = await deviceFree(tx, { id, org: organizationId });
  return own.length > 0;
}

/** A device's locker number, by id alone (a parent's shared door included), or null. */
export async function lockerNumberOf({
  tx,
  deviceId,
}: {
  tx: Tx;
  deviceId: string | null;
}): Promise<number | null> {
  if (!deviceId) return null;
  // tenant: every organization — the door may be a super-tenant parent's shared door
  const [d] = await tx.select({ n: devices.lockerNumber }).from(devices).where(eq(devices.id, deviceId));
  return d?.n ?? null;
}

/**
 * Puts product `productId` in the organization's door `deviceId`, or takes it out (null). With
 * `onlyIf`, only when the door holds that product now.
 */
export async function setDeviceProduct({
  tx,
  organizationId,
  deviceId,
  productId,
  at,
  onlyIf,
}: TxOrg<{ deviceId: string; productId: string | null; at: Date; onlyIf?: string }>): Promise<void> {
  await tx
    .update(devices)
    .set({ idProduct: productId, updatedAt: at })
    .where(
      and(
        eq(devices.id, deviceId),
        eq(devices.organizationId, organizationId),
        onlyIf ? eq(devices.idProduct, onlyIf) : undefined,
      ),
    );
}

/**
 * Puts the organization's device `id` in maintenance when it is available (a door that holds
 * something keeps its state); answers the row after the change, or undefined when it was not
 * available.
 */
export async function setDeviceMaintenance({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [row] = await tx
    .update(devices)
    .set({ status: 'maintenance', updatedAt: new Date() })
    .where(
      and(eq(devices.id, id), eq(devices.organizationId, organizationId), eq(devices.status, 'available')),
    )
    .returning();
  return row;
}
