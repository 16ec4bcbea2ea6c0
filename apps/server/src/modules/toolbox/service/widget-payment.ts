import {
  PAYMENT_MESSAGES,
  TOOLBOX_MESSAGES,
  type TWidgetBooking,
  type TWidgetSettings,
  type ZWidgetBookingRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import { ChargeDeclined, type ChargeGateway, NoPaymentAccount } from '../../../adapters/payments/charges';
import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { Conflict, HttpError } from '../../../errors';
import { openPayment, type ReservationPaymentRow, recordPayment } from '../../reservations';
import { paymentAccountOf } from '../queries/organization';
import { checkOpenBookings, trackingNumber, type WidgetGuard, widgetBook } from './widget';
import { isPriced, pricedDoor } from './widget-quote';

/*
 * A paid widget booking (README "Reservation widget"): while the widget's payment switch is on, a
 * priced window is paid before it holds a locker. One request, three short transactions and the
 * provider asked between them with none open: the price and the payment's row (one per verified
 * code: a retried or double-tapped booking pays once) → the charge through the charges adapter
 * (the sandbox, or Stripe on the organization's account) → the reservations area's booking of the
 * door that was paid for (its exclusion constraint against double booking), the payment attached
 * in the same transaction. A booking that fails after the payment refunds it and says so.
 */

/** Runs `fn` in a transaction of the widget's organization (`req.withTenant`). */
type RunTenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** What a paid booking needs: tenant transactions, the payment provider and a log. */
export interface PaymentDeps {
  run: RunTenant;
  charges: ChargeGateway;
  log: { error(obj: object, msg: string): void };
}

/** The provider's idempotency key of a payment's try: a retried call of one try is one charge. */
const keyOf = (p: ReservationPaymentRow) => `reservation-payment:${p.id}:${p.attempts}`;

/** A payment as the charges adapter takes it (the reservation's tracking number as its invoice). */
export const paymentRequest = (p: ReservationPaymentRow, account: string | null) => ({
  organizationId: p.organizationId,
  transactionId: p.id,
  invoiceId: p.trackingNumber,
  amount: p.amount,
  currency: p.currency,
  idempotencyKey: keyOf(p),
  paymentMethod: p.paymentMethod,
  account,
});

/**
 * Asks the provider for the payment (no transaction open) and records its answer: the row
 * `succeeded` with the provider's reference. A decline answers 402 (the provider's message) and a
 * missing payment account 409, both recorded `failed`; a charge the provider has not confirmed
 * (`pending`) answers 402 `paymentNotCompleted` and stays pending for the sweep, which refunds it.
 * A call with no answer (the provider unreachable) leaves the row pending for the sweep too.
 */
export async function chargePayment(
  deps: PaymentDeps,
  p: ReservationPaymentRow,
  account: string | null,
): Promise<ReservationPaymentRow> {
  const record = (set: Parameters<typeof recordPayment>[0]['set']) =>
    deps.run((tx) => recordPayment({ tx, organizationId: p.organizationId, id: p.id, set }));
  let answer: Awaited<ReturnType<ChargeGateway['charge']>>;
  try {
    answer = await deps.charges.charge(paymentRequest(p, account));
  } catch (err) {
    if (err instanceof ChargeDeclined) {
      const message = err.message || PAYMENT_MESSAGES.declined;
      await record({ status: 'failed', reference: err.reference, message });
      throw new HttpError(402, message);
    }
    if (err instanceof NoPaymentAccount) {
      await record({ status: 'failed', message: PAYMENT_MESSAGES.noAccount });
      throw Conflict(PAYMENT_MESSAGES.noAccount);
    }
    throw err;
  }
  if (answer.status === 'pending') {
    await record({ reference: answer.reference, message: TOOLBOX_MESSAGES.paymentNotCompleted });
    throw new HttpError(402, TOOLBOX_MESSAGES.paymentNotCompleted);
  }
  return (await record({ status: 'succeeded', reference: answer.reference }))!;
}

/**
 * Gives back a payment that booked nothing (no transaction open) and records it `refunded`;
 * false when the provider refused or did not answer (logged: the sweep tries again).
 */
export async function refundPayment(
  deps: PaymentDeps,
  p: ReservationPaymentRow,
  account: string | null,
): Promise<boolean> {
  try {
    const r = await deps.charges.refund({
      ...paymentRequest(p, account),
      idempotencyKey: `${keyOf(p)}:refund`,
      reference: p.reference,
    });
    await deps.run((tx) =>
      recordPayment({
        tx,
        organizationId: p.organizationId,
        id: p.id,
        set: { status: 'refunded', refundReference: r.reference },
      }),
    );
    return true;
  } catch (err) {
    deps.log.error({ err, payment: p.id }, 'an unbooked reservation payment could not be refunded');
    return false;
  }
}

/**
 * `POST widget/{organization}/reservations` while the widget's payment switch is on, the contact's
 * code checked (`guard.verificationId`): a window with no price (or none free) books as without
 * payment. A priced one needs `payment_method` (402 `paymentRequired` without it); the caps on open
 * bookings are checked before paying (429); then the code's payment is opened (409
 * `paymentUnderWay` while it is already pending or paid — a double tap), made, and the door that was
 * priced is booked with the payment attached. When that booking fails (the door taken meanwhile:
 * 409; the code used meanwhile: 400…) the payment is refunded and the answer is 409 with the reason
 * and `paymentRefunded`.
 */
export async function widgetBookPaid(
  deps: PaymentDeps,
  auth: AuthContext,
  widget: TWidgetSettings,
  body: z.output<typeof ZWidgetBookingRequest>,
  guard: WidgetGuard,
  now = new Date(),
): Promise<TWidgetBooking> {
  const organizationId = auth.organizationId;
  const plan = await deps.run(async (tx) => {
    const door = await pricedDoor({ tx, organizationId, q: body });
    if (!door || !isPriced(door.price)) return undefined;
    if (!body.payment_method) throw new HttpError(402, TOOLBOX_MESSAGES.paymentRequired);
    await checkOpenBookings(tx, organizationId, guard, { email: body.email, phone: body.phone_number });
    const { row, opened } = await openPayment({
      tx,
      organizationId,
      p: {
        verificationId: guard.verificationId,
        source: 'widget',
        provider: deps.charges.kind,
        amount: door.price.total,
        currency: door.price.currency,
        paymentMethod: body.payment_method,
        trackingNumber: trackingNumber(),
      },
    });
    if (!opened) throw Conflict(TOOLBOX_MESSAGES.paymentUnderWay);
    const { account } = await paymentAccountOf({ db: tx, organizationId });
    return { deviceId: door.deviceId, payment: row, account };
  });
  if (!plan) return deps.run((tx) => widgetBook({ tx, auth, widget, body, guard, now }));
  const paid = await chargePayment(deps, plan.payment, plan.account);
  try {
    return await deps.run((tx) =>
      widgetBook({
        tx,
        auth,
        widget,
        body,
        guard,
        now,
        paid: {
          deviceId: plan.deviceId,
          trackingNumber: paid.trackingNumber,
          paymentId: paid.id,
          sandbox: deps.charges.kind === 'sandbox',
        },
      }),
    );
  } catch (err) {
    await refundPayment(deps, paid, plan.account);
    if (!(err instanceof HttpError) || err.statusCode >= 500)
      deps.log.error({ err, payment: paid.id }, 'a paid widget booking failed');
    const reason = err instanceof HttpError && err.statusCode < 500 ? [err.detail].flat() : [];
    throw new HttpError(409, [...reason, TOOLBOX_MESSAGES.paymentRefunded]);
  }
}
