import { ChargeDeclined, NoPaymentAccount } from '../../../adapters/payments/charges';
import type { JobDefinition } from '../../../lib/job-runner';
import { recordPayment, unbookedPayments } from '../../reservations';
import { paymentAccountOf } from '../queries/organization';
import { type PaymentDeps, paymentRequest, refundPayment } from './widget-payment';

/** How long a widget payment may stay unbooked before it is given back: 5 minutes. */
export const UNBOOKED_PAYMENT_MS = 5 * 60_000;

/**
 * Widget payments that never reached their booking (README "Reservation widget": their server
 * stopped between the payment and the booking, or the provider had not answered) are given back
 * after 5 minutes: one the provider confirmed is refunded; one it never answered is asked for
 * again with the same idempotency key — the provider answers the payment it made, if it made one —
 * and refunded; one it declined then is recorded failed. Nothing is held meanwhile: a widget payment
 * holds no locker. Every minute, each payment in its own short transactions, the provider asked
 * with none open; a refund the provider refuses is tried again on the next run.
 */
export const widgetPaymentSweepJob: JobDefinition = {
  name: 'widget-payment-sweep',
  cron: '* * * * *',
  async handler(ctx) {
    const charges = ctx.adapters?.charges;
    if (!charges) throw new Error('widget-payment-sweep needs the payments adapter');
    const deps: PaymentDeps = { run: (fn) => ctx.db.transaction(fn), charges, log: ctx.log };
    const stale = await ctx.db.transaction((tx) =>
      unbookedPayments({ tx, before: new Date(ctx.now().getTime() - UNBOOKED_PAYMENT_MS) }),
    );
    let refunded = 0;
    for (const p of stale) {
      const { account } = await deps.run((tx) =>
        paymentAccountOf({ db: tx, organizationId: p.organizationId }),
      );
      let paid = p;
      if (!p.reference) {
        try {
          paid = { ...p, reference: (await charges.charge(paymentRequest(p, account))).reference };
        } catch (err) {
          // no answer again: the next run asks once more
          if (!(err instanceof ChargeDeclined || err instanceof NoPaymentAccount)) {
            ctx.log.warn({ err, payment: p.id }, 'an unanswered widget payment is still unanswered');
            continue;
          }
          await deps.run((tx) =>
            recordPayment({ tx, organizationId: p.organizationId, id: p.id, set: { status: 'failed' } }),
          );
          continue;
        }
      }
      if (await refundPayment(deps, paid, account)) refunded += 1;
    }
    return { refunded };
  },
};
