import {
  TRANSACTION_MESSAGES as M,
  PAYMENT_MESSAGES,
  type TMode,
  type TTransactionStatus,
} from '@lockerops/contract';
import { Decimal } from 'decimal.js';
import { ChargeDeclined, type ChargeGateway, NoPaymentAccount } from '../../../adapters/payments/charges';
import type { TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { BadRequest, Conflict, RecordedHttpError } from '../../../errors';
import { countMembershipUse, heldMemberships } from '../../memberships';
import { computeCharge, defaultCurrency, defaultPrice, priceById } from '../../prices';
import { promoById, promoValidAt } from '../../promos';
import {
  type Actor,
  logCount,
  markPaymentFailed,
  type TransactionPatch,
  type TransactionRow,
  writeLog,
} from '../queries';
import { connectedAccount, defaultCurrencySql } from '../queries/lookups';
import type { DoorPass, PaymentOutcome } from './context';

/**
 * Pricing and collection of the life cycle: a transaction's price through the pricing module, the
 * charge or refund the payment provider makes (asked by `runStep` with no transaction open,
 * `PaymentNeeded`) and what a step records of it.
 */

/** Decimal arithmetic for money: 40 digits, half-up rounding (never a float). */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

const SYSTEM_ACTOR: Actor = { type: 'system', id: null, name: 'Payments' };

/** A charge or refund as the gateway takes it (the request of `PaymentNeeded`). */
type PaymentRequest = Parameters<ChargeGateway['charge']>[0] & { reference?: string | null };

/**
 * Thrown by a step when it reaches a charge or refund the provider has not answered in this call
 * (`collect`, `paymentOf`); caught by `runStep`, which rolls the step back, asks the provider with
 * no transaction open and runs the step again with the answer.
 */
export class PaymentNeeded extends Error {
  constructor(
    readonly kind: 'charge' | 'refund',
    readonly key: string,
    readonly request: PaymentRequest,
  ) {
    super('the step needs its payment made');
  }
}

/** Asks the payment provider for a charge or refund (no transaction open): its result or refusal. */
export async function askProvider(charges: ChargeGateway, p: PaymentNeeded): Promise<PaymentOutcome> {
  try {
    const { reference, ...charge } = p.request;
    return {
      result:
        p.kind === 'charge'
          ? await charges.charge(charge)
          : { status: 'succeeded', ...(await charges.refund({ ...charge, reference: reference ?? null })) },
    };
  } catch (err) {
    if (err instanceof ChargeDeclined || err instanceof NoPaymentAccount) return { error: err };
    throw err;
  }
}

/**
 * The provider's answer to the payment `key` in this pass, or `PaymentNeeded` (the step rolls
 * back and `runStep` asks the provider). The request's account is read in the step's transaction.
 */
export async function paymentOf({
  tx,
  pass,
  kind,
  key,
  request,
}: {
  tx: Tx;
  pass: DoorPass;
  kind: 'charge' | 'refund';
  key: string;
  request: Omit<PaymentRequest, 'account' | 'idempotencyKey'>;
}): Promise<PaymentOutcome> {
  const done = pass.paid?.get(key);
  if (done) return done;
  throw new PaymentNeeded(kind, key, {
    ...request,
    idempotencyKey: key,
    account: await connectedAccount({ tx, organizationId: request.organizationId }),
  });
}

/**
 * The 402 of a declined charge; after the step's transaction has rolled back it records the
 * decline: `payment_status` failed, `payment_ref` the provider's payment (when one exists) and a
 * `payment_failed` log entry with the step, the amount and the provider's message.
 */
export function declinedError(
  t: TransactionRow,
  err: ChargeDeclined,
  step: { purpose: string; amount: string },
  actor: Actor,
  fallback: string,
): RecordedHttpError {
  const detail = err.message || fallback;
  return new RecordedHttpError(402, detail, async (tx) => {
    await markPaymentFailed({ tx, t, reference: err.reference ?? t.paymentRef });
    await writeLog({
      tx,
      organizationId: t.organizationId,
      transactionId: t.id,
      action: 'payment_failed',
      statusBefore: t.status as TTransactionStatus,
      statusAfter: t.status as TTransactionStatus,
      detail: { ...step, reference: err.reference, message: detail },
      actor,
    });
  });
}

/**
 * Collects `amount` through the charge gateway and answers the columns of the outcome: the
 * status to go to (`next`, or `awaiting_payment_confirmation` while the charge is pending). The
 * gateway is asked by `runStep` with no transaction open (`PaymentNeeded`): a step that collects
 * runs through `runStep`, and `pass` carries the answer.
 * The step's idempotency key is `{id}:{purpose}` (a retried step is the same charge at the
 * provider), with the count of earlier declines of the transaction appended after a decline (a
 * new attempt is a new charge). A decline answers 402 and, once the step has rolled back,
 * records `payment_status` failed and a `payment_failed` log entry (`declinedError`). 409 when
 * the organization has no connected payment account.
 */
export async function collect({
  tx,
  t,
  amount,
  next,
  purpose,
  pass,
}: {
  tx: Tx;
  t: TransactionRow;
  amount: string;
  next: TTransactionStatus;
  purpose: string;
  pass: DoorPass;
}): Promise<TransactionPatch> {
  if (!new Money(amount).greaterThan(0)) return { status: next };
  const declines = await logCount({ tx, t, action: 'payment_failed' });
  const outcome = await paymentOf({
    tx,
    pass,
    kind: 'charge',
    key: declines ? `${t.id}:${purpose}:retry${declines}` : `${t.id}:${purpose}`,
    request: {
      organizationId: t.organizationId,
      transactionId: t.id,
      invoiceId: t.invoiceId,
      amount,
      currency: t.currency,
      paymentMethod: t.paymentMethod,
    },
  });
  if ('error' in outcome) {
    const err = outcome.error;
    if (err instanceof ChargeDeclined)
      throw declinedError(t, err, { purpose, amount }, SYSTEM_ACTOR, PAYMENT_MESSAGES.declined);
    throw Conflict(PAYMENT_MESSAGES.noAccount);
  }
  const r = outcome.result;
  if (r.status === 'pending')
    return {
      status: 'awaiting_payment_confirmation',
      statusAfterPayment: next,
      paymentStatus: 'pending',
      paymentRef: r.reference,
    };
  return { status: next, paymentStatus: 'succeeded', paymentRef: r.reference };
}

/**
 * The charge of a transaction through the pricing module: by time for pay-per-time prices
 * (`elapsedSeconds`), by weight for pay-per-weight (no weight counts as 1), with the
 * transaction's promo and the user's best applicable membership. No price: free.
 */
export async function priceOf({
  tx,
  t,
  opts,
}: {
  tx: Tx;
  t: TransactionRow;
  opts: { elapsedSeconds?: number; weight?: number | null };
}): Promise<{ subtotal: string; discount: string; total: string; membershipId: string | null }> {
  const free = { subtotal: '0.00', discount: '0.00', total: '0.00', membershipId: null };
  if (!t.idPrice) return free;
  const price = await priceById({ tx, organizationId: t.organizationId, id: t.idPrice });
  if (!price) return free;
  const promo = t.idPromo
    ? await promoById({ tx, organizationId: t.organizationId, id: t.idPromo })
    : undefined;
  const held = await heldMemberships({
    tx,
    organizationId: t.organizationId,
    userId: t.idUser,
    locationId: t.idLocation,
  });
  const input = {
    price: {
      price_type: price.priceType,
      amount: price.amount,
      unit_amount: price.unitAmount,
      unit: price.unit,
    },
    elapsedSeconds: opts.elapsedSeconds,
    weight: opts.weight,
    promo: promo ? { discount_type: promo.discountType, amount: promo.amount } : null,
  };
  let best = { ...computeCharge(input), membershipId: null as string | null };
  for (const h of held) {
    const c = computeCharge({
      ...input,
      membership: { membership_type: h.m.membershipType, value: h.m.value, used_transactions: h.used },
    });
    if (new Money(c.total).lessThan(best.total)) best = { ...c, membershipId: h.m.id };
  }
  if (best.membershipId) {
    const chosen = held.find((h) => h.m.id === best.membershipId)!;
    if (chosen.m.membershipType === 'limited')
      await countMembershipUse({
        tx,
        organizationId: t.organizationId,
        membershipId: chosen.m.id,
        userId: t.idUser!,
      });
  }
  return best;
}

/**
 * The price of a transaction on a parent's shared door: the door's price is the parent's, so
 * the sub-organization charges its own default price when it fits the mode (pay per time for
 * storage, pay per weight for service), else nothing. Collected on its own payment account.
 */
export async function sharedDoorPrice({ tx, organizationId, mode }: TxOrg<{ mode: TMode }>) {
  if (mode !== 'storage' && mode !== 'service') return undefined;
  return defaultPrice({
    tx,
    organizationId,
    priceType: mode === 'service' ? 'pay_per_weight' : 'pay_per_time',
  });
}

/** The currency of a transaction: its price's, else the organization's default, else usd. */
export async function currencyOf({
  tx,
  organizationId,
  priceCurrency,
}: TxOrg<{ priceCurrency?: string | null }>): Promise<string> {
  if (priceCurrency) return priceCurrency;
  return defaultCurrency({ tx, organizationId });
}

/**
 * The currency of a new transaction as its insert takes it (`currencyOf` without a statement of
 * its own): its price's, else the organization's default read by the insert (`defaultCurrencySql`).
 */
export const currencyForInsert = ({
  organizationId,
  priceCurrency,
}: {
  organizationId: string;
  priceCurrency?: string | null;
}): string | ReturnType<typeof defaultCurrencySql> => priceCurrency || defaultCurrencySql({ organizationId });

/** The organization's promo with `code` valid at `at`; 400 otherwise. */
export async function promoByCode({ tx, organizationId, code, at }: TxOrg<{ code: string; at: Date }>) {
  const p = await promoValidAt({ tx, organizationId, code, at });
  if (!p) throw BadRequest(M.invalidPromo);
  return p;
}
