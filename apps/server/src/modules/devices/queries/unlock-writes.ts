import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { auditLog, devices, deviceUnlocks } from '../../../db/schema';
import { type AuditEntry, auditRows } from '../../../lib/crud/audit';
import { RawParams, runRaw, setList, valuesList } from '../../../lib/raw-sql';
import { holdDoorSql } from './holds';
import type { LockSettingsRow, UnlockSet } from './unlocks';

/**
 * The statements of a door's unlock that write several rows at once (data-modifying CTEs): the
 * step's promise of its door with the unlock's intent, and the lock's answers with their audit
 * entries and the hold's release. Both run on every storage life cycle twice; they are written as
 * text (`lib/raw-sql.ts`), each naming its organization in every part.
 */

/** The lock settings of a location as a door's unlock uses them (`toLockSettings`, the jam limit). */
export type LockSettingsPart = Pick<
  LockSettingsRow,
  'bridgeHost' | 'bridgePort' | 'virtualLatencyMs' | 'virtualJamRate' | 'virtualOfflineRate' | 'jamLimit'
>;

/**
 * A step's door promised and its unlock recorded in one statement (data-modifying CTEs): the hold
 * of the unlock's door for `token` (`holdDoorSql`), the unlock row `values` of the organization,
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
  const p = new RawParams();
  const hold = holdDoorSql(p, { organizationId, deviceId: values.idDevice, token });
  const unlock = `insert into "device_unlocks" ${valuesList(p, deviceUnlocks, [{ ...values, organizationId }])} returning "id"`;
  const [row] = await runRaw<{
    held: number;
    unlock_id: string;
    id_location: string | null;
    bridge_host: string | null;
    bridge_port: number | null;
    virtual_latency_ms: number;
    virtual_jam_rate: number;
    virtual_offline_rate: number;
    jam_limit: number | null;
  }>(
    tx,
    `with h as (${hold}), u as (${unlock}) select (select count(*) from h)::int as held, (select id from u) as unlock_id, s.id_location, s.bridge_host, s.bridge_port, s.virtual_latency_ms, s.virtual_jam_rate, s.virtual_offline_rate, s.jam_limit from (select 1) as one left join "location_lock_settings" s on s.organization_id = ${p.add(organizationId)} and s.id_location = ${p.add(locationId)}`,
    p,
  );
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
  const p = new RawParams();
  const parts: string[] = [];
  for (const [i, u] of unlocks.entries())
    parts.push(
      `u${i} as (update "device_unlocks" set ${setList(p, deviceUnlocks, u.set)} where "id" = ${p.add(u.id)} and "organization_id" = ${p.add(organizationId)})`,
    );
  for (const [i, d] of lockStatuses.entries())
    parts.push(
      `d${i} as (update "devices" set ${setList(p, devices, { lockStatus: d.lockStatus, lockStatusAt: d.at, updatedAt: d.at })} where "id" = ${p.add(d.id)} and "organization_id" = ${p.add(organizationId)})`,
    );
  if (audits.length)
    parts.push(`a as (insert into "audit_log" ${valuesList(p, auditLog, auditRows(auth, audits))})`);
  if (release)
    parts.push(
      `h as (delete from "door_holds" where "organization_id" = ${p.add(organizationId)} and "id_device" = ${p.add(release.deviceId)} and "token" = ${p.add(release.token)})`,
    );
  if (parts.length) await runRaw(tx, `with ${parts.join(', ')} select 1`, p);
}
