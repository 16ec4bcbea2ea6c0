import {
  isActionAllowed,
  TRANSACTION_MESSAGES as M,
  PAYMENT_MESSAGES,
  type TPenaltyReason,
  type TTransactionStatus,
} from '@lockerops/contract';
import { ChargeDeclined } from '../../adapters/payments/charges';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import type { transactions } from '../../db/schema';
import { BadRequest, Conflict, HttpError } from '../../errors';
import {
  actorOf,
  applyStep,
  assertAllowed,
  type DoorPass,
  emitSettled,
  FIRST_PASS,
  logCount,
  Money,
  seconds,
} from './lifecycle';
import { ServiceSteps } from './service-steps';

/** The operator actions of the console: end, cancel, refund, penalize, confirm payment (spec: operational §5). */
export class OperatorActions extends ServiceSteps {
  // ——— console: end, cancel, refund, penalize ———

  /**
   * End one or many (`PATCH events`): all or nothing. Any already finished, canceled or refunded →
   * 409 "One or more selected transactions are already finished or canceled"; an end date outside
   * start…now → 400. Storage and rental in progress are charged for the time until the end date;
   * others keep their charge. The door is freed (not opened). → finished. Emits on_complete.
   */
  async endMany(
    tx: Tx,
    auth: AuthContext,
    ids: string[],
    endedAt?: Date,
    doors: DoorPass = FIRST_PASS,
  ): Promise<string[]> {
    const rows = await this.lockTransactionsOr404(tx, auth.organizationId, ids);
    if (rows.some((t) => !isActionAllowed('end', this.state(t)))) throw Conflict(M.alreadyEnded);
    const dates = rows.map((t) => this.checkDate(endedAt ?? doors.at, t, M.endDateRange));
    for (const [i, t] of rows.entries()) {
      const when = dates[i]!;
      const elapsed = seconds(t.startedAt ?? t.createdAt, when);
      let patch: Partial<typeof transactions.$inferInsert> = { eventStatus: 'finished' };
      if ((t.eventType === 'storage' || t.eventType === 'rental') && t.eventStatus === 'in_progress') {
        const c = await this.priceOf(tx, t, { elapsedSeconds: elapsed });
        patch = {
          subtotal: c.subtotal,
          discount: c.discount,
          total: c.total,
          idMembership: c.membershipId,
          ...(await this.collect(tx, t, c.total, 'finished', 'end', doors)),
        };
      }
      await this.release(tx, t);
      await applyStep(
        tx,
        actorOf(auth),
        t,
        'end',
        {
          ...patch,
          deviceHeld: false,
          endedAt: when,
          totalTime: elapsed,
          statusAfterPayment: patch.statusAfterPayment ?? null,
        },
        { ended_at: when.toISOString(), total: patch.total ?? t.total },
        'on_complete',
      );
    }
    return rows.map((t) => t.id);
  }

  /** Cancel (`PATCH events/{id}/cancel`) while under way; `cancel_at` between start and now. No charge; the door is freed. */
  async cancel(tx: Tx, auth: AuthContext, id: string, cancelAt?: Date): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('cancel', t);
    const when = this.checkDate(cancelAt, t, M.cancelDateRange);
    await this.release(tx, t);
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'cancel',
      {
        eventStatus: 'canceled',
        canceledAt: when,
        canceledBy: auth.actor.name,
        deviceHeld: false,
        pickupCode: null,
      },
      { canceled_at: when.toISOString() },
    );
    return t.id;
  }

  /**
   * Refund (`PATCH events/{id}/refund`): finished with a total above 0; `amount` (money) not above
   * the paid amount (total plus any penalty) → 400 "Refund amount cannot be greater than the paid
   * amount."; refunded through the gateway → refunded, `refunded_amount`.
   */
  async refund(
    tx: Tx,
    auth: AuthContext,
    id: string,
    amount: number,
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('refund', t);
    const paid = new Money(t.total).plus(t.penalizeCharge ?? 0);
    const value = new Money(amount).toDecimalPlaces(2);
    if (value.greaterThan(paid)) throw BadRequest(M.refundTooHigh);
    const text = value.toFixed(2);
    const outcome = await this.paymentOf(tx, doors, 'refund', `${t.id}:refund`, {
      organizationId: t.organizationId,
      transactionId: t.id,
      invoiceId: t.invoiceId,
      amount: text,
      currency: t.currency,
      reference: t.paymentRef,
    });
    if ('error' in outcome) {
      if (outcome.error instanceof ChargeDeclined)
        throw new HttpError(402, outcome.error.message || PAYMENT_MESSAGES.refundDeclined);
      throw Conflict(PAYMENT_MESSAGES.noAccount);
    }
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'refund',
      { eventStatus: 'refunded', refundedAmount: text },
      { amount: text },
    );
    return t.id;
  }

  /** Penalize (`PATCH events/{id}/penalize`): finished, canceled or refunded; the amount is charged and added to `penalize_charge`. */
  async penalize(
    tx: Tx,
    auth: AuthContext,
    id: string,
    amount: number,
    reason: TPenaltyReason,
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('penalize', t);
    const text = new Money(amount).toDecimalPlaces(2).toFixed(2);
    // one key per penalty: a retried call of this penalty is the same charge, the next penalty a new one
    const earlier = await logCount(tx, t, 'penalize');
    const paid = await this.collect(
      tx,
      t,
      text,
      t.eventStatus as TTransactionStatus,
      `penalty:${earlier + 1}`,
      doors,
    );
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'penalize',
      {
        penalizeCharge: new Money(t.penalizeCharge ?? 0).plus(text).toFixed(2),
        penalizeReason: reason,
        paymentRef: paid.paymentRef ?? t.paymentRef,
      },
      { amount: text, reason },
    );
    return t.id;
  }

  /** Confirms or fails a pending charge (payments): succeeded → the status the step was going to. */
  async confirmPayment(
    tx: Tx,
    auth: AuthContext,
    id: string,
    outcome: 'succeeded' | 'failed',
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('confirm_payment', t);
    const patch: Partial<typeof transactions.$inferInsert> =
      outcome === 'succeeded'
        ? {
            eventStatus: (t.statusAfterPayment as TTransactionStatus | null) ?? 'finished',
            paymentStatus: 'succeeded',
            statusAfterPayment: null,
          }
        : { paymentStatus: 'failed' };
    const after = await applyStep(tx, actorOf(auth), t, 'confirm_payment', patch, { outcome });
    if (outcome === 'succeeded') await emitSettled(tx, after);
    return t.id;
  }
}
