import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request the fake received. */
export interface FakeStripeCall {
  method: string;
  path: string;
  /** `Stripe-Account` header: the connected account the call acts on. */
  account: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, string>;
  /** True when the answer came from the idempotency cache (a retried call). */
  replayed: boolean;
}

/** Payment methods of Stripe's test mode that the fake knows. */
export const DECLINED_CARD = 'pm_card_chargeDeclined';
export const GOOD_CARD = 'pm_card_visa';

type Json = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * A local stand-in for Stripe's API, for the Stripe driver's tests: the SDK's `host`, `port` and
 * `protocol: 'http'` options point at it. It answers the documented shapes of the calls the
 * server makes — PaymentIntents (confirmed off-session with a card: succeeded; with
 * `pm_card_chargeDeclined`: 402 `card_error` carrying the PaymentIntent; without a card:
 * `requires_payment_method`), refunds, products and prices (create, update) — keeps Stripe's
 * idempotency rule (the same `Idempotency-Key` on the same account answers the first answer
 * again) and records every call.
 */
export async function startFakeStripe() {
  const calls: FakeStripeCall[] = [];
  const cache = new Map<string, { status: number; body: Json }>();
  const intents = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();

  const error = (status: number, e: Json) => ({ status, body: { error: e } });
  const missing = (what: string, key: string) =>
    error(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${key}'`,
      param: 'id',
    });

  function handle(method: string, path: string, b: Record<string, string>): { status: number; body: Json } {
    const meta = (prefix = 'metadata') =>
      Object.fromEntries(
        Object.entries(b)
          .filter(([k]) => k.startsWith(`${prefix}[`))
          .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
      );
    const products_ = /^\/v1\/products\/([^/]+)$/.exec(path);
    const prices_ = /^\/v1\/prices\/([^/]+)$/.exec(path);
    const intent_ = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = b.payment_method ?? null;
      const confirm = b.confirm === 'true';
      const pi: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(b.amount),
        amount_received: 0,
        currency: b.currency,
        description: b.description ?? null,
        metadata: meta(),
        payment_method: pm,
        created: now(),
        livemode: false,
        latest_charge: null,
        client_secret: `${id('pi')}_secret_${randomBytes(6).toString('hex')}`,
        status: 'requires_payment_method',
      };
      intents.set(pi.id as string, pi);
      if (confirm && pm === DECLINED_CARD) {
        pi.last_payment_error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
        };
        return error(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: pi,
        });
      }
      if (confirm && pm) {
        pi.status = 'succeeded';
        pi.amount_received = pi.amount;
        pi.latest_charge = id('ch');
      }
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(b.payment_intent ?? '');
      if (!pi) return missing('payment_intent', b.payment_intent ?? '');
      const amount = b.amount ? Number(b.amount) : (pi.amount as number);
      if (pi.status !== 'succeeded')
        return error(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: 'This PaymentIntent does not have a successful charge to refund.',
        });
      if (amount > (pi.amount as number))
        return error(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${pi.amount})`,
          param: 'amount',
        });
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount,
          currency: pi.currency,
          payment_intent: pi.id,
          charge: pi.latest_charge,
          metadata: meta(),
          status: 'succeeded',
          created: now(),
        },
      };
    }
    if (method === 'POST' && path === '/v1/products') {
      const p: Json = {
        id: id('prod'),
        object: 'product',
        name: b.name,
        description: b.description ?? null,
        active: b.active !== 'false',
        metadata: meta(),
        created: now(),
        updated: now(),
        livemode: false,
      };
      products.set(p.id as string, p);
      return { status: 200, body: p };
    }
    if (method === 'POST' && products_) {
      const m = products_;
      const p = products.get(m[1]!);
      if (!p) return missing('product', m[1]!);
      if (b.name !== undefined) p.name = b.name;
      if (b.description !== undefined) p.description = b.description || null;
      if (b.active !== undefined) p.active = b.active === 'true';
      Object.assign(p.metadata as Json, meta());
      p.updated = now();
      return { status: 200, body: p };
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (!products.has(b.product ?? '')) return missing('product', b.product ?? '');
      const interval = b['recurring[interval]'];
      const p: Json = {
        id: id('price'),
        object: 'price',
        product: b.product,
        unit_amount: Number(b.unit_amount),
        currency: b.currency,
        active: true,
        type: interval ? 'recurring' : 'one_time',
        recurring: interval
          ? { interval, interval_count: Number(b['recurring[interval_count]'] ?? 1), usage_type: 'licensed' }
          : null,
        metadata: meta(),
        created: now(),
        livemode: false,
      };
      prices.set(p.id as string, p);
      return { status: 200, body: p };
    }
    if (method === 'POST' && prices_) {
      const m = prices_;
      const p = prices.get(m[1]!);
      if (!p) return missing('price', m[1]!);
      if (b.active !== undefined) p.active = b.active === 'true';
      return { status: 200, body: p };
    }
    if (method === 'GET' && intent_) {
      const m = intent_;
      const pi = intents.get(m[1]!);
      return pi ? { status: 200, body: pi } : missing('payment_intent', m[1]!);
    }
    return error(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Object.fromEntries(
        new URLSearchParams(req.method === 'GET' ? url.search : raw).entries(),
      ) as Record<string, string>;
      const account = req.headers['stripe-account'] as string | undefined;
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const cacheKey = idempotencyKey && `${account ?? ''} ${idempotencyKey}`;
      const cached = cacheKey ? cache.get(cacheKey) : undefined;
      const auth = req.headers.authorization ?? '';
      const answer = !auth.startsWith('Bearer sk_')
        ? error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' })
        : (cached ?? handle(req.method ?? 'GET', url.pathname, body));
      if (cacheKey && !cached && answer.status !== 401) cache.set(cacheKey, answer);
      calls.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        account,
        idempotencyKey,
        body,
        replayed: Boolean(cached),
      });
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(cached ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    calls,
    intents,
    products,
    prices,
    /** A client of the fake (what `stripeClient(key, base)` builds). */
    client: (key = 'sk_test_fake') =>
      new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
