import { randomInt, randomUUID } from 'node:crypto';
import {
  isActionAllowed,
  TRANSACTION_MESSAGES as M,
  MSG,
  PAYMENT_MESSAGES,
  RESERVATION_MESSAGES,
  type TMode,
  type TTransactionAction,
  type TTransactionStatus,
} from '@lockerops/contract';
import { Decimal } from 'decimal.js';
import { and, count, eq, lte, or, sql } from 'drizzle-orm';
import type { LockAdapter } from '../../adapters/locks';
import type { MailAdapter } from '../../adapters/mail';
import { ChargeDeclined, type ChargeGateway, NoPaymentAccount } from '../../adapters/payments/charges';
import type { SmsAdapter } from '../../adapters/sms';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import {
  devices,
  membershipLocations,
  memberships,
  membershipUsers,
  organizations,
  prices,
  promos,
  settings,
  transactionLogs,
  transactions,
  users,
} from '../../db/schema';
import { type DomainEventName, emit } from '../../domain-events';
import { BadRequest, Conflict, type HttpError, NotFound, RecordedHttpError } from '../../errors';
import type { DeviceRow } from '../devices';
import {
  holdDoor,
  holdSharedDoor,
  isSharedDoor,
  lockSharedDoor,
  releaseDoor,
  releaseSharedDoor,
  sharedDoorReserved,
  unlockAnswer,
  unlockDevices,
} from '../devices';
import { computeCharge } from '../prices';
import { type Actor, lockTransaction, lockTransactions, type TransactionRow, writeLog } from './queries';

/** The outside systems the life cycle talks to. */
export interface TransactionDeps {
  locks: LockAdapter;
  charges: ChargeGateway;
  sms: SmsAdapter;
  mail: MailAdapter;
  /** Base of links sent to people (`PUBLIC_URL`). */
  publicUrl: string;
  /** `DELIVERY_PICKUP_LIMIT_SECONDS`: how long a delivered parcel waits (see `pickupLimitSeconds`). */
  deliveryPickupLimitSeconds: number;
}

/** Runs a function in a tenant transaction (`req.withTenant`). */
export type TenantRunner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Wrong pickup codes accepted before the code is locked until it is sent again. */
export const MAX_PICKUP_ATTEMPTS = 5;
/** Seconds a given end or cancel date may lie ahead of the server clock (clock skew of the browser). */
const CLOCK_SKEW_SECONDS = 60;

/** Decimal arithmetic for money: 40 digits, half-up rounding (never a float). */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** The log's actor of a request: the team member, API key or system acting. */
export const actorOf = (auth: AuthContext): Actor => ({
  type: auth.actor.type,
  id: auth.actor.id,
  name: auth.actor.name,
});

/** Refuses `action` with 409 unless the state machine allows it in the transaction's status and mode. */
export function assertAllowed(action: TTransactionAction, t: TransactionRow): void {
  const state = {
    event_type: t.eventType as TMode,
    event_status: t.eventStatus as TTransactionStatus,
    total: t.total,
  };
  if (!isActionAllowed(action, state)) throw Conflict(M.notAllowed(action, t.eventStatus, t.eventType));
}

/** A six-digit code, uniformly random. */
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Whole seconds from `from` to `to`, never negative. */
export const seconds = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

const SYSTEM_ACTOR: Actor = { type: 'system', id: null, name: 'Payments' };

/** How many log entries of `action` the transaction has (declines, penalties). */
export async function logCount(tx: Tx, t: TransactionRow, action: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(transactionLogs)
    .where(
      and(
        eq(transactionLogs.organizationId, t.organizationId),
        eq(transactionLogs.idEvent, t.id),
        eq(transactionLogs.action, action),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The organization's connected payment account (read in the step's transaction), or null. */
export async function connectedAccount(tx: Tx, organizationId: string): Promise<string | null> {
  const [org] = await tx
    .select({ account: organizations.stripeAccountId })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.account ?? null;
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
    await tx
      .update(transactions)
      .set({ paymentStatus: 'failed', paymentRef: err.reference ?? t.paymentRef, updatedAt: new Date() })
      .where(and(eq(transactions.id, t.id), eq(transactions.organizationId, t.organizationId)));
    await writeLog(tx, {
      organizationId: t.organizationId,
      eventId: t.id,
      action: 'payment_failed',
      statusBefore: t.eventStatus as TTransactionStatus,
      statusAfter: t.eventStatus as TTransactionStatus,
      detail: { ...step, reference: err.reference, message: detail },
      actor,
    });
  });
}

/** Updates the row, writes the log entry and emits the domain event of one step. */
export async function applyStep(
  tx: Tx,
  actor: Actor,
  t: TransactionRow,
  action: string,
  patch: Partial<typeof transactions.$inferInsert>,
  detail: Record<string, unknown> = {},
  event?: DomainEventName,
): Promise<TransactionRow> {
  const [after] = await tx
    .update(transactions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(transactions.id, t.id), eq(transactions.organizationId, t.organizationId)))
    .returning();
  await writeLog(tx, {
    organizationId: t.organizationId,
    eventId: t.id,
    action,
    statusBefore: t.eventStatus as TTransactionStatus,
    statusAfter: after!.eventStatus as TTransactionStatus,
    detail,
    actor,
  });
  // a step whose charge is still pending emits its event once the payment settles (`emitSettled`)
  if (event && after!.eventStatus !== 'awaiting_payment_confirmation') await emitFor(tx, after!, event);
  return after!;
}

/** The event of the step a settled payment completes, by the status the transaction moves to. */
const SETTLED_EVENT: Partial<Record<string, DomainEventName>> = {
  finished: 'on_complete',
  awaiting_service_dropoff: 'on_service_charge',
};

/**
 * Emits the domain event a step held back while its charge was pending (`applyStep`), now that
 * the payment settled and `t` (as updated) left awaiting_payment_confirmation: `on_complete`
 * when it finished, `on_service_charge` when it awaits the service drop-off. Notifications and
 * webhooks then see the step exactly once, when it is paid.
 */
export async function emitSettled(tx: Tx, t: TransactionRow): Promise<void> {
  const name = SETTLED_EVENT[t.eventStatus];
  if (name) await emitFor(tx, t, name);
}

/** Emits domain event `name` of one transaction (with its device's locker number) in `tx`. */
export async function emitFor(tx: Tx, t: TransactionRow, name: DomainEventName): Promise<void> {
  const [d] = t.idDevice
    ? await tx.select({ n: devices.lockerNumber }).from(devices).where(eq(devices.id, t.idDevice))
    : [];
  await emit(tx, {
    organizationId: t.organizationId,
    name,
    mode: t.eventType as TMode,
    subject: { type: 'transaction', id: t.id },
    payload: {
      invoice_id: t.invoiceId,
      order_id: t.orderId,
      event_status: t.eventStatus,
      id_user: t.idUser,
      id_device: t.idDevice,
      id_location: t.idLocation,
      locker_number: d?.n ?? null,
      weight: t.weight,
      amount: t.total,
      currency: t.currency,
      phone_number: t.phoneNumber,
      email: t.email,
    },
  });
}

/**
 * What the outside world has done for this pass of a step (`runStep`): the door the lock has
 * opened (none on the first pass), the charges and refunds the payment provider has answered, by
 * idempotency key, the step's clock (the first pass's time, so every pass prices the same
 * moment) and the id a step that creates a transaction gives it (the same on every pass, so its
 * charge keeps its idempotency key).
 */
export interface DoorPass {
  opened: string | null;
  paid?: Map<string, PaymentOutcome>;
  at?: Date;
  newId?: string;
}
/** The first pass of a step: no door opened yet, nothing paid. */
export const FIRST_PASS: DoorPass = { opened: null };

/** What the payment provider answered a charge or refund: its result, or its refusal. */
export type PaymentOutcome =
  | { result: { status: 'succeeded' | 'pending'; reference: string } }
  | { error: ChargeDeclined | NoPaymentAccount };

/** A charge or refund as the gateway takes it (the request of `PaymentNeeded`). */
type PaymentRequest = Parameters<ChargeGateway['charge']>[0] & { reference?: string | null };

/** Thrown by a step's first pass when it reaches its door (`openDoor`); caught by `runStep`. */
class DoorNeeded extends Error {
  constructor(
    readonly device: DeviceRow,
    readonly action: string,
  ) {
    super('the step needs its door opened');
  }
}

/**
 * Thrown by a step when it reaches a charge or refund the provider has not answered in this call
 * (`collect`, `refundOf`); caught by `runStep`, which rolls the step back, asks the provider with
 * no transaction open and runs the step again with the answer.
 */
class PaymentNeeded extends Error {
  constructor(
    readonly kind: 'charge' | 'refund',
    readonly key: string,
    readonly request: PaymentRequest,
  ) {
    super('the step needs its payment made');
  }
}

/** Passes of one step at most: a door, then one payment per transaction it charges, then the write. */
const MAX_PASSES = 64;

/** A refused step whose bookkeeping (a wrong-code count) must still be committed. */
export class Refusal {
  constructor(readonly error: HttpError) {}
}

/**
 * What every step of the transaction life cycle shares: the outside systems (`deps`) and the
 * helpers that lock devices and transactions, hold and release doors, price and collect payments.
 * The steps extend it, one module per life-cycle step; `TransactionService` (service.ts) is all of them.
 */
export class TransactionCore {
  constructor(protected readonly deps: TransactionDeps) {}

  // ——— helpers ———

  /**
   * How long a delivered parcel may wait for its recipient before the expiry job marks it
   * `expired`, in seconds: `DELIVERY_PICKUP_LIMIT_SECONDS` (three days by default). Per
   * organization so that the reservation settings can take over.
   */
  protected async pickupLimitSeconds(_tx: Tx, _organizationId: string): Promise<number> {
    return this.deps.deliveryPickupLimitSeconds;
  }

  /**
   * The organization's door `id`, locked for the step; with `shared`, also a door of its
   * super-tenant parent's shared location, or one its own transaction holds there
   * (`shared-doors.ts`). 404 otherwise (another organization's door, a parent's unshared door).
   */
  protected async lockDevice(
    tx: Tx,
    organizationId: string,
    id: string,
    opts: { shared?: boolean } = {},
  ): Promise<DeviceRow> {
    const [d] = await tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), eq(devices.organizationId, organizationId)))
      .for('update');
    if (d) return d;
    const shared = opts.shared ? await lockSharedDoor(tx, id) : undefined;
    if (!shared) throw NotFound(M.deviceNotFound);
    return shared;
  }

  /**
   * Occupies a door for a transaction (available → reserved): the organization's own through its
   * row, a parent's shared door through `holdSharedDoor` (409 when no longer available).
   */
  protected async hold(tx: Tx, organizationId: string, d: DeviceRow): Promise<void> {
    if (isSharedDoor(d, organizationId)) {
      if (!(await holdSharedDoor(tx, d.id))) throw Conflict(M.deviceUnavailable);
      return;
    }
    await tx
      .update(devices)
      .set({ status: 'reserved', updatedAt: new Date() })
      .where(and(eq(devices.id, d.id), eq(devices.organizationId, organizationId)));
  }

  /**
   * Frees the door a transaction holds (the device becomes available again); a parent's shared
   * door through `releaseSharedDoor`.
   */
  protected async release(tx: Tx, t: TransactionRow): Promise<void> {
    if (!t.deviceHeld || !t.idDevice) return;
    const own = await tx
      .update(devices)
      .set({ status: 'available', updatedAt: new Date() })
      .where(
        and(
          eq(devices.id, t.idDevice),
          eq(devices.organizationId, t.organizationId),
          eq(devices.status, 'reserved'),
        ),
      )
      .returning({ id: devices.id });
    if (!own.length) await releaseSharedDoor(tx, t.idDevice);
  }

  /**
   * The price of a transaction on a parent's shared door: the door's price is the parent's, so
   * the sub-organization charges its own default price when it fits the mode (pay per time for
   * storage, pay per weight for service), else nothing. Collected on its own payment account.
   */
  protected async sharedDoorPrice(tx: Tx, organizationId: string, mode: TMode) {
    if (mode !== 'storage' && mode !== 'service') return undefined;
    const [p] = await tx
      .select()
      .from(prices)
      .where(
        and(
          eq(prices.organizationId, organizationId),
          eq(prices.isDefault, true),
          eq(prices.priceType, mode === 'service' ? 'pay_per_weight' : 'pay_per_time'),
        ),
      );
    return p;
  }

  /**
   * Refuses a door of a parent's shared location for a mode it cannot serve a sub-organization:
   * rental and vending doors hold the parent's stock (400); and starts while a reservation of
   * the parent holds it (409).
   */
  protected async assertSharedDoorUsable(tx: Tx, d: DeviceRow, at: Date): Promise<void> {
    if (d.mode === 'rental' || d.mode === 'vending') throw BadRequest(M.sharedDoorMode);
    if (await sharedDoorReserved(tx, d.id, at)) throw Conflict(RESERVATION_MESSAGES.reservedForAnother);
  }

  /**
   * A step's door (ARCHITECTURE: Adapters — locks, "the hardware call happens outside the database
   * transaction"). On the first pass of a step nothing has opened yet: the step stops here with
   * `DoorNeeded` and its transaction rolls back, so nothing of it is kept while the lock is called
   * (`runStep`). On the second pass the door `doors.opened` has opened and the step goes on; a
   * step that now wants another door (the transaction changed meanwhile) answers 409.
   */
  protected openDoor(doors: DoorPass, d: DeviceRow, action: string): void {
    if (doors.opened === d.id) return;
    if (doors.opened) throw Conflict(M.deviceUnavailable);
    throw new DoorNeeded(d, action);
  }

  /**
   * Runs a life-cycle step that may open a door or move money, so that no lock, row lock or
   * connection waits on the outside world (ARCHITECTURE: Nothing outside is called inside a
   * transaction). The step runs in a tenant transaction (`run`); when it reaches something the
   * outside must do first, it stops and rolls back (nothing kept): its door (`DoorNeeded`:
   * `unlockDevices` records the unlock's intent and commits, calls the lock with no transaction
   * open and records the result; 502 "Unable to reach lock…", or 409 not configured, when the door
   * did not open, and the step is not written), or a charge or refund (`PaymentNeeded`: the
   * provider is asked with no transaction open, under the step's idempotency key, so a retry is
   * the same payment). Then the step runs again, whole, with what was done (`DoorPass`): it
   * re-checks every rule under its row locks and writes the step with its charge, log entry and
   * domain event together, so a charge never exists without its step (a step refused now — the
   * transaction changed meanwhile — answers its 4xx; the timeline shows that the door opened). A
   * step that needs nothing from outside runs once.
   */
  async runStep<T>(
    run: TenantRunner,
    auth: AuthContext,
    step: (tx: Tx, doors: DoorPass) => Promise<T>,
  ): Promise<T> {
    const pass: DoorPass = { opened: null, paid: new Map(), at: new Date(), newId: randomUUID() };
    const token = pass.newId!;
    let held: string | null = null;
    try {
      for (let n = 0; n < MAX_PASSES; n++) {
        let wanted: unknown;
        try {
          return await run(async (tx) => {
            const out = await step(tx, pass);
            if (held) await releaseDoor(tx, auth.organizationId, held, token);
            return out;
          });
        } catch (err) {
          wanted = err;
        }
        if (wanted instanceof DoorNeeded && !pass.opened) {
          const needed = wanted;
          unlockAnswer(
            await unlockDevices(
              run,
              auth,
              this.deps.locks,
              async (tx) => {
                const d = await this.lockDevice(tx, auth.organizationId, needed.device.id, { shared: true });
                // promise the door to this step before it moves: a concurrent step is refused here
                if (!isSharedDoor(d, auth.organizationId)) {
                  if (!(await holdDoor(tx, auth.organizationId, d.id, token)))
                    throw Conflict(M.deviceUnavailable);
                  held = d.id;
                }
                return [d];
              },
              `Transaction ${needed.action}`,
            ),
            true,
          );
          pass.opened = needed.device.id;
          continue;
        }
        if (wanted instanceof PaymentNeeded && !pass.paid!.has(wanted.key)) {
          pass.paid!.set(wanted.key, await this.pay(wanted));
          continue;
        }
        throw wanted;
      }
      throw new Error('a step kept asking for the outside world');
    } catch (err) {
      // the step did not stand: its door is free again at once rather than when the hold lapses
      const door = held;
      if (door) await run((tx) => releaseDoor(tx, auth.organizationId, door, token)).catch(() => undefined);
      throw err;
    }
  }

  /** Asks the payment provider for a charge or refund (no transaction open): its result or refusal. */
  private async pay(p: PaymentNeeded): Promise<PaymentOutcome> {
    try {
      const { reference, ...charge } = p.request;
      return {
        result:
          p.kind === 'charge'
            ? await this.deps.charges.charge(charge)
            : {
                status: 'succeeded',
                ...(await this.deps.charges.refund({ ...charge, reference: reference ?? null })),
              },
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
  protected async paymentOf(
    tx: Tx,
    doors: DoorPass,
    kind: 'charge' | 'refund',
    key: string,
    request: Omit<PaymentRequest, 'account' | 'idempotencyKey'>,
  ): Promise<PaymentOutcome> {
    const done = doors.paid?.get(key);
    if (done) return done;
    throw new PaymentNeeded(kind, key, {
      ...request,
      idempotencyKey: key,
      account: await connectedAccount(tx, request.organizationId),
    });
  }

  protected async currencyOf(tx: Tx, organizationId: string, priceCurrency?: string | null): Promise<string> {
    if (priceCurrency) return priceCurrency;
    const [s] = await tx
      .select({ c: settings.defaultCurrency })
      .from(settings)
      .where(eq(settings.organizationId, organizationId));
    return s?.c ?? 'usd';
  }

  protected async activeUser(tx: Tx, organizationId: string, id: string) {
    const [u] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.organizationId, organizationId), eq(users.isDeleted, false)));
    if (!u) throw NotFound(M.userNotFound);
    if (!u.active) throw Conflict(MSG.userDisabled);
    return u;
  }

  protected async promoByCode(tx: Tx, organizationId: string, code: string, at: Date) {
    const [p] = await tx
      .select()
      .from(promos)
      .where(
        and(
          eq(promos.organizationId, organizationId),
          sql`lower(${promos.code}) = ${code.toLowerCase()}`,
          lte(promos.startTime, at),
          sql`${promos.endTime} >= ${at.toISOString()}`,
        ),
      );
    if (!p) throw BadRequest(M.invalidPromo);
    return p;
  }

  protected async getLocked(tx: Tx, organizationId: string, id: string): Promise<TransactionRow> {
    const t = await lockTransaction(tx, organizationId, id);
    if (!t) throw NotFound(M.notFound);
    return t;
  }

  /**
   * The charge of a transaction through the pricing module: by time for pay-per-time prices
   * (`elapsedSeconds`), by weight for pay-per-weight (no weight counts as 1), with the
   * transaction's promo and the user's best applicable membership. No price: free.
   */
  protected async priceOf(
    tx: Tx,
    t: TransactionRow,
    opts: { elapsedSeconds?: number; weight?: number | null },
  ): Promise<{ subtotal: string; discount: string; total: string; membershipId: string | null }> {
    if (!t.idPrice) return { subtotal: '0.00', discount: '0.00', total: '0.00', membershipId: null };
    const [price] = await tx.select().from(prices).where(eq(prices.id, t.idPrice));
    if (!price) return { subtotal: '0.00', discount: '0.00', total: '0.00', membershipId: null };
    const [promo] = t.idPromo ? await tx.select().from(promos).where(eq(promos.id, t.idPromo)) : [];
    const held = t.idUser
      ? await tx
          .select({ m: memberships, used: membershipUsers.usedTransactions })
          .from(membershipUsers)
          .innerJoin(memberships, eq(memberships.id, membershipUsers.membershipId))
          .where(
            and(
              eq(membershipUsers.organizationId, t.organizationId),
              eq(membershipUsers.userId, t.idUser),
              eq(memberships.active, true),
              or(
                sql`NOT EXISTS (SELECT 1 FROM ${membershipLocations} WHERE ${membershipLocations.membershipId} = ${memberships.id})`,
                t.idLocation
                  ? sql`EXISTS (SELECT 1 FROM ${membershipLocations} WHERE ${membershipLocations.membershipId} = ${memberships.id} AND ${membershipLocations.locationId} = ${t.idLocation})`
                  : sql`false`,
              ),
            ),
          )
      : [];
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
      if (chosen.m.membershipType === 'limited') {
        await tx
          .update(membershipUsers)
          .set({ usedTransactions: sql`${membershipUsers.usedTransactions} + 1` })
          .where(and(eq(membershipUsers.membershipId, chosen.m.id), eq(membershipUsers.userId, t.idUser!)));
      }
    }
    return best;
  }

  /**
   * Collects `amount` through the charge gateway and answers the columns of the outcome: the
   * status to go to (`next`, or `awaiting_payment_confirmation` while the charge is pending). The
   * gateway is asked by `runStep` with no transaction open (`PaymentNeeded`): a step that collects
   * runs through `runStep`, and `doors` carries the answer.
   * The step's idempotency key is `{id}:{purpose}` (a retried step is the same charge at the
   * provider), with the count of earlier declines of the transaction appended after a decline (a
   * new attempt is a new charge). A decline answers 402 and, once the step has rolled back,
   * records `payment_status` failed and a `payment_failed` log entry (`declinedError`). 409 when
   * the organization has no connected payment account.
   */
  protected async collect(
    tx: Tx,
    t: TransactionRow,
    amount: string,
    next: TTransactionStatus,
    purpose: string,
    doors: DoorPass = FIRST_PASS,
  ): Promise<Partial<typeof transactions.$inferInsert>> {
    if (!new Money(amount).greaterThan(0)) return { eventStatus: next };
    const declines = await logCount(tx, t, 'payment_failed');
    const outcome = await this.paymentOf(
      tx,
      doors,
      'charge',
      declines ? `${t.id}:${purpose}:retry${declines}` : `${t.id}:${purpose}`,
      {
        organizationId: t.organizationId,
        transactionId: t.id,
        invoiceId: t.invoiceId,
        amount,
        currency: t.currency,
        paymentMethod: t.paymentMethod,
      },
    );
    if ('error' in outcome) {
      const err = outcome.error;
      if (err instanceof ChargeDeclined)
        throw declinedError(t, err, { purpose, amount }, SYSTEM_ACTOR, PAYMENT_MESSAGES.declined);
      throw Conflict(PAYMENT_MESSAGES.noAccount);
    }
    const r = outcome.result;
    if (r.status === 'pending')
      return {
        eventStatus: 'awaiting_payment_confirmation',
        statusAfterPayment: next,
        paymentStatus: 'pending',
        paymentRef: r.reference,
      };
    return { eventStatus: next, paymentStatus: 'succeeded', paymentRef: r.reference };
  }

  protected checkDate(at: Date | undefined, t: TransactionRow, message: string): Date {
    const now = new Date();
    const when = at ?? now;
    const start = t.startedAt ?? t.createdAt;
    if (when.getTime() < start.getTime() - 999 || when.getTime() > now.getTime() + CLOCK_SKEW_SECONDS * 1000)
      throw BadRequest(message);
    return when > now ? now : when;
  }

  protected state(t: TransactionRow) {
    return {
      event_type: t.eventType as TMode,
      event_status: t.eventStatus as TTransactionStatus,
      total: t.total,
    };
  }

  protected async lockTransactionsOr404(
    tx: Tx,
    organizationId: string,
    ids: string[],
  ): Promise<TransactionRow[]> {
    const rows = await lockTransactions(tx, organizationId, ids);
    if (rows.length !== new Set(ids).size) throw NotFound(M.notFound);
    return rows;
  }

  protected async deliver(
    organizationId: string,
    to: { phone: string | null; email: string | null },
    subject: string,
    text: string,
  ): Promise<boolean> {
    try {
      if (to.phone) await this.deps.sms.send({ to: to.phone, body: text, organizationId });
      else if (to.email) await this.deps.mail.send({ to: to.email, subject, text, organizationId });
      else return false;
      return true;
    } catch {
      return false;
    }
  }
}
