import { TRANSACTION_MESSAGES as M, type TTransactionStatus } from '@lockerops/contract';
import type { Tx } from '../../../db/client';
import { BadRequest, Conflict } from '../../../errors';
import { setPickupAttempts, type TransactionPatch, writeLog } from '../queries';
import { collect, priceOf } from './charge';
import type { PassContext, StepContext } from './context';
import { lockDevice, openDoor, release } from './door';
import {
  actorOf,
  applyStep,
  assertAllowed,
  MAX_PICKUP_ATTEMPTS,
  seconds,
  transactionForUpdate,
} from './lifecycle';
import { Refusal, runStep } from './run-step';

/**
 * The user's pickup (partner API; spec: operational §4 States and transitions): storage in progress (charged for the
 * elapsed time), service or delivery awaiting user pickup (a delivery needs its pickup code:
 * a wrong one answers 409 and counts; after 5 the code is locked until sent again). The door
 * opens; the device becomes available; → `finished` (or awaiting payment confirmation).
 * Emits on_complete. A wrong code is counted (its pass commits) before the 409 is thrown. `within`
 * runs in the transaction that writes the pickup (the answer).
 */
export async function userPickup(
  ctx: StepContext,
  input: { id: string; code?: string },
  within?: (tx: Tx, id: string) => Promise<void>,
): Promise<string> {
  const r = await runStep(ctx, (p) => pickupPass(p, input), {
    doorFirst: true,
    within: within && (async (tx, out) => (typeof out === 'string' ? within(tx, out) : undefined)),
  });
  if (r instanceof Refusal) throw r.error;
  return r;
}

async function pickupPass(
  { tx, auth, pass }: PassContext,
  { id, code }: { id: string; code?: string },
): Promise<string | Refusal> {
  const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id });
  assertAllowed('user_pickup', t);
  if (t.type === 'delivery') {
    if (t.pickupAttempts >= MAX_PICKUP_ATTEMPTS) throw Conflict(M.codeLocked);
    if (!code) throw BadRequest(M.codeRequired);
    if (code !== t.pickupCode) {
      await setPickupAttempts({
        tx,
        organizationId: t.organizationId,
        id: t.id,
        attempts: t.pickupAttempts + 1,
      });
      await writeLog({
        tx,
        organizationId: t.organizationId,
        transactionId: t.id,
        action: 'wrong_code',
        statusBefore: t.status as TTransactionStatus,
        statusAfter: t.status as TTransactionStatus,
        detail: { attempts: t.pickupAttempts + 1 },
        actor: actorOf(auth),
      });
      return new Refusal(Conflict(M.wrongCode));
    }
  }
  const door =
    t.idDevice && t.deviceHeld
      ? await lockDevice({ tx, organizationId: t.organizationId, id: t.idDevice, opts: { shared: true } })
      : undefined;
  if (door) openDoor(pass, door, 'pickup', t.id);
  const now = pass.at ?? new Date();
  let money: TransactionPatch = {};
  let status: TransactionPatch = { status: 'finished' };
  if (t.type === 'storage') {
    const elapsed = seconds(t.startedAt ?? t.createdAt, now);
    const c = await priceOf({ tx, t, opts: { elapsedSeconds: elapsed } });
    money = { subtotal: c.subtotal, discount: c.discount, total: c.total, idMembership: c.membershipId };
    status = await collect({ tx, t, amount: c.total, next: 'finished', purpose: 'pickup', pass });
  }
  await release({ tx, t });
  await applyStep({
    tx,
    actor: actorOf(auth),
    t,
    action: 'user_pickup',
    patch: {
      ...money,
      ...status,
      deviceHeld: false,
      endedAt: now,
      totalTime: seconds(t.startedAt ?? t.createdAt, now),
      pickupCode: null,
    },
    detail: { total: money.total ?? t.total },
    event: 'on_complete',
    door,
  });
  return t.id;
}
