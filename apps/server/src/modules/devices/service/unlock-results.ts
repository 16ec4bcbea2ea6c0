import type { TLockStatus } from '@lockerops/contract';
import type { LockSettings, VendorAccount } from '../../../adapters/locks';
import type { TxAuth } from '../../../auth/context';
import { isSharedDoor, setSharedDoorLockStatus } from '../queries/shared-doors';
import { writeUnlockResults } from '../queries/unlock-writes';
import type { DeviceRow } from '../service';
import { maintainAfterJams } from './unlock-records';

/** Outcome of unlocking some devices: opened ids, and failures with their status and text. */
export interface UnlockOutcome {
  unlocked: string[];
  failed: Array<{ id: string; detail: string; status: number }>;
}

/** An unlock recorded as sent, waiting for its lock's call (`callLocks`). */
export type UnlockStep = {
  d: DeviceRow;
  unlockId: string;
  settings: LockSettings;
  account: VendorAccount | null;
  jamLimit: number;
  blocked: boolean;
};
/** A lock's answer, waiting to be recorded (`recordUnlockResults`). */
export type UnlockResult = UnlockStep & {
  state: 'opened' | 'jammed' | 'offline';
  lockStatus: TLockStatus;
  status?: number;
  detail?: string;
  /** when the lock acknowledged the command (written with the result) */
  acknowledgedAt?: Date;
};

/**
 * `unlockDevices`' last step, in the caller's transaction `tx`: each result recorded (the unlock's
 * state and times, the device's `lock_status`, an audit entry, the maintenance of a door that
 * jammed too often) — the organization's own doors in one statement (`writeUnlockResults`), with
 * the release of the step's hold of a door when given (`release`, as `releaseDoor`). Answers the
 * opened ids and the failures with their status and text.
 */
export async function recordUnlockResults({
  tx,
  auth,
  results,
  release,
}: TxAuth<{
  results: UnlockResult[];
  release?: { deviceId: string; token: string };
}>): Promise<UnlockOutcome> {
  const organizationId = auth.organizationId;
  const out: UnlockOutcome = { unlocked: [], failed: [] };
  const now = new Date();
  const written: Parameters<typeof writeUnlockResults>[0] = {
    tx,
    auth,
    unlocks: [],
    lockStatuses: [],
    audits: [],
    release,
  };
  const sharedStatuses: { id: string; lockStatus: TLockStatus }[] = [];
  const jammed: UnlockResult[] = [];
  for (const r of results) {
    if (!r.blocked)
      written.unlocks.push({
        id: r.unlockId,
        set: {
          state: r.state,
          detail: r.detail ?? null,
          ...(r.acknowledgedAt ? { acknowledgedAt: r.acknowledgedAt } : {}),
          ...(r.state === 'opened'
            ? { openedAt: now }
            : r.state === 'jammed'
              ? { jammedAt: now }
              : { offlineAt: now }),
        },
      });
    const changed = r.lockStatus !== r.d.lockStatus;
    const shared = isSharedDoor(r.d, organizationId);
    if ((changed || r.state === 'opened') && shared)
      sharedStatuses.push({ id: r.d.id, lockStatus: r.lockStatus });
    else if (changed || r.state === 'opened')
      written.lockStatuses.push({ id: r.d.id, lockStatus: r.lockStatus, at: now });
    written.audits.push({
      entity: 'device',
      entityId: r.d.id,
      action: r.state === 'opened' ? 'unlock' : r.state === 'jammed' ? 'unlock_jammed' : 'unlock_failed',
      changes: changed ? { lock_status: { before: r.d.lockStatus, after: r.lockStatus } } : {},
    });
    // maintenance of a shared door stays the parent's decision
    if (r.state === 'jammed' && !shared) jammed.push(r);
    if (r.state === 'opened') out.unlocked.push(r.d.id);
    else out.failed.push({ id: r.d.id, detail: r.detail!, status: r.status! });
  }
  await writeUnlockResults(written);
  for (const s of sharedStatuses) await setSharedDoorLockStatus({ tx, id: s.id, lockStatus: s.lockStatus });
  // after the results: the count of jams in a row reads them
  for (const r of jammed) await maintainAfterJams({ tx, auth, deviceId: r.d.id, limit: r.jamLimit });
  return out;
}
