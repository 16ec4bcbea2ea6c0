import { TRANSACTION_MESSAGES as M } from '@lockerops/contract';
import type { TxContext } from './context';
import { release } from './door';
import { actorOf, applyStep, assertAllowed, checkDate, transactionForUpdate } from './lifecycle';

/**
 * Cancel (`PATCH events/{id}/cancel`; spec: operational §5) while under way; `cancel_at` between
 * start and now. No charge; the door is freed (not opened). Runs in the caller's transaction.
 */
export async function cancel(
  { tx, auth }: TxContext,
  input: { id: string; cancel_at?: Date },
): Promise<string> {
  const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
  assertAllowed('cancel', t);
  const when = checkDate(input.cancel_at, t, M.cancelDateRange);
  await release({ tx, t });
  await applyStep({
    tx,
    actor: actorOf(auth),
    t,
    action: 'cancel',
    patch: {
      status: 'canceled',
      canceledAt: when,
      canceledBy: auth.actor.name,
      deviceHeld: false,
      pickupCode: null,
    },
    detail: { canceled_at: when.toISOString() },
  });
  return t.id;
}
