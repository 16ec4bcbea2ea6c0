import { DEVICE_MESSAGES, type TLockStatus } from '@lockerops/contract';
import { type LockAdapter, LockNotConfigured, LockUnreachable } from '../../../adapters/locks';
import type { AuthContext, TxAuth } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { NotFound } from '../../../errors';
import { writeAudit } from '../../../lib/crud/audit';
import { openPendingIssue } from '../../issues';
import { type DeviceRow, deviceOf, setLockStatus } from '../queries/unlocks';
import { lockTargetWithSettings, type TenantRun } from './unlocks';

/**
 * Asks a device's lock for its status (`GET devices/{id}/lock-status`) and stores the answer as
 * `lock_status`, with an audit entry `lock_status` when it changed; answers `answer(tx, row)` of
 * the stored row. Three steps, so a lock that never answers holds nothing of the database
 * (CONTRIBUTING.md "Nothing outside inside a transaction"): (1) one short transaction reads
 * the device and its lock settings; (2) the lock is asked with no transaction open, through the
 * lock adapter's gate (its time box, the organization's slots, the target's breaker); (3) one short
 * transaction records the answer. A lock that does not answer reads `offline`; one skipped because
 * its target failed repeatedly of late reads `unknown`, and opens an issue about the door (source
 * `lock`) unless one is still pending; one whose settings are missing is not asked and keeps its
 * status. `run` is `req.withTenant`. 404 "Device not found" for a device of another
 * organization. spec: operational §3 Device lock_status.
 */
export async function refreshLockStatus<T>(
  run: TenantRun,
  auth: AuthContext,
  locks: LockAdapter,
  id: string,
  answer: (tx: Tx, row: DeviceRow) => Promise<T>,
): Promise<T> {
  const target = await run(async (tx) => {
    const d = await deviceOf({ tx, auth, id });
    if (!d) throw NotFound(DEVICE_MESSAGES.notFound);
    return lockTargetWithSettings({ tx, d });
  });
  let status: TLockStatus | null = null;
  let skipped = false;
  try {
    status = (await locks.status(target)).lockStatus;
  } catch (err) {
    // a lock whose settings are missing was not asked: its status stays as it was
    if (!(err instanceof LockNotConfigured)) {
      skipped = err instanceof LockUnreachable && err.skipped;
      status = skipped ? 'unknown' : 'offline';
    }
  }
  return run(async (tx) => {
    const d = await deviceOf({ tx, auth, id, lock: true });
    if (!d) throw NotFound(DEVICE_MESSAGES.notFound);
    let row = d;
    if (status && status !== d.lockStatus) {
      const updated = await setLockStatus({ tx, auth, id: d.id, lockStatus: status });
      row = updated ?? row;
      await writeAudit({
        tx,
        auth,
        entry: {
          entity: 'device',
          entityId: d.id,
          action: 'lock_status',
          changes: { lock_status: { before: d.lockStatus, after: status } },
        },
      });
    }
    if (skipped) await openLockIssue({ tx, auth, d });
    return answer(tx, row);
  });
}

/**
 * Opens an issue about a door whose lock is skipped because its target (bridge, vendor API) kept
 * failing (source `lock`), unless an issue of that source about the door is still pending.
 * Written in the caller's transaction with its audit entry. spec: console §3 Issue.
 */
export async function openLockIssue({ tx, auth, d }: TxAuth<{ d: DeviceRow }>): Promise<boolean> {
  const description =
    `Lock of locker ${d.lockerNumber} is not answering (${d.hardwareType}): its status is unknown`.slice(
      0,
      200,
    );
  return openPendingIssue({
    tx,
    auth,
    args: { description, idLocation: d.idLocation, source: 'lock', reporterName: 'Locks' },
  });
}
