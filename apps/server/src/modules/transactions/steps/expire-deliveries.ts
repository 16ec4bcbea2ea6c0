import type { Tx } from '../../../db/client';
import { lockDueDeliveries, type TransactionRow } from '../queries';
import { applyStep, assertAllowed } from './lifecycle';

/**
 * The delivery expiry job's handler: every delivery awaiting user pickup whose `expires_at` has
 * passed becomes `expired` (the parcel stays in its door until an operator ends the
 * transaction), with a history entry by the system and the on_expired event. Runs as the owner
 * across organizations, in the job's transaction `tx`; rows another run is changing are skipped
 * (`FOR UPDATE SKIP LOCKED`), so overlapping runs never expire one delivery twice. Answers how
 * many it expired.
 */
export async function expireDeliveries({ tx, now }: { tx: Tx; now: Date }): Promise<number> {
  const due = await lockDueDeliveries({ tx, now });
  for (const t of due) await expireOne(tx, t);
  return due.length;
}

/** Marks one locked, due delivery expired; written by the system actor. */
async function expireOne(tx: Tx, t: TransactionRow): Promise<void> {
  assertAllowed('expire', t);
  await applyStep({
    tx,
    actor: { type: 'system', id: null, name: 'System' },
    t,
    action: 'expire',
    patch: { status: 'expired', pickupCode: null },
    detail: { expires_at: t.expiresAt?.toISOString() ?? null },
    event: 'on_expired',
  });
}
