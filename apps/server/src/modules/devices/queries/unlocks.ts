import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { devices, deviceUnlocks, locationLockSettings, lockVendorAccounts } from '../../../db/schema';
import type { DeviceRow } from './devices';

export type { DeviceRow } from './devices';

export type LockSettingsRow = typeof locationLockSettings.$inferSelect;
export type VendorAccountRow = typeof lockVendorAccounts.$inferSelect;
export type UnlockRow = typeof deviceUnlocks.$inferSelect;
export type UnlockSet = Partial<Omit<typeof deviceUnlocks.$inferInsert, 'id' | 'organizationId'>>;

/** The organization's lock settings of locations by id (only those that have a row). */
export async function lockSettingsByLocation({
  tx,
  organizationId,
  locationIds,
}: {
  tx: Tx;
  organizationId: string;
  locationIds: string[];
}): Promise<Map<string, LockSettingsRow>> {
  if (!locationIds.length) return new Map();
  const rows = await tx
    .select()
    .from(locationLockSettings)
    .where(
      and(
        eq(locationLockSettings.organizationId, organizationId),
        inArray(locationLockSettings.idLocation, [...new Set(locationIds)]),
      ),
    );
  return new Map(rows.map((r) => [r.idLocation, r]));
}

/** The organization's accounts at the cloud lock vendors `vendors` (secrets still sealed). */
export async function vendorAccountsOf({
  tx,
  organizationId,
  vendors,
}: {
  tx: Tx;
  organizationId: string;
  vendors: string[];
}): Promise<VendorAccountRow[]> {
  if (!vendors.length) return [];
  return tx
    .select()
    .from(lockVendorAccounts)
    .where(
      and(eq(lockVendorAccounts.organizationId, organizationId), inArray(lockVendorAccounts.vendor, vendors)),
    );
}

/** Records an unlock of the organization; answers its id. */
export async function insertUnlock({
  tx,
  auth,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  values: Omit<typeof deviceUnlocks.$inferInsert, 'organizationId'>;
}): Promise<string> {
  const [u] = await tx
    .insert(deviceUnlocks)
    .values({ ...values, organizationId: auth.organizationId })
    .returning({ id: deviceUnlocks.id });
  return u!.id;
}

/** Sets columns of the organization's unlock `id`. */
export async function updateUnlock({
  tx,
  organizationId,
  id,
  set,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  set: UnlockSet;
}): Promise<void> {
  await tx
    .update(deviceUnlocks)
    .set(set)
    .where(and(eq(deviceUnlocks.id, id), eq(deviceUnlocks.organizationId, organizationId)));
}

/**
 * Every unlock of any organization still under way and requested before `before` becomes
 * `offline` with `detail`. The owner's handle (the job runner), across organizations. Answers how many.
 */
export async function failStaleUnlocks({
  tx,
  now,
  before,
  detail,
}: {
  tx: Tx;
  now: Date;
  before: Date;
  detail: string;
}): Promise<number> {
  // tenant: every organization — the job's sweep of stale unlocks, whatever their organization
  const rows = await tx
    .update(deviceUnlocks)
    .set({ state: 'offline', offlineAt: now, detail })
    .where(
      and(
        inArray(deviceUnlocks.state, ['requested', 'sent', 'acknowledged']),
        lte(deviceUnlocks.requestedAt, before),
      ),
    )
    .returning({ id: deviceUnlocks.id });
  return rows.length;
}

/** The states of the last `limit` acknowledged (opened or jammed) unlocks of the organization's device. */
export async function lastAcknowledgedUnlocks({
  tx,
  auth,
  deviceId,
  limit,
}: {
  tx: Tx;
  auth: AuthContext;
  deviceId: string;
  limit: number;
}): Promise<{ state: string }[]> {
  return tx
    .select({ state: deviceUnlocks.state })
    .from(deviceUnlocks)
    .where(
      and(
        eq(deviceUnlocks.organizationId, auth.organizationId),
        eq(deviceUnlocks.idDevice, deviceId),
        inArray(deviceUnlocks.state, ['opened', 'jammed']),
      ),
    )
    .orderBy(desc(deviceUnlocks.requestedAt), desc(deviceUnlocks.id))
    .limit(limit);
}

/** Puts the organization's device in maintenance when it is available; false otherwise. */
export async function maintainIfAvailable({
  tx,
  auth,
  deviceId,
}: {
  tx: Tx;
  auth: AuthContext;
  deviceId: string;
}) {
  const [d] = await tx
    .update(devices)
    .set({ status: 'maintenance', updatedAt: new Date() })
    .where(
      and(
        eq(devices.id, deviceId),
        eq(devices.organizationId, auth.organizationId),
        eq(devices.status, 'available'),
      ),
    )
    .returning({ id: devices.id });
  return !!d;
}

/**
 * The SQL count of a device's jams in the last `days` days (uses `device_unlocks_jams_idx`): the
 * acting organization's unlocks (the tenant transaction's `app.organization_id`).
 */
export const jamsCountSql = (days: number) =>
  sql<number>`(select count(*)::int from ${deviceUnlocks} where ${deviceUnlocks.idDevice} = ${devices.id} and ${deviceUnlocks.organizationId} = coalesce(nullif(current_setting('app.organization_id', true), '')::uuid, ${deviceUnlocks.organizationId}) and ${deviceUnlocks.state} = 'jammed' and ${deviceUnlocks.requestedAt} >= now() - make_interval(days => ${days}))`;

/** Jams since `since` of the organization's devices `ids`, by device id (absent: none). */
export async function jamCounts({
  tx,
  organizationId,
  ids,
  since,
}: {
  tx: Tx;
  organizationId: string;
  ids: string[];
  since: Date;
}): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: deviceUnlocks.idDevice, n: count() })
    .from(deviceUnlocks)
    .where(
      and(
        inArray(deviceUnlocks.idDevice, ids),
        eq(deviceUnlocks.organizationId, organizationId),
        eq(deviceUnlocks.state, 'jammed'),
        gte(deviceUnlocks.requestedAt, since),
      ),
    )
    .groupBy(deviceUnlocks.idDevice);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The organization's device `id` (locked for update when `lock`), or undefined. */
export async function deviceOf({
  tx,
  auth,
  id,
  lock = false,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  lock?: boolean;
}): Promise<DeviceRow | undefined> {
  const q = tx
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)));
  const [d] = lock ? await q.for('update') : await q;
  return d;
}

/** The stored lock settings row of a location of the organization, if it was ever saved. */
export async function lockSettingsRow({
  tx,
  organizationId,
  locationId,
}: {
  tx: Tx;
  organizationId: string;
  locationId: string;
}): Promise<LockSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(locationLockSettings)
    .where(
      and(
        eq(locationLockSettings.organizationId, organizationId),
        eq(locationLockSettings.idLocation, locationId),
      ),
    );
  return row;
}

/** Saves the organization's lock settings of a location; answers the row. */
export async function upsertLockSettings({
  tx,
  auth,
  locationId,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  locationId: string;
  values: Omit<typeof locationLockSettings.$inferInsert, 'idLocation' | 'organizationId'>;
}): Promise<LockSettingsRow> {
  const [row] = await tx
    .insert(locationLockSettings)
    .values({ idLocation: locationId, organizationId: auth.organizationId, ...values })
    .onConflictDoUpdate({
      target: [locationLockSettings.idLocation, locationLockSettings.organizationId],
      set: values,
    })
    .returning();
  return row!;
}

/** Records the lock status the lock answered for the organization's device `id`; answers the row after. */
export async function setLockStatus({
  tx,
  auth,
  id,
  lockStatus,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  lockStatus: string;
}): Promise<DeviceRow | undefined> {
  const [row] = await tx
    .update(devices)
    .set({ lockStatus, lockStatusAt: new Date() })
    .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)))
    .returning();
  return row;
}

/**
 * Puts the organization's device back to available when it is in maintenance (a door that went
 * to maintenance after failed unlocks opened again on a test unlock); false otherwise.
 */
export async function availableIfMaintained({
  tx,
  organizationId,
  deviceId,
}: {
  tx: Tx;
  organizationId: string;
  deviceId: string;
}): Promise<boolean> {
  const [d] = await tx
    .update(devices)
    .set({ status: 'available', updatedAt: new Date() })
    .where(
      and(
        eq(devices.id, deviceId),
        eq(devices.organizationId, organizationId),
        eq(devices.status, 'maintenance'),
      ),
    )
    .returning({ id: devices.id });
  return !!d;
}
