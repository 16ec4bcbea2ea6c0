import { PAYMENT_MESSAGES } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD, type FakeStripe, GOOD_CARD, startFakeStripe } from '../../../test/fake-stripe';
import {
  bearer,
  createTestApp,
  demoOrg,
  insertHourlyPrice,
  insertLocation,
  one,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { createStripeCharges, toMinorUnits } from '../../adapters/payments/charges';
import { devices, memberships, organizations, transactionLogs, transactions, users } from '../../db/schema';

const ACCOUNT = 'acct_1TestConnected';
let fake: FakeStripe;
let t: TestApp;
let admin: Record<string, string>;
let key: Record<string, string>;
let orgId: string;
let locationId: string;
let hourPrice: string;
let userId: string;
let lockerNumber = 1;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: fake.base });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  await db
    .update(organizations)
    .set({ stripeAccountId: ACCOUNT, stripeDetailsSubmitted: true })
    .where(eq(organizations.id, orgId));
  const k = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
  key = { 'x-api-key': k.json().key };
  locationId = await insertLocation(db, orgId);
  hourPrice = await insertHourlyPrice(db, orgId);
  [{ id: userId }] = await one(
    db.insert(users).values({ organizationId: orgId, name: 'Ada', email: 'ada@x.test' }).returning(),
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function newDevice(): Promise<string> {
  const [d] = await t.database.db
    .insert(devices)
    .values({
      organizationId: orgId,
      name: `storage ${lockerNumber}`,
      lockerNumber: lockerNumber++,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: locationId,
      idPrice: hourPrice,
    })
    .returning();
  return d!.id;
}

/** A storage transaction started two hours ago (10.00 due at the pickup), with `card` if given. */
async function started(card?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events/storage',
    headers: key,
    payload: { id_device: await newDevice(), id_user: userId, ...(card ? { payment_method: card } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const id = res.json().event.id as string;
  await t.database.db
    .update(transactions)
    .set({ startedAt: new Date(Date.now() - 2 * 3600_000) })
    .where(eq(transactions.id, id));
  return id;
}
const pickup = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${id}/pickup`, headers: key, payload: {} });
const patch = (url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/${url}`, headers: admin, payload });
const row = async (id: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
const callsFor = (id: string) => fake.calls.filter((c) => c.body['metadata[transaction_id]'] === id);

describe('Stripe charges driver (fake Stripe)', () => {
  it('the server runs the Stripe driver when STRIPE_SECRET_KEY is set', async () => {
    expect(t.app.ctx.charges.kind).toBe('stripe');
    expect(t.app.ctx.payments.kind).toBe('stripe');
    const mode = await t.app.inject({ url: '/api/payments/mode', headers: admin });
    expect(mode.json()).toEqual({ payments_mode: 'stripe' });
  });

  it('charges the step on the connected account: a PaymentIntent with the step idempotency key', async () => {
    const id = await started(GOOD_CARD);
    const res = await pickup(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      event_status: 'finished',
      total: 10,
      payment_status: 'succeeded',
    });
    const [call, ...more] = callsFor(id);
    expect(more).toEqual([]);
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      account: ACCOUNT,
      idempotencyKey: `${id}:pickup`,
    });
    expect(call!.body).toMatchObject({
      amount: '1000',
      currency: 'usd',
      payment_method: GOOD_CARD,
      confirm: 'true',
      off_session: 'true',
    });
    const r = await row(id);
    expect(r.paymentRef).toMatch(/^pi_/);
    expect(fake.intents.get(r.paymentRef!)).toMatchObject({ status: 'succeeded', amount: 1000 });
  });

  it('refunds the PaymentIntent of the transaction on the connected account', async () => {
    const id = await started(GOOD_CARD);
    await pickup(id);
    const pi = (await row(id)).paymentRef!;
    const res = await patch(`events/${id}/refund`, { amount: 4.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({ event_status: 'refunded', refunded_amount: 4.5 });
    const refund = fake.calls.find((c) => c.path === '/v1/refunds' && c.body.payment_intent === pi);
    expect(refund).toMatchObject({ account: ACCOUNT, idempotencyKey: `${id}:refund` });
    expect(refund!.body.amount).toBe('450');
  });

  it('a refund Stripe refuses answers 402 with its message and leaves the transaction finished', async () => {
    const id = await started(GOOD_CARD);
    await pickup(id);
    // the penalty below has its own PaymentIntent; a refund above that intent's amount is refused
    await patch(`events/${id}/penalize`, { amount: 1, reason: 'other' });
    const res = await patch(`events/${id}/refund`, { amount: 11 });
    expect(res.statusCode).toBe(402);
    expect(res.json().detail).toMatch(/greater than unrefunded amount/);
    expect((await row(id)).status).toBe('finished');
  });

  it('a declined card answers 402, records payment_status failed, and a new attempt is a new charge', async () => {
    const id = await started(DECLINED_CARD);
    const res = await pickup(id);
    expect(res.statusCode).toBe(402);
    expect(res.json().detail).toBe('Your card was declined.');
    const r = await row(id);
    expect(r).toMatchObject({ status: 'in_progress', paymentStatus: 'failed' });
    expect(r.paymentRef).toMatch(/^pi_/);
    const logs = await t.database.db
      .select()
      .from(transactionLogs)
      .where(and(eq(transactionLogs.transactionId, id), eq(transactionLogs.action, 'payment_failed')));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.detail).toMatchObject({ purpose: 'pickup', amount: '10.00', reference: r.paymentRef });

    const again = await pickup(id);
    expect(again.statusCode).toBe(402);
    const keys = callsFor(id).map((c) => c.idempotencyKey);
    expect(keys).toEqual([`${id}:pickup`, `${id}:pickup:retry1`]);
    expect(callsFor(id).every((c) => !c.replayed)).toBe(true);
  });

  it('the same idempotency key answers the same PaymentIntent: a retried step never charges twice', async () => {
    const driver = createStripeCharges({ client: fake.client() });
    const req = {
      organizationId: orgId,
      transactionId: crypto.randomUUID(),
      invoiceId: 'INV-999999',
      amount: '12.34',
      currency: 'EUR',
      idempotencyKey: 'retried-step:end',
      paymentMethod: GOOD_CARD,
      account: ACCOUNT,
    };
    const before = fake.intents.size;
    const first = await driver.charge(req);
    const second = await driver.charge(req);
    expect(second).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
    const calls = fake.calls.filter((c) => c.idempotencyKey === 'retried-step:end');
    expect(calls.map((c) => c.replayed)).toEqual([false, true]);
    expect(calls[0]!.body).toMatchObject({ amount: '1234', currency: 'eur' });
  });

  it('each penalty is its own charge with its own key', async () => {
    const id = await started(GOOD_CARD);
    await pickup(id);
    expect((await patch(`events/${id}/penalize`, { amount: 2, reason: 'other' })).statusCode).toBe(200);
    expect((await patch(`events/${id}/penalize`, { amount: 3, reason: 'other' })).statusCode).toBe(200);
    expect(callsFor(id).map((c) => [c.idempotencyKey, c.body.amount])).toEqual([
      [`${id}:pickup`, '1000'],
      [`${id}:penalty:1`, '200'],
      [`${id}:penalty:2`, '300'],
    ]);
  });

  it('without a card the PaymentIntent waits for confirmation: awaiting payment confirmation', async () => {
    const id = await started();
    const res = await pickup(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      event_status: 'awaiting_payment_confirmation',
      payment_status: 'pending',
    });
    expect(fake.intents.get((await row(id)).paymentRef!)).toMatchObject({
      status: 'requires_payment_method',
    });
  });

  it('an organization without a connected account answers 409', async () => {
    const id = await started(GOOD_CARD);
    await t.database.db
      .update(organizations)
      .set({ stripeAccountId: null })
      .where(eq(organizations.id, orgId));
    try {
      const res = await pickup(id);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.noAccount);
    } finally {
      await t.database.db
        .update(organizations)
        .set({ stripeAccountId: ACCOUNT })
        .where(eq(organizations.id, orgId));
    }
  });

  it('converts money to minor units (zero-decimal currencies in whole units)', () => {
    expect(toMinorUnits('10.00', 'usd')).toBe(1000);
    expect(toMinorUnits('0.29', 'eur')).toBe(29);
    expect(toMinorUnits('1500.00', 'JPY')).toBe(1500);
  });
});

describe('membership plans at Stripe (fake Stripe)', () => {
  const plan = (over: object = {}) => ({
    name: 'Gold',
    amount: 19.99,
    billing_type: 'recurring',
    billing_period: 'month',
    number_of_payments: 12,
    membership_type: 'percentage',
    value: 15,
    ...over,
  });
  const save = (payload: object, id?: string) =>
    t.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/memberships/${id}` : '/api/memberships',
      headers: admin,
      payload,
    });

  it('creates the product and price on the connected account and stores their ids', async () => {
    const res = await save(plan());
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m.stripe_product_id).toMatch(/^prod_/);
    expect(m.stripe_price_id).toMatch(/^price_/);
    expect(fake.products.get(m.stripe_product_id)).toMatchObject({
      name: 'Gold',
      active: true,
      metadata: { membership_id: m.id, organization_id: orgId },
    });
    expect(fake.prices.get(m.stripe_price_id)).toMatchObject({
      product: m.stripe_product_id,
      unit_amount: 1999,
      currency: 'usd',
      recurring: { interval: 'month' },
      active: true,
    });
    const calls = fake.calls.filter((c) => c.path === '/v1/products' || c.path === '/v1/prices');
    expect(calls.every((c) => c.account === ACCOUNT)).toBe(true);
  });

  it('a renamed plan updates the product and keeps its price; a new amount makes a new price and archives the old', async () => {
    const m = (await save(plan({ name: 'Silver' }))).json();
    const renamed = (await save(plan({ name: 'Silver+' }), m.id)).json();
    expect(renamed).toMatchObject({
      stripe_product_id: m.stripe_product_id,
      stripe_price_id: m.stripe_price_id,
    });
    expect(fake.products.get(m.stripe_product_id)).toMatchObject({ name: 'Silver+' });

    const repriced = (
      await save(plan({ name: 'Silver+', amount: 24.5, billing_period: 'year' }), m.id)
    ).json();
    expect(repriced.stripe_product_id).toBe(m.stripe_product_id);
    expect(repriced.stripe_price_id).not.toBe(m.stripe_price_id);
    expect(fake.prices.get(m.stripe_price_id)).toMatchObject({ active: false });
    expect(fake.prices.get(repriced.stripe_price_id)).toMatchObject({
      unit_amount: 2450,
      recurring: { interval: 'year' },
      active: true,
    });
    const [row] = await t.database.db.select().from(memberships).where(eq(memberships.id, m.id));
    expect(row).toMatchObject({
      stripeProductId: m.stripe_product_id,
      stripePriceId: repriced.stripe_price_id,
    });
  });

  it('a one-time plan gets a one-time price', async () => {
    const m = (await save(plan({ name: 'Day pass', billing_type: 'one_time', billing_period: null }))).json();
    expect(fake.prices.get(m.stripe_price_id)).toMatchObject({ type: 'one_time', recurring: null });
  });
});
