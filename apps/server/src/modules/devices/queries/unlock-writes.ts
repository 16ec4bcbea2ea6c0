import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { auditLog, devices, deviceUnlocks, doorHolds, locationLockSettings } from '../../../db/schema';
import { type AuditEntry, auditRows } from '../../../lib/crud/audit';
import { holdDoorQuery } from './holds';
import type { LockSettingsRow, UnlockSet } from './unlocks';

/**
 * The statements of a door's unlock that write several rows at once (data-modifying CTEs): the
 * step's promise of its door with the unlock's intent, and the lock's answers with their audit
 * entries and the hold's release.
 */

/** The lock settings of a location as a door's unlock uses them (`toLockSettings`, the jam limit). */
export type LockSettingsPart = Pick<
  LockSettingsRow,
  'bridgeHost' | 'bridgePort' | 'virtualLatencyMs' | 'virtualJamRate' | 'virtualOfflineRate' | 'jamLimit'
>;

/**
 * A step's door promised and its unlock recorded in one statement (data-modifying CTEs): the hold
 * of the unlock's door for `token` (`holdDoorQuery`), the unlock row `values` of the organization,
 * and the lock settings of `locationId` read. Answers whether the hold was taken (the caller
 * refuses the step otherwise, and its transaction rolls back with the unlock row), the unlock's
 * id, and the settings (undefined when the location has none saved).
 */
export async function holdAndInsertUnlock({
  tx,
  auth,
  locationId,
  token,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  locationId: string;
  token: string;
  values: Omit<typeof deviceUnlocks.$inferInsert, 'organizationId'>;
}): Promise<{ held: boolean; unlockId: string; settings?: LockSettingsPart }> {
  const organizationId = auth.organizationId;
  const s = locationLockSettings;
  const hold = holdDoorQuery({ tx, organizationId, deviceId: values.idDevice, token });
  const unlock = tx
    .insert(deviceUnlocks)
    .values({ ...values, organizationId })
    .returning({ id: deviceUnlocks.id });
  const r = await tx.execute(
    sql`with h as ${hold}, u as ${unlock} select (select count(*) from h)::int as held, (select id from u) as unlock_id, ${s.idLocation} as id_location, ${s.bridgeHost} as bridge_host, ${s.bridgePort} as bridge_port, ${s.virtualLatencyMs} as virtual_latency_ms, ${s.virtualJamRate} as virtual_jam_rate, ${s.virtualOfflineRate} as virtual_offline_rate, ${s.jamLimit} as jam_limit from (select 1) as one left join ${s} on ${s.organizationId} = ${organizationId} and ${s.idLocation} = ${locationId}`,
  );
  const [row] = rowsOf<{
    held: number;
    unlock_id: string;
    id_location: string | null;
    bridge_host: string | null;
    bridge_port: number | null;
    virtual_latency_ms: number;
    virtual_jam_rate: number;
    virtual_offline_rate: number;
    jam_limit: number | null;
  }>(r);
  return {
    held: Number(row!.held) === 1,
    unlockId: row!.unlock_id,
    settings: row!.id_location
      ? {
          bridgeHost: row!.bridge_host,
          bridgePort: row!.bridge_port,
          virtualLatencyMs: Number(row!.virtual_latency_ms),
          virtualJamRate: Number(row!.virtual_jam_rate),
          virtualOfflineRate: Number(row!.virtual_offline_rate),
          jamLimit: row!.jam_limit,
        }
      : undefined,
  };
}

/** The rows of a raw statement's result, whichever driver answered it. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/**
 * The lock's answers of the organization's unlocks in one statement (data-modifying CTEs): each
 * unlock's columns `unlocks`, each device's lock status `lockStatuses`, the audit entries
 * `audits`, and the release of a door's hold `release` (`releaseDoor`). Nothing when all are empty.
 */
export async function writeUnlockResults({
  tx,
  auth,
  unlocks,
  lockStatuses,
  audits,
  release,
}: {
  tx: Tx;
  auth: AuthContext;
  unlocks: { id: string; set: UnlockSet }[];
  lockStatuses: { id: string; lockStatus: string; at: Date }[];
  audits: AuditEntry[];
  release?: { deviceId: string; token: string };
}): Promise<void> {
  const organizationId = auth.organizationId;
  const parts: SQL[] = [];
  const part = (name: string, q: SQL | { getSQL(): SQL }) => {
    parts.push(sql`${sql.raw(name)} as ${q}`);
  };
  for (const [i, u] of unlocks.entries())
    part(
      `u${i}`,
      tx
        .update(deviceUnlocks)
        .set(u.set)
        .where(and(eq(deviceUnlocks.id, u.id), eq(deviceUnlocks.organizationId, organizationId))),
    );
  for (const [i, d] of lockStatuses.entries())
    part(
      `d${i}`,
      tx
        .update(devices)
        .set({ lockStatus: d.lockStatus, lockStatusAt: d.at, updatedAt: d.at })
        .where(and(eq(devices.id, d.id), eq(devices.organizationId, organizationId))),
    );
  if (audits.length) part('a', tx.insert(auditLog).values(auditRows(auth, audits)));
  if (release)
    part(
      'h',
      tx
        .delete(doorHolds)
        .where(
          and(
            eq(doorHolds.organizationId, organizationId),
            eq(doorHolds.idDevice, release.deviceId),
            eq(doorHolds.token, release.token),
          ),
        ),
    );
  if (parts.length) await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
