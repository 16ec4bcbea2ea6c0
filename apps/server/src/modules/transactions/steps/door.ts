import { TRANSACTION_MESSAGES as M, RESERVATION_MESSAGES } from '@lockerops/contract';
import type { LockAdapter } from '../../../adapters/locks';
import type { TxAuth, TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { BadRequest, Conflict, NotFound } from '../../../errors';
import {
  type DeviceRow,
  freeOwnDevice,
  holdSharedDoor,
  isSharedDoor,
  lockOwnDevice,
  lockSharedDoor,
  promiseUnlock,
  recordUnlockIntents,
  releaseSharedDoor,
  reserveOwnDevice,
  sharedDoorReserved,
  type UnlockStep,
} from '../../devices';
import type { TransactionRow } from '../queries';
import type { DoorPass } from './context';

/**
 * A step's door: lock the device for the step, hold it for a transaction, release it, and open it
 * (`openDoor`, which hands the lock call to `runStep`, outside any transaction).
 */

/** Thrown by a step's first pass when it reaches its door (`openDoor`); caught by `runStep`. */
export class DoorNeeded extends Error {
  constructor(
    readonly device: DeviceRow,
    readonly action: string,
    /** the transaction the step acts on: its retries hold the door as the same holder */
    readonly holder?: string,
  ) {
    super('the step needs its door opened');
  }
}

/**
 * The organization's door `id`, locked for the step; with `shared`, also a door of its
 * super-tenant parent's shared location, or one its own transaction holds there
 * (`shared-doors.ts`). 404 otherwise (another organization's door, a parent's unshared door).
 */
export async function lockDevice({
  tx,
  organizationId,
  id,
  opts = {},
}: TxOrg<{ id: string; opts?: { shared?: boolean } }>): Promise<DeviceRow> {
  const d = await lockOwnDevice({ tx, organizationId, id });
  if (d) return d;
  const shared = opts.shared ? await lockSharedDoor({ tx, id }) : undefined;
  if (!shared) throw NotFound(M.deviceNotFound);
  return shared;
}

/**
 * Occupies a door for a transaction (available → reserved): the organization's own through its
 * row, a parent's shared door through `holdSharedDoor` (409 when no longer available).
 */
export async function hold({ tx, organizationId, d }: TxOrg<{ d: DeviceRow }>): Promise<void> {
  if (isSharedDoor(d, organizationId)) {
    if (!(await holdSharedDoor({ tx, id: d.id }))) throw Conflict(M.deviceUnavailable);
    return;
  }
  await reserveOwnDevice({ tx, organizationId, id: d.id });
}

/**
 * Frees the door a transaction holds (the device becomes available again); a parent's shared
 * door through `releaseSharedDoor`.
 */
export async function release({ tx, t }: { tx: Tx; t: TransactionRow }): Promise<void> {
  if (!t.deviceHeld || !t.idDevice) return;
  if (!(await freeOwnDevice({ tx, organizationId: t.organizationId, id: t.idDevice })))
    await releaseSharedDoor({ tx, id: t.idDevice });
}

/**
 * Refuses a door of a parent's shared location for a mode it cannot serve a sub-organization:
 * rental and vending doors hold the parent's stock (400); and starts while a reservation of
 * the parent holds it (409).
 */
export async function assertSharedDoorUsable({
  tx,
  d,
  at,
}: {
  tx: Tx;
  d: DeviceRow;
  at: Date;
}): Promise<void> {
  if (d.mode === 'rental' || d.mode === 'vending') throw BadRequest(M.sharedDoorMode);
  if (await sharedDoorReserved({ tx, id: d.id, at })) throw Conflict(RESERVATION_MESSAGES.reservedForAnother);
}

/**
 * A step's door (CONTRIBUTING.md "Adapters (outside systems)": locks, "the hardware call happens outside the database
 * transaction"). On the first pass of a step nothing has opened yet: the step stops here with
 * `DoorNeeded` and its transaction rolls back, so nothing of it is kept while the lock is called
 * (`runStep`). On the second pass the door `pass.opened` has opened and the step goes on; a
 * step that now wants another door (the transaction changed meanwhile) answers 409.
 * `transactionId`: the transaction a step acts on (all but a start); the door is promised to it,
 * so a retry of a step cut off after the promise (a crash, a lost answer) is not refused by its
 * own hold.
 */
export function openDoor(pass: DoorPass, d: DeviceRow, action: string, transactionId?: string): void {
  if (pass.opened === d.id) return;
  if (pass.opened) throw Conflict(M.deviceUnavailable);
  throw new DoorNeeded(d, action, transactionId);
}

/**
 * Promises door `id` to the step `token` before the lock moves it (`runStep`) and records the
 * unlock's intent (`reason`): the unlock step for `callLocks`, and whether a hold was taken (the
 * organization's own doors, held, their intent recorded and lock settings read in one statement
 * by `promiseUnlock`; a parent's shared door through `recordUnlockIntents`). 409 when another step
 * holds it, or when its status is no longer the one the step decided on (`seenStatus`: a
 * concurrent step took the door and committed between this step's first pass and its promise),
 * so no door opens for a step that would then be refused. `locked`: the door's row as the step
 * locked it in this same transaction (still locked, so current): not read again.
 */
export async function promiseDoor({
  tx,
  auth,
  locks,
  id,
  token,
  reason,
  seenStatus,
  locked,
}: TxAuth<{
  locks: LockAdapter;
  id: string;
  token: string;
  reason: string;
  seenStatus?: string;
  locked?: DeviceRow;
}>): Promise<{ steps: UnlockStep[]; held: boolean }> {
  const organizationId = auth.organizationId;
  const d = locked?.id === id ? locked : await lockDevice({ tx, organizationId, id, opts: { shared: true } });
  if (isSharedDoor(d, organizationId))
    return { steps: await recordUnlockIntents({ tx, auth, locks, rows: [d], reason }), held: false };
  if (seenStatus !== undefined && d.status !== seenStatus) throw Conflict(M.deviceUnavailable);
  const promised = await promiseUnlock({ tx, auth, locks, d, reason, token });
  if (!promised.held) throw Conflict(M.deviceUnavailable);
  return { steps: [promised.step], held: true };
}
