import { endpoints, PAYMENT_MESSAGES, type TTransactionStatus } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import type { Db, Tx } from '../../../db/client';
import { BadRequest, Conflict, HttpError } from '../../../errors';
import { errors, routeOf } from '../../../lib/openapi';
import { setAccountSubmitted } from '../../organizations';
import {
  type Actor,
  emitSettled,
  type TransactionPatch,
  updateTransaction,
  writeLog,
} from '../../transactions';
import { storeStripeEvent, type TransactionRow, transactionOfPayment } from '../queries';

const STRIPE_ACTOR: Actor = { type: 'system', id: null, name: 'Stripe' };
const minorToMoney = (n: number, currency: string) =>
  (['jpy', 'krw', 'vnd', 'clp'].includes(currency.toLowerCase()) ? n : n / 100).toFixed(2);

/** The transaction a PaymentIntent paid, on the organization owning the event's connected account. */
async function transactionOf(tx: Tx, account: string | undefined, paymentIntent: string) {
  if (!account) return undefined;
  return transactionOfPayment({ tx, account, paymentIntent });
}

/**
 * Applies one verified Stripe event (in the transaction that stores its id): `account.updated`
 * keeps the organization's `details_submitted`; `payment_intent.succeeded` settles a pending
 * charge (awaiting_payment_confirmation → the status the step was going to, payment succeeded)
 * and emits the step's domain event it held back (`emitSettled`);
 * `payment_intent.payment_failed` records payment_status failed; `charge.refunded` marks a
 * finished transaction refunded with the refunded amount. Each change writes a log entry by
 * "Stripe". Other events are stored and ignored.
 */
export async function applyStripeEvent({ tx, event }: { tx: Tx; event: Stripe.Event }): Promise<void> {
  const step = async (
    t: TransactionRow,
    action: string,
    patch: TransactionPatch,
    detail: Record<string, unknown>,
  ) => {
    const after = await updateTransaction({ tx, t, patch });
    await writeLog({
      tx,
      organizationId: t.organizationId,
      transactionId: t.id,
      action,
      statusBefore: t.status as TTransactionStatus,
      statusAfter: after.status as TTransactionStatus,
      detail: { ...detail, stripe_event: event.id },
      actor: STRIPE_ACTOR,
    });
    return after;
  };
  switch (event.type) {
    case 'account.updated': {
      const a = event.data.object;
      await setAccountSubmitted({ tx, accountId: a.id, submitted: Boolean(a.details_submitted) });
      return;
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const t = await transactionOf(tx, event.account, pi.id);
      if (!t || t.paymentStatus === 'succeeded') return;
      const waiting = t.status === 'awaiting_payment_confirmation';
      const after = await step(
        t,
        'confirm_payment',
        {
          paymentStatus: 'succeeded',
          ...(waiting ? { status: t.statusAfterPayment ?? 'finished', statusAfterPayment: null } : {}),
        },
        { outcome: 'succeeded' },
      );
      // the step's own event, held back while its charge was pending (notifications, webhooks)
      if (waiting) await emitSettled({ tx, t: after });
      return;
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const t = await transactionOf(tx, event.account, pi.id);
      if (!t || t.paymentStatus === 'succeeded') return;
      await step(
        t,
        'payment_failed',
        { paymentStatus: 'failed' },
        { message: pi.last_payment_error?.message ?? null },
      );
      return;
    }
    case 'charge.refunded': {
      const ch = event.data.object;
      const pi = typeof ch.payment_intent === 'string' ? ch.payment_intent : ch.payment_intent?.id;
      const t = pi ? await transactionOf(tx, event.account, pi) : undefined;
      if (t?.status !== 'finished') return;
      const amount = minorToMoney(ch.amount_refunded, ch.currency);
      await step(t, 'refund', { status: 'refunded', refundedAmount: amount }, { amount });
      return;
    }
    default:
      return;
  }
}

/**
 * Verifies a webhook call: the `Stripe-Signature` header over the raw body with the endpoint's
 * secret (`stripe.webhooks.constructEvent`, 5 minutes of tolerance); 400 when it is missing,
 * wrong or stale.
 */
export function verifyStripeEvent(raw: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw BadRequest(PAYMENT_MESSAGES.webhookSignature);
  try {
    return Stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw BadRequest(PAYMENT_MESSAGES.webhookSignature);
  }
}

/** Stores the event id; false when it was already processed (a replay). */
async function firstTime(tx: Tx, event: Stripe.Event): Promise<boolean> {
  return storeStripeEvent({ tx, event: { id: event.id, type: event.type, account: event.account ?? null } });
}

/**
 * `POST /stripe/webhook`: Stripe's events (platform and connected accounts). Public; the body is
 * kept raw for the signature (this route only). 503 without `STRIPE_WEBHOOK_SECRET`, 400 unsigned
 * or badly signed, 409 an event id already processed; else the event is applied and its id stored
 * in one transaction.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  opts: { secret?: string; db: Db },
): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.stripe.webhook, {
      tags: ['Payment provider'],
      summary: 'Stripe webhook',
      description:
        'Verified with STRIPE_WEBHOOK_SECRET. Handles account.updated, payment_intent.succeeded, payment_intent.payment_failed, charge.refunded.',
      errors: errors(400, 409, 503),
    }),
    config: { public: true },
    handler: async (req) => {
      if (!opts.secret) throw new HttpError(503, PAYMENT_MESSAGES.webhookSecretMissing);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      const event = verifyStripeEvent(
        raw,
        req.headers['stripe-signature'] as string | undefined,
        opts.secret,
      );
      const fresh = await opts.db.transaction(async (tx) => {
        if (!(await firstTime(tx as Tx, event))) return false;
        await applyStripeEvent({ tx: tx as Tx, event });
        return true;
      });
      if (!fresh) throw Conflict(PAYMENT_MESSAGES.webhookReplayed);
      return { detail: 'Event processed' };
    },
  });
}
