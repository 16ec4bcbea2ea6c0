import { PAYMENT_MESSAGES } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { domainEvents, organizations, stripeEvents, transactionLogs, transactions } from '../../db/schema';

const SECRET = 'whsec_test_secret';
const ACCOUNT = 'acct_1WebhookTest';
let t: TestApp;
let orgId: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  orgId = (await demoOrg(t)).id;
  await t.database.db
    .update(organizations)
    .set({ stripeAccountId: ACCOUNT, stripeDetailsSubmitted: false })
    .where(eq(organizations.id, orgId));
});
afterAll(() => t?.close());

const event = (type: string, object: Record<string, unknown>, id = `evt_${++seq}_${Date.now()}`) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    account: ACCOUNT,
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
const send = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
const signed = (payload: string, secret = SECRET) =>
  send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));

/** A transaction whose charge (`pi`) waits for Stripe's confirmation. */
async function pending(pi: string, status = 'awaiting_payment_confirmation') {
  const n = ++seq;
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      organizationId: orgId,
      invoiceId: `INV-W${n}`,
      orderId: `ORD-W${n}`,
      type: 'storage',
      status: status,
      statusAfterPayment: status === 'awaiting_payment_confirmation' ? 'finished' : null,
      paymentStatus: status === 'finished' ? 'succeeded' : 'pending',
      paymentRef: pi,
      total: '10.00',
    } as typeof transactions.$inferInsert)
    .returning();
  return row!.id;
}
const row = async (id: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

describe('POST /stripe/webhook', () => {
  it('refuses an unsigned or badly signed event and stores nothing', async () => {
    const payload = event('account.updated', { id: ACCOUNT, object: 'account', details_submitted: true });
    const unsigned = await send(payload);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().detail).toBe(PAYMENT_MESSAGES.webhookSignature);
    const wrongKey = await signed(payload, 'whsec_someone_else');
    expect(wrongKey.statusCode).toBe(400);
    const tampered = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await send(payload.replace('true', 'false'), tampered)).statusCode).toBe(400);
    expect(await t.database.db.select().from(stripeEvents)).toEqual([]);
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.stripeDetailsSubmitted).toBe(false);
  });

  it('account.updated keeps the account status; the same event again is refused as a replay', async () => {
    const payload = event('account.updated', { id: ACCOUNT, object: 'account', details_submitted: true });
    const ok = await signed(payload);
    expect(ok.statusCode).toBe(200);
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.stripeDetailsSubmitted).toBe(true);
    const replay = await signed(payload);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().detail).toBe(PAYMENT_MESSAGES.webhookReplayed);
  });

  it('payment_intent.succeeded settles a pending charge; payment_failed records the failure', async () => {
    const paid = await pending('pi_webhook_paid');
    const ok = await signed(
      event('payment_intent.succeeded', {
        id: 'pi_webhook_paid',
        object: 'payment_intent',
        status: 'succeeded',
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect(await row(paid)).toMatchObject({
      status: 'finished',
      paymentStatus: 'succeeded',
      statusAfterPayment: null,
    });
    const logs = await t.database.db
      .select()
      .from(transactionLogs)
      .where(eq(transactionLogs.transactionId, paid));
    expect(logs.map((l) => [l.action, l.actorName])).toEqual([['confirm_payment', 'Stripe']]);
    // the step's event, held back while the charge was pending, reaches notifications and webhooks now
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, paid));
    expect(events.map((e) => e.name)).toEqual(['on_complete']);

    const failed = await pending('pi_webhook_failed');
    await signed(
      event('payment_intent.payment_failed', {
        id: 'pi_webhook_failed',
        object: 'payment_intent',
        status: 'requires_payment_method',
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    expect(await row(failed)).toMatchObject({
      status: 'awaiting_payment_confirmation',
      paymentStatus: 'failed',
    });
    expect(await t.database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, failed))).toEqual(
      [],
    );
  });

  it('charge.refunded marks the finished transaction refunded', async () => {
    const id = await pending('pi_webhook_refund', 'finished');
    const res = await signed(
      event('charge.refunded', {
        id: 'ch_webhook',
        object: 'charge',
        payment_intent: 'pi_webhook_refund',
        amount: 1000,
        amount_refunded: 450,
        currency: 'usd',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'refunded', refundedAmount: '4.50' });
  });

  it("an event of another account never touches this organization's transactions", async () => {
    const id = await pending('pi_webhook_other');
    const payload = event('payment_intent.succeeded', {
      id: 'pi_webhook_other',
      object: 'payment_intent',
    }).replace(ACCOUNT, 'acct_someone_else');
    expect((await signed(payload)).statusCode).toBe(200);
    expect((await row(id)).paymentStatus).toBe('pending');
  });

  it('answers 503 without STRIPE_WEBHOOK_SECRET; payments/mode says sandbox without a Stripe key', async () => {
    const other = await createTestApp();
    try {
      const mode = await other.app.inject({
        url: '/api/payments/mode',
        headers: bearer(await signIn(other.app)),
      });
      expect(mode.json()).toEqual({ payments_mode: 'sandbox' });
      expect((await other.app.inject({ url: '/api/payments/mode' })).statusCode).toBe(401);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.webhookSecretMissing);
    } finally {
      await other.close();
    }
  });
});
