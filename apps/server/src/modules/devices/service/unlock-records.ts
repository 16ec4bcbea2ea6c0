import { JAM_WINDOW_DAYS, type TDeviceUnlock, ZDeviceUnlock } from '@lockerops/contract';
import type { TxAuth, TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { writeAudit } from '../../../lib/crud/audit';
import { wireOf } from '../../../lib/wire';
import {
  failStaleUnlocks,
  jamCounts,
  jamsCountSql,
  lastAcknowledgedUnlocks,
  maintainIfAvailable,
  type UnlockRow,
} from '../queries/unlocks';

/**
 * What the unlock records say after the call (`unlocks.ts` makes them): the half-way ones
 * resolved, the jams counted and the door put into maintenance after jams in a row, a record on
 * the wire.
 */

/** Seconds after which an unlock still under way counts as lost (its server stopped mid-call). */
export const UNLOCK_STALE_SECONDS = 120;
/** The detail of an unlock resolved by `resolveStaleUnlocks`. */
export const UNLOCK_NO_ANSWER = 'No answer from the lock';

/**
 * Resolves the unlocks left half-way by a server that stopped during the lock call: every unlock
 * of any organization still `requested`, `sent` or `acknowledged` and requested more than
 * `UNLOCK_STALE_SECONDS` before `now` becomes `offline` with the detail "No answer from the
 * lock". Runs as the owner (the job runner), across organizations. Answers how many it resolved.
 */
export async function resolveStaleUnlocks({ tx, now }: { tx: Tx; now: Date }): Promise<number> {
  return failStaleUnlocks({
    tx,
    now,
    before: new Date(now.getTime() - UNLOCK_STALE_SECONDS * 1000),
    detail: UNLOCK_NO_ANSWER,
  });
}

/**
 * Puts a door into maintenance when its last `limit` acknowledged unlocks (opened or jammed; an
 * offline attempt neither counts nor breaks the row) all jammed and it is available (a reserved
 * door cannot go to maintenance, spec operational §4 Device status). Audit entry
 * `auto_maintenance` with the status change and the jams in a row.
 */
export async function maintainAfterJams({
  tx,
  auth,
  deviceId,
  limit,
}: TxAuth<{ deviceId: string; limit: number }>): Promise<boolean> {
  const last = await lastAcknowledgedUnlocks({ tx, auth, deviceId, limit });
  if (last.length < limit || last.some((u) => u.state !== 'jammed')) return false;
  const d = await maintainIfAvailable({ tx, auth, deviceId });
  if (!d) return false;
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'device',
      entityId: deviceId,
      action: 'auto_maintenance',
      changes: {
        status: { before: 'available', after: 'maintenance' },
        jams_in_a_row: { before: null, after: limit },
      },
    },
  });
  return true;
}

/** The SQL count of a device's jams in the last `JAM_WINDOW_DAYS` days (uses `device_unlocks_jams_idx`). */
export const jamsSql = () => jamsCountSql(JAM_WINDOW_DAYS);

/** Jams in the last `JAM_WINDOW_DAYS` days of the given devices (the organization's unlocks), by device id. */
export async function jamsOf({
  tx,
  organizationId,
  ids,
}: TxOrg<{ ids: string[] }>): Promise<Map<string, number>> {
  const since = new Date(Date.now() - JAM_WINDOW_DAYS * 24 * 3600 * 1000);
  return jamCounts({ tx, organizationId, ids, since });
}

/** An unlock row on the wire. */
export function unlockToWire(u: UnlockRow): TDeviceUnlock {
  return wireOf(ZDeviceUnlock, u);
}
