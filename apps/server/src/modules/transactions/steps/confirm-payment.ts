import type { TTransactionStatus } from '@lockerops/contract';
import type { TransactionPatch } from '../queries';
import type { TxContext } from './context';
import { actorOf, applyStep, assertAllowed, emitSettled, transactionForUpdate } from './lifecycle';

/**
 * Confirms or fails a pending charge (partner `PATCH events/{id}/payment`): succeeded → the
 * status the step was going to (and the event it held back); failed records the failure. Runs in
 * the caller's transaction.
 */
export async function confirmPayment(
  { tx, auth }: TxContext,
  input: { id: string; status: 'succeeded' | 'failed' },
): Promise<string> {
  const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
  assertAllowed('confirm_payment', t);
  const outcome = input.status;
  const patch: TransactionPatch =
    outcome === 'succeeded'
      ? {
          status: (t.statusAfterPayment as TTransactionStatus | null) ?? 'finished',
          paymentStatus: 'succeeded',
          statusAfterPayment: null,
        }
      : { paymentStatus: 'failed' };
  const after = await applyStep({
    tx,
    actor: actorOf(auth),
    t,
    action: 'confirm_payment',
    patch,
    detail: { outcome },
  });
  if (outcome === 'succeeded') await emitSettled({ tx, t: after });
  return t.id;
}
