import {
  PAYMENT_MESSAGES,
  RESERVATION_MESSAGES,
  SANDBOX_PAYMENT_METHOD,
  TOOLBOX_MESSAGES,
} from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { lastWidgetCode } from '../../../test/widget';
import {
  ChargeDeclined,
  type ChargeGateway,
  type ChargeRequest,
  NoPaymentAccount,
  sandboxCharges,
} from '../../adapters/payments/charges';
import {
  devices,
  locations,
  organizations,
  prices,
  reservationPayments,
  reservations,
  sizes,
  users,
} from '../../db/schema';
import { widgetPaymentSweepJob } from './service/payment-sweep';

/*
 * The widget's payment switch (README "Reservation widget"): a priced window is paid in the widget
 * before it holds a locker, through the charges adapter (the sandbox here, counted), and booked
 * once; a booking that fails after the payment gives it back.
 */

let t: TestApp;
let admin: { authorization: string };
let orgId: string;
let pk: string;
let loc: string;
let small: string;
let large: string;
let slot = 10;

/** What reached the payment adapter, and a hook run inside a charge (the world moving meanwhile). */
const charged: ChargeRequest[] = [];
const refunded: Array<ChargeRequest & { reference: string | null }> = [];
let duringCharge: (() => Promise<void>) | undefined;
/** The sandbox, counted; its `kind` switches to `stripe` for the toggle's test. */
const gateway: { kind: string } & Pick<ChargeGateway, 'charge' | 'refund'> = {
  kind: 'sandbox',
  async charge(req) {
    charged.push(req);
    await duringCharge?.();
    if (req.paymentMethod === 'pm_card_declined') throw new ChargeDeclined('Your card was declined.', 'pi_x');
    return sandboxCharges.charge(req);
  },
  async refund(req) {
    refunded.push(req);
    return sandboxCharges.refund(req);
  },
};

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ WIDGET_CODES_PER_CONTACT: '100', WIDGET_CODES_PER_ADDRESS: '1000' }, undefined, {
    charges: gateway as ChargeGateway,
  });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  const [l] = await db.insert(locations).values({ organizationId: orgId, name: 'Quay' }).returning();
  const sized = (name: string) =>
    db
      .insert(sizes)
      .values({ organizationId: orgId, name, width: '10', depth: '10', height: '10' })
      .returning();
  const [s] = await sized('Small');
  const [g] = await sized('Large');
  const [p] = await db
    .insert(prices)
    .values({
      organizationId: orgId,
      name: 'Hourly',
      priceType: 'pay_per_time',
      amount: '2.50',
      unit: 'hour',
      currency: 'eur',
    })
    .returning();
  loc = l!.id;
  small = s!.id;
  large = g!.id;
  // one priced small locker, one free-of-charge large locker
  for (const [n, idSize, idPrice] of [
    [1, small, p!.id],
    [2, large, null],
  ] as const)
    await db.insert(devices).values({
      organizationId: orgId,
      name: `Locker ${n}`,
      lockerNumber: n,
      mode: 'storage',
      hardwareType: 'virtual',
      idLocation: loc,
      idSize,
      idPrice,
    });
  await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: admin });
  pk = (await t.app.inject({ method: 'GET', url: '/api/apps/widget', headers: admin })).json()
    .publishable_key;
});
afterAll(() => t.close());

const saveWidget = (over: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/apps/widget',
    headers: admin,
    payload: { max_duration: 1, max_duration_unit: 'days', ...over },
  });

/** A code for `email`, read from the outbox as its owner reads it. */
async function codeFor(email: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/widget/demo-org/verification?key=${pk}`,
    payload: { email },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  return lastWidgetCode(t, { email });
}

/** A booking in a window of its own (two hours), for `email` with its `code`. */
function booking(email: string, code: string, over: Record<string, unknown> = {}) {
  slot += 3;
  return {
    id_location: loc,
    id_size: small,
    start: inHours(slot),
    end: inHours(slot + 2),
    name: 'Paula Payer',
    email,
    verification_code: code,
    ...over,
  };
}

const book = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/widget/demo-org/reservations?key=${pk}`, payload });

/** The reservations made for `email`. */
const reservationsOf = (email: string) =>
  t.database.db.select().from(reservations).where(eq(reservations.email, email));

/** The payment attached to the reservation `id`. */
const paymentOf = async (id: string) =>
  (
    await t.database.db.select().from(reservationPayments).where(eq(reservationPayments.idReservation, id))
  )[0];

describe('the payment switch', () => {
  it('is saved while the sandbox takes payments, and with a real provider only once its account is set up', async () => {
    expect((await saveWidget({ payment_enabled: true })).statusCode).toBe(200);
    gateway.kind = 'stripe';
    try {
      const refused = await saveWidget({ payment_enabled: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(TOOLBOX_MESSAGES.paymentProviderRequired);
      await t.database.db
        .update(organizations)
        .set({ stripeAccountId: 'acct_test_1', stripeDetailsSubmitted: true })
        .where(eq(organizations.id, orgId));
      expect((await saveWidget({ payment_enabled: true })).statusCode).toBe(200);
      const config = await t.app.inject({ url: `/api/widget/demo-org/config?key=${pk}` });
      expect(config.json()).toMatchObject({ sandbox: false, settings: { payment_enabled: true } });
    } finally {
      gateway.kind = 'sandbox';
      await t.database.db
        .update(organizations)
        .set({ stripeAccountId: null, stripeDetailsSubmitted: false })
        .where(eq(organizations.id, orgId));
    }
    const config = await t.app.inject({ url: `/api/widget/demo-org/config?key=${pk}` });
    expect(config.json()).toMatchObject({ sandbox: true, settings: { payment_enabled: true } });
  });
});

describe('a paid widget booking', () => {
  beforeAll(async () => {
    expect((await saveWidget({ payment_enabled: true })).statusCode).toBe(200);
  });

  it('quotes the price in its currency and asks for the payment', async () => {
    const q = new URLSearchParams({ id_location: loc, id_size: small, start: inHours(5), end: inHours(7) });
    const quote = await t.app.inject({ url: `/api/widget/demo-org/quote?key=${pk}&${q}` });
    expect(quote.json()).toEqual({
      available: true,
      currency: 'eur',
      price: { subtotal: '5.00', discount: '0.00', total: '5.00' },
      payment_required: true,
    });
    q.set('id_size', large);
    const free = await t.app.inject({ url: `/api/widget/demo-org/quote?key=${pk}&${q}` });
    expect(free.json()).toMatchObject({ available: true, price: null, payment_required: false });
  });

  it('is refused without a payment (402), and nothing is held or charged', async () => {
    const email = 'nopay@example.test';
    const before = charged.length;
    const res = await book(booking(email, await codeFor(email)));
    expect(res.statusCode).toBe(402);
    expect(res.json().detail).toBe(TOOLBOX_MESSAGES.paymentRequired);
    expect(res.json().code).toBe('toolbox.paymentRequired');
    expect(charged.length).toBe(before);
    expect(await reservationsOf(email)).toEqual([]);
  });

  it('is paid through the sandbox, then booked with the payment attached, which the console shows', async () => {
    const email = 'payer@example.test';
    const before = charged.length;
    const res = await book(booking(email, await codeFor(email), { payment_method: SANDBOX_PAYMENT_METHOD }));
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      paid: true,
      sandbox: true,
      currency: 'eur',
      price: { total: '5.00' },
      locker_number: 1,
    });
    expect(charged.length).toBe(before + 1);
    expect(charged.at(-1)).toMatchObject({
      amount: '5.00',
      currency: 'eur',
      paymentMethod: SANDBOX_PAYMENT_METHOD,
      invoiceId: b.tracking_number,
    });
    const [r] = await reservationsOf(email);
    expect(r?.trackingNumber).toBe(b.tracking_number);
    const p = await paymentOf(r!.id);
    expect(p).toMatchObject({ status: 'succeeded', provider: 'sandbox', amount: '5.00', source: 'widget' });
    expect(p!.reference).toMatch(/^ch_sandbox_/);
    expect(p!.bookedAt).not.toBeNull();
    // the operator's reservation list shows the payment and where it was taken
    const list = await t.app.inject({
      url: `/api/reservations?search=${b.tracking_number}`,
      headers: admin,
    });
    expect(list.json().items[0].payment).toMatchObject({
      status: 'succeeded',
      amount: 5,
      currency: 'eur',
      source: 'widget',
      provider: 'sandbox',
      reference: p!.reference,
    });
  });

  it('books a window with no price as before, with no payment', async () => {
    const email = 'free@example.test';
    const before = charged.length;
    const res = await book(booking(email, await codeFor(email), { id_size: large }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ paid: false, price: null, locker_number: 2 });
    expect(charged.length).toBe(before);
  });

  it('books once and charges once when the same booking is sent twice at once, and not again later', async () => {
    const email = 'twice@example.test';
    const payload = booking(email, await codeFor(email), { payment_method: SANDBOX_PAYMENT_METHOD });
    const before = charged.length;
    // the first payment takes a moment: the second request arrives while it runs
    duringCharge = () => new Promise((r) => setTimeout(r, 300));
    let answers: number[];
    try {
      answers = (await Promise.all([book(payload), book(payload)])).map((r) => r.statusCode).sort();
    } finally {
      duringCharge = undefined;
    }
    expect(answers).toEqual([201, 409]);
    const again = await book(payload);
    expect(again.statusCode).toBe(400);
    expect(charged.length).toBe(before + 1);
    expect(await reservationsOf(email)).toHaveLength(1);
  });

  it('gives the payment back when the locker is taken while the customer pays', async () => {
    const email = 'late@example.test';
    const payload = booking(email, await codeFor(email), { payment_method: SANDBOX_PAYMENT_METHOD });
    const refunds = refunded.length;
    // the operator books the one small locker for the same window meanwhile
    duringCharge = async () => {
      duringCharge = undefined;
      const [someone] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.organizationId, orgId))
        .limit(1);
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: admin,
        payload: {
          mode: 'storage',
          id_location: loc,
          id_size: small,
          start_date: payload.start,
          end_date: payload.end,
          tracking_number: 'DESK-1',
          id_user: someone!.id,
        },
      });
      expect(taken.statusCode, taken.body).toBe(200);
    };
    const res = await book(payload);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toEqual([
      RESERVATION_MESSAGES.alreadyReserved,
      TOOLBOX_MESSAGES.paymentRefunded,
    ]);
    expect(refunded.length).toBe(refunds + 1);
    expect(await reservationsOf(email)).toEqual([]);
    const [p] = await t.database.db
      .select()
      .from(reservationPayments)
      .where(eq(reservationPayments.reference, refunded.at(-1)!.reference!));
    expect(p).toMatchObject({ status: 'refunded', idReservation: null, bookedAt: null });
    expect(p!.refundReference).toMatch(/^re_sandbox_/);
  });

  it('answers a declined card with 402, and takes another card with the same code', async () => {
    const email = 'declined@example.test';
    const payload = booking(email, await codeFor(email), { payment_method: 'pm_card_declined' });
    const declined = await book(payload);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().detail).toBe('Your card was declined.');
    const paid = await book({ ...payload, payment_method: SANDBOX_PAYMENT_METHOD });
    expect(paid.statusCode, paid.body).toBe(201);
    const [r] = await reservationsOf(email);
    expect(await paymentOf(r!.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('gives back a payment its server left unbooked, after 5 minutes', async () => {
    const [stale] = await t.database.db
      .insert(reservationPayments)
      .values({
        organizationId: orgId,
        verificationId: crypto.randomUUID(),
        source: 'widget',
        provider: 'sandbox',
        status: 'succeeded',
        amount: '5.00',
        currency: 'eur',
        trackingNumber: 'WSTALE0001',
        paymentMethod: SANDBOX_PAYMENT_METHOD,
        reference: 'ch_sandbox_stale',
        updatedAt: new Date(Date.now() - 6 * 60_000),
      })
      .returning();
    const out = await widgetPaymentSweepJob.handler({
      db: t.database.db,
      log: t.app.log,
      now: () => new Date(),
      adapters: t.app.ctx,
    });
    expect(out).toEqual({ refunded: 1 });
    const [after] = await t.database.db
      .select()
      .from(reservationPayments)
      .where(eq(reservationPayments.id, stale!.id));
    expect(after!.status).toBe('refunded');
    expect(refunded.at(-1)).toMatchObject({ reference: 'ch_sandbox_stale', amount: '5.00' });
  });

  it('names the missing payment account when a real provider has none', async () => {
    gateway.kind = 'stripe';
    const charge = gateway.charge;
    gateway.charge = async (req) => {
      if (!req.account) throw new NoPaymentAccount();
      return charge(req);
    };
    try {
      const email = 'noaccount@example.test';
      const res = await book(booking(email, await codeFor(email), { payment_method: 'pm_card_visa' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.noAccount);
    } finally {
      gateway.kind = 'sandbox';
      gateway.charge = charge;
    }
  });
});
