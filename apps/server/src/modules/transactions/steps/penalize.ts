import type { TPenaltyReason, TTransactionStatus } from '@lockerops/contract';
import { logCount } from '../queries';
import { collect, Money } from './charge';
import type { StepContext } from './context';
import { actorOf, applyStep, assertAllowed, transactionForUpdate } from './lifecycle';
import { runStep } from './run-step';

/**
 * Penalize (`PATCH events/{id}/penalize`; spec: operational §5): finished, canceled or refunded;
 * the amount is charged and added to `penalize_charge`.
 */
export function penalize(
  ctx: StepContext,
  input: { id: string; amount: number; reason: TPenaltyReason },
): Promise<string> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
    assertAllowed('penalize', t);
    const text = new Money(input.amount).toDecimalPlaces(2).toFixed(2);
    // one key per penalty: a retried call of this penalty is the same charge, the next penalty a new one
    const earlier = await logCount({ tx, t, action: 'penalize' });
    const paid = await collect({
      tx,
      t,
      amount: text,
      next: t.status as TTransactionStatus,
      purpose: `penalty:${earlier + 1}`,
      pass,
    });
    await applyStep({
      tx,
      actor: actorOf(auth),
      t,
      action: 'penalize',
      patch: {
        penalizeCharge: new Money(t.penalizeCharge ?? 0).plus(text).toFixed(2),
        penalizeReason: input.reason,
        paymentRef: paid.paymentRef ?? t.paymentRef,
      },
      detail: { amount: text, reason: input.reason },
    });
    return t.id;
  });
}
