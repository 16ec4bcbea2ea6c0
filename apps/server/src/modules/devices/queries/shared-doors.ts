import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { devices, locationLockSettings, lockVendorAccounts } from '../../../db/schema';
import type { DeviceRow } from './devices';

/**
 * Doors of a super-tenant parent's shared locations used by a sub-organization's transactions
 * (spec: operational §1 "Super-tenant organizations may share locations with sub-organizations",
 * which can be used for their transactions). The sub-organization may read those doors
 * (row-level security `shared_from_parent`) but never UPDATE them: the door's state moves only
 * through the SECURITY DEFINER functions of `applyTenancyPolicies` (`app_shared_door_*`), each of
 * which checks the acting organization (`app.organization_id`) itself. A door qualifies when it
 * stands at a location its parent shares now, or while a transaction of the acting organization
 * holds it (so a transaction under way can finish after the location stops being shared).
 */

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** A selection of every column of `table` by its bare name, for reading a function's result rows. */
function bareColumns<T extends Table>(table: T): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([prop, col]) => [
      prop,
      sql`${sql.identifier(col.name)}`.mapWith(col),
    ]),
  );
}

/** Whether the door is another organization's (a parent's shared door) rather than the actor's. */
export const isSharedDoor = (d: DeviceRow, organizationId: string): boolean =>
  d.organizationId !== organizationId;

/** The parent's door `id`, locked for the step (`FOR UPDATE`), or undefined when it does not qualify. */
export async function lockSharedDoor({ tx, id }: { tx: Tx; id: string }): Promise<DeviceRow | undefined> {
  const [d] = await tx.select(bareColumns(devices)).from(sql`app_shared_door(${id})`);
  return d as DeviceRow | undefined;
}

/** Occupies the door (available → reserved); false when it is not available (or does not qualify). */
export async function holdSharedDoor({ tx, id }: { tx: Tx; id: string }): Promise<boolean> {
  const r = await tx.execute(sql`select app_shared_door_hold(${id}) as ok`);
  return rowsOf<{ ok: boolean }>(r)[0]?.ok === true;
}

/** Frees the door (reserved → available) while a transaction of the actor holds it; false otherwise. */
export async function releaseSharedDoor({ tx, id }: { tx: Tx; id: string }): Promise<boolean> {
  const r = await tx.execute(sql`select app_shared_door_release(${id}) as ok`);
  return rowsOf<{ ok: boolean }>(r)[0]?.ok === true;
}

/** Records the lock's status after the actor opened the door in a step. */
export async function setSharedDoorLockStatus({
  tx,
  id,
  lockStatus,
}: {
  tx: Tx;
  id: string;
  lockStatus: string;
}): Promise<void> {
  await tx.execute(sql`select app_shared_door_lock_status(${id}, ${lockStatus})`);
}

/** Whether an active reservation of the parent holds the door at `at` (the actor cannot see them). */
export async function sharedDoorReserved({ tx, id, at }: { tx: Tx; id: string; at: Date }): Promise<boolean> {
  const r = await tx.execute(
    sql`select app_shared_door_reserved(${id}, ${at.toISOString()}::timestamptz) as hit`,
  );
  return rowsOf<{ hit: boolean }>(r)[0]?.hit === true;
}

/** The lock settings of the door's location (the parent's), needed to open it; undefined when it has none. */
export async function sharedDoorLockSettings({
  tx,
  id,
}: {
  tx: Tx;
  id: string;
}): Promise<typeof locationLockSettings.$inferSelect | undefined> {
  const [s] = await tx
    .select(bareColumns(locationLockSettings))
    .from(sql`app_shared_door_lock_settings(${id})`);
  return s as typeof locationLockSettings.$inferSelect | undefined;
}

/**
 * The parent's account at the door's cloud lock vendor (secret still sealed), needed to open it;
 * undefined when it has none.
 */
export async function sharedDoorVendorAccount({
  tx,
  id,
}: {
  tx: Tx;
  id: string;
}): Promise<typeof lockVendorAccounts.$inferSelect | undefined> {
  const [a] = await tx
    .select(bareColumns(lockVendorAccounts))
    .from(sql`app_shared_door_vendor_account(${id})`);
  return a as typeof lockVendorAccounts.$inferSelect | undefined;
}
