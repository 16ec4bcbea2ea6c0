import { TRANSACTION_MESSAGES as M, PAYMENT_MESSAGES } from '@lockerops/contract';
import { ChargeDeclined } from '../../../adapters/payments/charges';
import { BadRequest, Conflict, HttpError } from '../../../errors';
import { Money, paymentOf } from './charge';
import type { StepContext } from './context';
import { actorOf, applyStep, assertAllowed, transactionForUpdate } from './lifecycle';
import { runStep } from './run-step';

/**
 * Refund (`PATCH events/{id}/refund`; spec: operational §5): finished with a total above 0;
 * `amount` (money) not above the paid amount (total plus any penalty) → 400 "Refund amount cannot
 * be greater than the paid amount."; refunded through the gateway (asked with no transaction
 * open) → refunded, `refunded_amount`.
 */
export function refund(ctx: StepContext, input: { id: string; amount: number }): Promise<string> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
    assertAllowed('refund', t);
    const paid = new Money(t.total).plus(t.penalizeCharge ?? 0);
    const value = new Money(input.amount).toDecimalPlaces(2);
    if (value.greaterThan(paid)) throw BadRequest(M.refundTooHigh);
    const text = value.toFixed(2);
    const outcome = await paymentOf({
      tx,
      pass,
      kind: 'refund',
      key: `${t.id}:refund`,
      request: {
        organizationId: t.organizationId,
        transactionId: t.id,
        invoiceId: t.invoiceId,
        amount: text,
        currency: t.currency,
        reference: t.paymentRef,
      },
    });
    if ('error' in outcome) {
      if (outcome.error instanceof ChargeDeclined)
        throw new HttpError(402, outcome.error.message || PAYMENT_MESSAGES.refundDeclined);
      throw Conflict(PAYMENT_MESSAGES.noAccount);
    }
    await applyStep({
      tx,
      actor: actorOf(auth),
      t,
      action: 'refund',
      patch: { status: 'refunded', refundedAmount: text },
      detail: { amount: text },
    });
    return t.id;
  });
}
