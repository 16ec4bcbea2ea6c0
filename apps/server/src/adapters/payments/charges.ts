import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import Stripe from 'stripe';

/** What a charge or refund is about; `amount` is money as two-decimal text. */
export interface ChargeRequest {
  organizationId: string;
  transactionId: string;
  invoiceId: string;
  amount: string;
  currency: string;
  /** Makes a retried call of the same step the same charge at the provider. */
  idempotencyKey: string;
  /** The card collected at the start (a provider payment-method id), charged off-session. */
  paymentMethod?: string | null;
  /** The organization's connected payment account (`organizations.stripe_account_id`), or null. */
  account?: string | null;
}

/**
 * How the life cycle collects money (CONTRIBUTING.md "Adapters (outside systems)": payments). A charge answers
 * `succeeded`, or `pending` while the provider has not confirmed it (the transaction then waits in
 * `awaiting_payment_confirmation` until `confirm_payment` or the provider's webhook); a refusal
 * throws `ChargeDeclined`. Built once in `buildApp` (`createAdapters`); the sandbox below is the
 * offline default, `createStripeCharges` the Stripe driver.
 */
export interface ChargeGateway {
  readonly kind: 'sandbox' | 'stripe' | string;
  charge(req: ChargeRequest): Promise<{ status: 'succeeded' | 'pending'; reference: string }>;
  refund(req: ChargeRequest & { reference: string | null }): Promise<{ reference: string }>;
}

/** The provider refused a charge or a refund; `reference` is the provider's payment when one exists. */
export class ChargeDeclined extends Error {
  constructor(
    message?: string,
    readonly reference: string | null = null,
  ) {
    super(message);
  }
}

/** The organization has no connected payment account to charge on. */
export class NoPaymentAccount extends Error {}

/** The offline sandbox: every charge and refund succeeds at once with a local reference. */
export const sandboxCharges: ChargeGateway = {
  kind: 'sandbox',
  async charge() {
    return { status: 'succeeded', reference: `ch_sandbox_${randomBytes(10).toString('hex')}` };
  },
  async refund() {
    return { reference: `re_sandbox_${randomBytes(10).toString('hex')}` };
  },
};

/** Currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** Two-decimal money text → Stripe's integer amount in the currency's smallest unit. */
export function toMinorUnits(amount: string, currency: string): number {
  const units = ZERO_DECIMAL.has(currency.toLowerCase()) ? 1 : 100;
  return new Decimal(amount).times(units).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** A Stripe client; `apiBase` (`http://127.0.0.1:PORT`) points it at a stand-in (tests). */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const u = new URL(apiBase);
  return new Stripe(secretKey, {
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)),
    protocol: u.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
  });
}

const isCardError = (err: unknown): err is Stripe.errors.StripeCardError =>
  err instanceof Stripe.errors.StripeCardError || (err as { type?: string }).type === 'StripeCardError';

/**
 * Charges through Stripe on the organization's connected account (`stripeAccount`): one
 * PaymentIntent per transaction step, created with the step's idempotency key so a retried step
 * answers the same PaymentIntent instead of charging twice. With a card (`paymentMethod`) the
 * intent is confirmed off-session: `succeeded`, or `pending` while Stripe processes it (the
 * `payment_intent.*` webhook settles it); without one it waits for the app to confirm it
 * (`pending`). A refused card (Stripe `card_error`, 402) throws `ChargeDeclined` with the
 * PaymentIntent's id. Refunds refund the step's PaymentIntent (`reference`). A request without
 * the organization's connected account (`account`) throws `NoPaymentAccount`.
 */
export function createStripeCharges(opts: { client: Stripe }): ChargeGateway {
  const { client } = opts;
  const account = (req: ChargeRequest) => {
    if (!req.account) throw new NoPaymentAccount();
    return req.account;
  };
  return {
    kind: 'stripe',
    async charge(req) {
      const stripeAccount = account(req);
      const currency = req.currency.toLowerCase();
      try {
        const pi = await client.paymentIntents.create(
          {
            amount: toMinorUnits(req.amount, currency),
            currency,
            description: `Invoice ${req.invoiceId}`,
            metadata: {
              organization_id: req.organizationId,
              transaction_id: req.transactionId,
              invoice_id: req.invoiceId,
            },
            ...(req.paymentMethod
              ? { payment_method: req.paymentMethod, confirm: true, off_session: true }
              : { automatic_payment_methods: { enabled: true } }),
          },
          { stripeAccount, idempotencyKey: req.idempotencyKey },
        );
        if (pi.status === 'succeeded') return { status: 'succeeded', reference: pi.id };
        if (pi.status === 'canceled') throw new ChargeDeclined(undefined, pi.id);
        return { status: 'pending', reference: pi.id };
      } catch (err) {
        if (isCardError(err))
          throw new ChargeDeclined(
            err.message,
            (err.payment_intent as { id?: string } | undefined)?.id ?? null,
          );
        throw err;
      }
    },
    async refund(req) {
      const stripeAccount = account(req);
      if (!req.reference?.startsWith('pi_')) throw new ChargeDeclined(undefined, req.reference);
      try {
        const r = await client.refunds.create(
          {
            payment_intent: req.reference,
            amount: toMinorUnits(req.amount, req.currency),
            metadata: { organization_id: req.organizationId, transaction_id: req.transactionId },
          },
          { stripeAccount, idempotencyKey: req.idempotencyKey },
        );
        return { reference: r.id };
      } catch (err) {
        if (isCardError(err) || err instanceof Stripe.errors.StripeInvalidRequestError)
          throw new ChargeDeclined((err as Error).message, req.reference);
        throw err;
      }
    },
  };
}
