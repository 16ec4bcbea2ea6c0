import { randomBytes, randomInt } from 'node:crypto';
import {
  isActionAllowed,
  TRANSACTION_MESSAGES as M,
  MSG,
  PAYMENT_MESSAGES,
  RESERVATION_MESSAGES,
  type TCodeChannel,
  type TMode,
  type TPenaltyReason,
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
import { sha256 } from '../../auth/tokens';
import type { Tx } from '../../db/client';
import {
  conditions,
  devices,
  membershipLocations,
  memberships,
  membershipUsers,
  organizations,
  prices,
  products,
  promos,
  settings,
  transactionLogs,
  transactionShares,
  transactions,
  users,
} from '../../db/schema';
import { type DomainEventName, emit } from '../../domain-events';
import { BadRequest, Conflict, HttpError, NotFound, RecordedHttpError } from '../../errors';
import { applyConditionEffects } from '../conditions/service';
import type { DeviceRow } from '../devices/service';
import {
  holdSharedDoor,
  isSharedDoor,
  lockSharedDoor,
  releaseSharedDoor,
  sharedDoorReserved,
} from '../devices/shared-doors';
import { unlockAnswer, unlockDevices } from '../devices/unlocks';
import { computeCharge } from '../prices/pricing';
import { recordTracking } from '../products/tracking';
import { assertReservationAllows } from '../reservations/service';
import {
  type Actor,
  lockTransaction,
  lockTransactions,
  nextNumbers,
  type TransactionRow,
  writeLog,
} from './repository';

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

const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

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
const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const seconds = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

const SYSTEM_ACTOR: Actor = { type: 'system', id: null, name: 'Payments' };

/** How many log entries of `action` the transaction has (declines, penalties). */
async function logCount(tx: Tx, t: TransactionRow, action: string): Promise<number> {
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
async function connectedAccount(tx: Tx, organizationId: string): Promise<string | null> {
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

async function emitFor(tx: Tx, t: TransactionRow, name: DomainEventName): Promise<void> {
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

/** Which door the lock has opened for this pass of a step (`withDoor`): none on the first pass. */
export interface DoorPass {
  opened: string | null;
}
/** The first pass of a step: no door opened yet. */
export const FIRST_PASS: DoorPass = { opened: null };

/** Thrown by a step's first pass when it reaches its door (`openDoor`); caught by `withDoor`. */
class DoorNeeded extends Error {
  constructor(
    readonly device: DeviceRow,
    readonly action: string,
  ) {
    super('the step needs its door opened');
  }
}

/** A refused step whose bookkeeping (a wrong-code count) must still be committed. */
export class Refusal {
  constructor(readonly error: HttpError) {}
}

/**
 * The life cycle of transactions (spec: operational §3 Transaction (event), §4 statuses and
 * actions by state, §5 Transaction actions; issue 8 "The life cycle"). Every method runs in the
 * caller's tenant transaction, locks what it changes (`SELECT … FOR UPDATE`: the transaction row,
 * then the device row), checks the state machine, writes the history log and emits the step's
 * domain event there. A step that opens a door runs through `withDoor`, so the lock is called
 * between two transactions, never inside one. Methods answer the transaction's id; routes load
 * its wire shape.
 */
export class TransactionService {
  constructor(private readonly deps: TransactionDeps) {}

  // ——— helpers ———

  /**
   * How long a delivered parcel may wait for its recipient before the expiry job marks it
   * `expired`, in seconds: `DELIVERY_PICKUP_LIMIT_SECONDS` (three days by default). Per
   * organization so that the reservation settings can take over.
   */
  private async pickupLimitSeconds(_tx: Tx, _organizationId: string): Promise<number> {
    return this.deps.deliveryPickupLimitSeconds;
  }

  /**
   * The organization's door `id`, locked for the step; with `shared`, also a door of its
   * super-tenant parent's shared location, or one its own transaction holds there
   * (`shared-doors.ts`). 404 otherwise (another organization's door, a parent's unshared door).
   */
  private async lockDevice(
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
  private async hold(tx: Tx, organizationId: string, d: DeviceRow): Promise<void> {
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
  private async release(tx: Tx, t: TransactionRow): Promise<void> {
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
  private async sharedDoorPrice(tx: Tx, organizationId: string, mode: TMode) {
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
  private async assertSharedDoorUsable(tx: Tx, d: DeviceRow, at: Date): Promise<void> {
    if (d.mode === 'rental' || d.mode === 'vending') throw BadRequest(M.sharedDoorMode);
    if (await sharedDoorReserved(tx, d.id, at)) throw Conflict(RESERVATION_MESSAGES.reservedForAnother);
  }

  /**
   * A step's door (ARCHITECTURE: Adapters — locks, "the hardware call happens outside the database
   * transaction"). On the first pass of a step nothing has opened yet: the step stops here with
   * `DoorNeeded` and its transaction rolls back, so nothing of it is kept while the lock is called
   * (`withDoor`). On the second pass the door `doors.opened` has opened and the step goes on; a
   * step that now wants another door (the transaction changed meanwhile) answers 409.
   */
  private openDoor(doors: DoorPass, d: DeviceRow, action: string): void {
    if (doors.opened === d.id) return;
    if (doors.opened) throw Conflict(M.deviceUnavailable);
    throw new DoorNeeded(d, action);
  }

  /**
   * Runs a life-cycle step that may open a door, so that a slow lock holds no row: (1) the step
   * runs in a tenant transaction (`run`); when it reaches its door it stops and rolls back
   * (nothing kept, nothing charged). (2) `unlockDevices` records the unlock's intent and commits,
   * calls the lock outside any transaction and records the result (502 "Unable to reach lock…",
   * or 409 not configured, when the door did not open: the step is not written). (3) The step
   * runs again, whole, in a new transaction with that door opened: it re-checks every rule under
   * its row locks and writes the step with its charge, log entry and domain event together, so a
   * charge never exists without its step (a step refused now — the transaction changed meanwhile
   * — answers its 4xx; the timeline shows that the door opened). A step that opens no door runs
   * once.
   */
  async withDoor<T>(
    run: TenantRunner,
    auth: AuthContext,
    step: (tx: Tx, doors: DoorPass) => Promise<T>,
  ): Promise<T> {
    let needed: DoorNeeded;
    try {
      return await run((tx) => step(tx, FIRST_PASS));
    } catch (err) {
      if (!(err instanceof DoorNeeded)) throw err;
      needed = err;
    }
    unlockAnswer(
      await unlockDevices(
        run,
        auth,
        this.deps.locks,
        async (tx) => [await this.lockDevice(tx, auth.organizationId, needed.device.id, { shared: true })],
        `Transaction ${needed.action}`,
      ),
      true,
    );
    return run((tx) => step(tx, { opened: needed.device.id }));
  }

  private async currencyOf(tx: Tx, organizationId: string, priceCurrency?: string | null): Promise<string> {
    if (priceCurrency) return priceCurrency;
    const [s] = await tx
      .select({ c: settings.defaultCurrency })
      .from(settings)
      .where(eq(settings.organizationId, organizationId));
    return s?.c ?? 'usd';
  }

  private async activeUser(tx: Tx, organizationId: string, id: string) {
    const [u] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.organizationId, organizationId), eq(users.isDeleted, false)));
    if (!u) throw NotFound(M.userNotFound);
    if (!u.active) throw Conflict(MSG.userDisabled);
    return u;
  }

  private async promoByCode(tx: Tx, organizationId: string, code: string, at: Date) {
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

  private async getLocked(tx: Tx, organizationId: string, id: string): Promise<TransactionRow> {
    const t = await lockTransaction(tx, organizationId, id);
    if (!t) throw NotFound(M.notFound);
    return t;
  }

  /**
   * The charge of a transaction through the pricing module: by time for pay-per-time prices
   * (`elapsedSeconds`), by weight for pay-per-weight (no weight counts as 1), with the
   * transaction's promo and the user's best applicable membership. No price: free.
   */
  private async priceOf(
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
   * status to go to (`next`, or `awaiting_payment_confirmation` while the charge is pending).
   * The step's idempotency key is `{id}:{purpose}` (a retried step is the same charge at the
   * provider), with the count of earlier declines of the transaction appended after a decline (a
   * new attempt is a new charge). A decline answers 402 and, once the step has rolled back,
   * records `payment_status` failed and a `payment_failed` log entry (`declinedError`). 409 when
   * the organization has no connected payment account.
   */
  private async collect(
    tx: Tx,
    t: TransactionRow,
    amount: string,
    next: TTransactionStatus,
    purpose: string,
  ): Promise<Partial<typeof transactions.$inferInsert>> {
    if (!new Money(amount).greaterThan(0)) return { eventStatus: next };
    const declines = await logCount(tx, t, 'payment_failed');
    try {
      const r = await this.deps.charges.charge({
        organizationId: t.organizationId,
        transactionId: t.id,
        invoiceId: t.invoiceId,
        amount,
        currency: t.currency,
        idempotencyKey: declines ? `${t.id}:${purpose}:retry${declines}` : `${t.id}:${purpose}`,
        paymentMethod: t.paymentMethod,
        account: await connectedAccount(tx, t.organizationId),
      });
      if (r.status === 'pending')
        return {
          eventStatus: 'awaiting_payment_confirmation',
          statusAfterPayment: next,
          paymentStatus: 'pending',
          paymentRef: r.reference,
        };
      return { eventStatus: next, paymentStatus: 'succeeded', paymentRef: r.reference };
    } catch (err) {
      if (err instanceof ChargeDeclined)
        throw declinedError(t, err, { purpose, amount }, SYSTEM_ACTOR, PAYMENT_MESSAGES.declined);
      if (err instanceof NoPaymentAccount) throw Conflict(PAYMENT_MESSAGES.noAccount);
      throw err;
    }
  }

  // ——— partner: starts ———

  /**
   * Starts a storage, rental, service (the user's drop-off) or vending transaction for a user on a
   * device of that mode (partner API). The device must be available (409) and, for rental and
   * vending, hold a product. The door opens through the lock adapter (502 when it does not
   * answer; nothing is kept then). storage and rental → `in_progress`, service →
   * `awaiting_service_pickup`, each holding the device (reserved); vending is charged the
   * product's sales price and `finished` at once. Emits on_start (vending: on_complete).
   * A sub-organization may start storage and service on its super-tenant parent's shared doors:
   * the row is its own, priced with its own default price (`sharedDoorPrice`) and charged to its
   * own payment account; the door's state moves through `shared-doors.ts` (400 rental/vending
   * there, 409 while a reservation of the parent holds it, 404 for the parent's unshared doors).
   */
  async start(
    tx: Tx,
    auth: AuthContext,
    mode: Exclude<TMode, 'delivery'>,
    input: {
      id_device: string;
      id_user: string;
      promo_code?: string;
      image_url?: string;
      signature_url?: string;
      payment_method?: string;
    },
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const org = auth.organizationId;
    const device = await this.lockDevice(tx, org, input.id_device, { shared: true });
    const shared = isSharedDoor(device, org);
    if (device.mode !== mode) throw BadRequest(M.deviceWrongMode(mode));
    const user = await this.activeUser(tx, org, input.id_user);
    if (device.status !== 'available') throw Conflict(M.deviceUnavailable);
    const now = new Date();
    if (shared) await this.assertSharedDoorUsable(tx, device, now);
    if ((mode === 'rental' || mode === 'vending') && !device.idProduct) throw Conflict(M.deviceNoProduct);
    // A reserved device opens only for the reserving user within the window (issue 8).
    await assertReservationAllows(tx, { deviceId: device.id, userId: user.id, at: now });
    const promo = input.promo_code ? await this.promoByCode(tx, org, input.promo_code, now) : undefined;
    const [price] = shared
      ? [await this.sharedDoorPrice(tx, org, mode)]
      : device.idPrice
        ? await tx.select().from(prices).where(eq(prices.id, device.idPrice))
        : [];
    const numbers = await nextNumbers(tx, org);
    const holds = mode !== 'vending';
    const [t] = await tx
      .insert(transactions)
      .values({
        organizationId: org,
        ...numbers,
        eventType: mode,
        eventStatus: mode === 'service' ? 'awaiting_service_pickup' : 'in_progress',
        idUser: user.id,
        idDevice: device.id,
        deviceHeld: holds,
        idLocation: device.idLocation,
        idProduct: mode === 'rental' || mode === 'vending' ? device.idProduct : null,
        idPrice: mode === 'vending' ? null : (price?.id ?? null),
        idPromo: promo?.id ?? null,
        currency: await this.currencyOf(tx, org, price?.currency),
        startedAt: now,
        phoneNumber: user.phoneNumber,
        email: user.email,
        imageUrl: input.image_url ?? null,
        signatureUrl: input.signature_url ?? null,
        paymentMethod: input.payment_method ?? null,
      })
      .returning();
    await writeLog(tx, {
      organizationId: org,
      eventId: t!.id,
      action: 'start',
      statusBefore: null,
      statusAfter: t!.eventStatus as TTransactionStatus,
      detail: { id_device: device.id, locker_number: device.lockerNumber, promo: promo?.code ?? null },
      actor: actorOf(auth),
    });
    if (holds) await this.hold(tx, org, device);
    this.openDoor(doors, device, 'start');
    if (mode === 'rental' || mode === 'vending') {
      await recordTracking(tx, {
        organizationId: org,
        productId: device.idProduct!,
        state: 'outgoing',
        userId: user.id,
        actorName: auth.actor.name,
        deviceId: device.id,
      });
    }
    if (mode !== 'vending') {
      await emitFor(tx, t!, 'on_start');
      return t!.id;
    }
    // vending: the purchase is the product's sales price, through the pricing module
    const [product] = await tx.select().from(products).where(eq(products.id, device.idProduct!));
    const charge = computeCharge({
      price: { price_type: 'pay_per_weight', amount: product?.salesPrice ?? '0', unit: 'item' },
      weight: 1,
      promo: promo ? { discount_type: promo.discountType, amount: promo.amount } : null,
    });
    await tx
      .update(devices)
      .set({ idProduct: null, updatedAt: now })
      .where(and(eq(devices.id, device.id), eq(devices.organizationId, org)));
    const paid = await this.collect(tx, t!, charge.total, 'finished', 'purchase');
    await applyStep(
      tx,
      actorOf(auth),
      t!,
      'purchase',
      { ...paid, ...charge, endedAt: now, totalTime: 0 },
      { product: product?.name ?? null, total: charge.total },
      'on_complete',
    );
    return t!.id;
  }

  // ——— partner: pickups, returns ———

  /**
   * The user's pickup (partner API; spec issue 8 life cycle): storage in progress (charged for the
   * elapsed time), service or delivery awaiting user pickup (a delivery needs its pickup code:
   * a wrong one answers 409 and counts; after 5 the code is locked until sent again). The door
   * opens; the device becomes available; → `finished` (or awaiting payment confirmation).
   * Emits on_complete. Answers a `Refusal` when a wrong code must still be counted.
   */
  async userPickup(
    tx: Tx,
    auth: AuthContext,
    id: string,
    code?: string,
    doors: DoorPass = FIRST_PASS,
  ): Promise<string | Refusal> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('user_pickup', t);
    if (t.eventType === 'delivery') {
      if (t.pickupAttempts >= MAX_PICKUP_ATTEMPTS) throw Conflict(M.codeLocked);
      if (!code) throw BadRequest(M.codeRequired);
      if (code !== t.pickupCode) {
        await tx
          .update(transactions)
          .set({ pickupAttempts: t.pickupAttempts + 1 })
          .where(eq(transactions.id, t.id));
        await writeLog(tx, {
          organizationId: t.organizationId,
          eventId: t.id,
          action: 'wrong_code',
          statusBefore: t.eventStatus as TTransactionStatus,
          statusAfter: t.eventStatus as TTransactionStatus,
          detail: { attempts: t.pickupAttempts + 1 },
          actor: actorOf(auth),
        });
        return new Refusal(Conflict(M.wrongCode));
      }
    }
    if (t.idDevice && t.deviceHeld)
      this.openDoor(
        doors,
        await this.lockDevice(tx, t.organizationId, t.idDevice, { shared: true }),
        'pickup',
      );
    const now = new Date();
    let money: Partial<typeof transactions.$inferInsert> = {};
    let status: Partial<typeof transactions.$inferInsert> = { eventStatus: 'finished' };
    if (t.eventType === 'storage') {
      const elapsed = seconds(t.startedAt ?? t.createdAt, now);
      const c = await this.priceOf(tx, t, { elapsedSeconds: elapsed });
      money = { subtotal: c.subtotal, discount: c.discount, total: c.total, idMembership: c.membershipId };
      status = await this.collect(tx, t, c.total, 'finished', 'pickup');
    }
    await this.release(tx, t);
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'user_pickup',
      {
        ...money,
        ...status,
        deviceHeld: false,
        endedAt: now,
        totalTime: seconds(t.startedAt ?? t.createdAt, now),
        pickupCode: null,
      },
      { total: money.total ?? t.total },
      'on_complete',
    );
    return t.id;
  }

  /**
   * Returns a rental into a device (partner API): the same door, or another available rental door
   * without a product. Charged by time; the product is tracked "In" with its condition, moves to
   * that door, takes the condition, and the condition's effects apply (auto maintenance of the
   * door, auto report). → `finished`; the doors are available again. Emits on_complete.
   */
  async returnRental(
    tx: Tx,
    auth: AuthContext,
    id: string,
    input: { id_device: string; id_condition?: string; image_url?: string },
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const org = auth.organizationId;
    const t = await this.getLocked(tx, org, id);
    assertAllowed('return', t);
    const target = await this.lockDevice(tx, org, input.id_device);
    const sameDoor = target.id === t.idDevice;
    if (!sameDoor) {
      if (target.mode !== 'rental') throw BadRequest(M.deviceWrongMode('rental'));
      if (target.status !== 'available' || target.idProduct) throw Conflict(M.deviceUnavailable);
    }
    let conditionId: string | null = null;
    if (input.id_condition) {
      const [c] = await tx
        .select({ id: conditions.id })
        .from(conditions)
        .where(and(eq(conditions.id, input.id_condition), eq(conditions.organizationId, org)));
      if (!c) throw NotFound(M.conditionNotFound);
      conditionId = c.id;
    }
    this.openDoor(doors, target, 'return');
    const now = new Date();
    const elapsed = seconds(t.startedAt ?? t.createdAt, now);
    const c = await this.priceOf(tx, t, { elapsedSeconds: elapsed });
    const status = await this.collect(tx, t, c.total, 'finished', 'return');
    await this.release(tx, t);
    if (t.idProduct) {
      if (!sameDoor && t.idDevice) {
        await tx
          .update(devices)
          .set({ idProduct: null, updatedAt: now })
          .where(
            and(
              eq(devices.id, t.idDevice),
              eq(devices.organizationId, org),
              eq(devices.idProduct, t.idProduct),
            ),
          );
        await tx
          .update(devices)
          .set({ idProduct: t.idProduct, updatedAt: now })
          .where(and(eq(devices.id, target.id), eq(devices.organizationId, org)));
      }
      if (conditionId)
        await tx
          .update(products)
          .set({ idCondition: conditionId, updatedAt: now })
          .where(and(eq(products.id, t.idProduct), eq(products.organizationId, org)));
      await recordTracking(tx, {
        organizationId: org,
        productId: t.idProduct,
        state: 'incoming',
        userId: t.idUser,
        actorName: auth.actor.name,
        conditionId: conditionId ?? undefined,
        deviceId: target.id,
      });
    }
    const after = await applyStep(
      tx,
      actorOf(auth),
      t,
      'return',
      {
        ...status,
        subtotal: c.subtotal,
        discount: c.discount,
        total: c.total,
        idMembership: c.membershipId,
        idDevice: target.id,
        idLocation: target.idLocation,
        deviceHeld: false,
        idCondition: conditionId,
        endedAt: now,
        totalTime: elapsed,
        imageUrl: input.image_url ?? t.imageUrl,
      },
      { id_device: target.id, locker_number: target.lockerNumber, id_condition: conditionId, total: c.total },
      'on_complete',
    );
    if (t.idProduct && conditionId)
      await applyConditionEffects(tx, auth, {
        productId: t.idProduct,
        conditionId,
        deviceId: target.id,
        eventId: t.id,
      });
    return after.id;
  }

  // ——— console: service steps ———

  /** Operator Pickup of a service (awaiting service pickup): the door opens, the door is freed, → in_progress. Emits on_service_pickup. */
  async servicePickup(tx: Tx, auth: AuthContext, id: string, doors: DoorPass = FIRST_PASS): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('pickup', t);
    if (t.idDevice)
      this.openDoor(
        doors,
        await this.lockDevice(tx, t.organizationId, t.idDevice, { shared: true }),
        'service pickup',
      );
    await this.release(tx, t);
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'pickup',
      { eventStatus: 'in_progress', deviceHeld: false },
      {},
      'on_service_pickup',
    );
    return t.id;
  }

  /**
   * Operator Charge of a service in progress: `weight` in the price's unit (none counts as 1),
   * priced by the pricing module with promo and membership, collected through the gateway →
   * awaiting_service_dropoff (or awaiting payment confirmation). Emits on_service_charge.
   */
  async serviceCharge(tx: Tx, auth: AuthContext, id: string, weight?: number): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('charge', t);
    const w = weight ?? 1;
    const c = await this.priceOf(tx, t, {
      weight: w,
      elapsedSeconds: seconds(t.startedAt ?? t.createdAt, new Date()),
    });
    const status = await this.collect(tx, t, c.total, 'awaiting_service_dropoff', 'charge');
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'charge',
      {
        ...status,
        subtotal: c.subtotal,
        discount: c.discount,
        total: c.total,
        idMembership: c.membershipId,
        weight: String(w),
      },
      { weight: w, subtotal: c.subtotal, discount: c.discount, total: c.total },
      'on_service_charge',
    );
    return t.id;
  }

  /**
   * Operator Dropoff (awaiting service dropoff, not delivery): the clean laundry goes into an
   * available door `id_device`, which opens and becomes reserved → awaiting_user_pickup. Emits
   * on_service_dropoff.
   */
  async serviceDropoff(
    tx: Tx,
    auth: AuthContext,
    id: string,
    deviceId: string,
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('dropoff', t);
    const d = await this.lockDevice(tx, t.organizationId, deviceId, { shared: true });
    if (d.status !== 'available') throw Conflict(M.deviceUnavailable);
    if (isSharedDoor(d, t.organizationId)) await this.assertSharedDoorUsable(tx, d, new Date());
    await this.hold(tx, t.organizationId, d);
    this.openDoor(doors, d, 'dropoff');
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'dropoff',
      { eventStatus: 'awaiting_user_pickup', idDevice: d.id, idLocation: d.idLocation, deviceHeld: true },
      { id_device: d.id, locker_number: d.lockerNumber },
      'on_service_dropoff',
    );
    return t.id;
  }

  // ——— console: end, cancel, refund, penalize ———

  private checkDate(at: Date | undefined, t: TransactionRow, message: string): Date {
    const now = new Date();
    const when = at ?? now;
    const start = t.startedAt ?? t.createdAt;
    if (when.getTime() < start.getTime() - 999 || when.getTime() > now.getTime() + CLOCK_SKEW_SECONDS * 1000)
      throw BadRequest(message);
    return when > now ? now : when;
  }

  /**
   * End one or many (`PATCH events`): all or nothing. Any already finished, canceled or refunded →
   * 409 "One or more selected transactions are already finished or canceled"; an end date outside
   * start…now → 400. Storage and rental in progress are charged for the time until the end date;
   * others keep their charge. The door is freed (not opened). → finished. Emits on_complete.
   */
  async endMany(tx: Tx, auth: AuthContext, ids: string[], endedAt?: Date): Promise<string[]> {
    const rows = await this.lockTransactionsOr404(tx, auth.organizationId, ids);
    if (rows.some((t) => !isActionAllowed('end', this.state(t)))) throw Conflict(M.alreadyEnded);
    const dates = rows.map((t) => this.checkDate(endedAt, t, M.endDateRange));
    for (const [i, t] of rows.entries()) {
      const when = dates[i]!;
      const elapsed = seconds(t.startedAt ?? t.createdAt, when);
      let patch: Partial<typeof transactions.$inferInsert> = { eventStatus: 'finished' };
      if ((t.eventType === 'storage' || t.eventType === 'rental') && t.eventStatus === 'in_progress') {
        const c = await this.priceOf(tx, t, { elapsedSeconds: elapsed });
        patch = {
          subtotal: c.subtotal,
          discount: c.discount,
          total: c.total,
          idMembership: c.membershipId,
          ...(await this.collect(tx, t, c.total, 'finished', 'end')),
        };
      }
      await this.release(tx, t);
      await applyStep(
        tx,
        actorOf(auth),
        t,
        'end',
        {
          ...patch,
          deviceHeld: false,
          endedAt: when,
          totalTime: elapsed,
          statusAfterPayment: patch.statusAfterPayment ?? null,
        },
        { ended_at: when.toISOString(), total: patch.total ?? t.total },
        'on_complete',
      );
    }
    return rows.map((t) => t.id);
  }

  private state(t: TransactionRow) {
    return {
      event_type: t.eventType as TMode,
      event_status: t.eventStatus as TTransactionStatus,
      total: t.total,
    };
  }

  private async lockTransactionsOr404(
    tx: Tx,
    organizationId: string,
    ids: string[],
  ): Promise<TransactionRow[]> {
    const rows = await lockTransactions(tx, organizationId, ids);
    if (rows.length !== new Set(ids).size) throw NotFound(M.notFound);
    return rows;
  }

  /** Cancel (`PATCH events/{id}/cancel`) while under way; `cancel_at` between start and now. No charge; the door is freed. */
  async cancel(tx: Tx, auth: AuthContext, id: string, cancelAt?: Date): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('cancel', t);
    const when = this.checkDate(cancelAt, t, M.cancelDateRange);
    await this.release(tx, t);
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'cancel',
      {
        eventStatus: 'canceled',
        canceledAt: when,
        canceledBy: auth.actor.name,
        deviceHeld: false,
        pickupCode: null,
      },
      { canceled_at: when.toISOString() },
    );
    return t.id;
  }

  /**
   * Refund (`PATCH events/{id}/refund`): finished with a total above 0; `amount` (money) not above
   * the paid amount (total plus any penalty) → 400 "Refund amount cannot be greater than the paid
   * amount."; refunded through the gateway → refunded, `refunded_amount`.
   */
  async refund(tx: Tx, auth: AuthContext, id: string, amount: number): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('refund', t);
    const paid = new Money(t.total).plus(t.penalizeCharge ?? 0);
    const value = new Money(amount).toDecimalPlaces(2);
    if (value.greaterThan(paid)) throw BadRequest(M.refundTooHigh);
    const text = value.toFixed(2);
    try {
      await this.deps.charges.refund({
        organizationId: t.organizationId,
        transactionId: t.id,
        invoiceId: t.invoiceId,
        amount: text,
        currency: t.currency,
        idempotencyKey: `${t.id}:refund`,
        reference: t.paymentRef,
        account: await connectedAccount(tx, t.organizationId),
      });
    } catch (err) {
      if (err instanceof ChargeDeclined)
        throw new HttpError(402, err.message || PAYMENT_MESSAGES.refundDeclined);
      if (err instanceof NoPaymentAccount) throw Conflict(PAYMENT_MESSAGES.noAccount);
      throw err;
    }
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'refund',
      { eventStatus: 'refunded', refundedAmount: text },
      { amount: text },
    );
    return t.id;
  }

  /** Penalize (`PATCH events/{id}/penalize`): finished, canceled or refunded; the amount is charged and added to `penalize_charge`. */
  async penalize(
    tx: Tx,
    auth: AuthContext,
    id: string,
    amount: number,
    reason: TPenaltyReason,
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('penalize', t);
    const text = new Money(amount).toDecimalPlaces(2).toFixed(2);
    // one key per penalty: a retried call of this penalty is the same charge, the next penalty a new one
    const earlier = await logCount(tx, t, 'penalize');
    const paid = await this.collect(
      tx,
      t,
      text,
      t.eventStatus as TTransactionStatus,
      `penalty:${earlier + 1}`,
    );
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'penalize',
      {
        penalizeCharge: new Money(t.penalizeCharge ?? 0).plus(text).toFixed(2),
        penalizeReason: reason,
        paymentRef: paid.paymentRef ?? t.paymentRef,
      },
      { amount: text, reason },
    );
    return t.id;
  }

  /** Confirms or fails a pending charge (payments): succeeded → the status the step was going to. */
  async confirmPayment(
    tx: Tx,
    auth: AuthContext,
    id: string,
    outcome: 'succeeded' | 'failed',
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('confirm_payment', t);
    const patch: Partial<typeof transactions.$inferInsert> =
      outcome === 'succeeded'
        ? {
            eventStatus: (t.statusAfterPayment as TTransactionStatus | null) ?? 'finished',
            paymentStatus: 'succeeded',
            statusAfterPayment: null,
          }
        : { paymentStatus: 'failed' };
    const after = await applyStep(tx, actorOf(auth), t, 'confirm_payment', patch, { outcome });
    if (outcome === 'succeeded') await emitSettled(tx, after);
    return t.id;
  }

  // ——— deliveries ———

  /**
   * Creates a delivery (`POST event/delivery`) for a recipient by phone or e-mail (linked to the
   * user with that phone or e-mail when there is one). With `id_device`: an available delivery
   * door is held (reserved) and a courier code made → in_progress, waiting for the courier's
   * drop-off. Without: a non-locker delivery waiting at the desk → awaiting_user_pickup with a
   * pickup code (sent by the caller after commit) and its expiry; emits non_locker_delivery.
   */
  async createDelivery(
    tx: Tx,
    auth: AuthContext,
    input: { id_device?: string; phone_number?: string; email?: string },
  ): Promise<string> {
    const org = auth.organizationId;
    const device = input.id_device
      ? await this.lockDevice(tx, org, input.id_device, { shared: true })
      : undefined;
    if (device) {
      if (device.mode !== 'delivery') throw BadRequest(M.deviceWrongMode('delivery'));
      if (device.status !== 'available') throw Conflict(M.deviceUnavailable);
      if (isSharedDoor(device, org)) await this.assertSharedDoorUsable(tx, device, new Date());
      await assertReservationAllows(tx, {
        deviceId: device.id,
        at: new Date(),
        phoneNumber: input.phone_number,
        email: input.email,
      });
    }
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, org),
          eq(users.isDeleted, false),
          or(
            input.phone_number ? eq(users.phoneNumber, input.phone_number) : sql`false`,
            input.email ? eq(users.emailNormalized, input.email) : sql`false`,
          ),
        ),
      )
      .limit(1);
    const now = new Date();
    const numbers = await nextNumbers(tx, org);
    const limit = await this.pickupLimitSeconds(tx, org);
    const [t] = await tx
      .insert(transactions)
      .values({
        organizationId: org,
        ...numbers,
        eventType: 'delivery',
        eventStatus: device ? 'in_progress' : 'awaiting_user_pickup',
        idUser: user?.id ?? null,
        idDevice: device?.id ?? null,
        deviceHeld: Boolean(device),
        idLocation: device?.idLocation ?? null,
        currency: await this.currencyOf(tx, org),
        startedAt: now,
        phoneNumber: input.phone_number ?? null,
        email: input.email ?? null,
        courierPinCode: device ? sixDigits() : null,
        pickupCode: device ? null : sixDigits(),
        expiresAt: device ? null : new Date(now.getTime() + limit * 1000),
      })
      .returning();
    await writeLog(tx, {
      organizationId: org,
      eventId: t!.id,
      action: 'create_delivery',
      statusBefore: null,
      statusAfter: t!.eventStatus as TTransactionStatus,
      detail: { id_device: device?.id ?? null, locker_number: device?.lockerNumber ?? null },
      actor: actorOf(auth),
    });
    if (device) await this.hold(tx, org, device);
    else await emitFor(tx, t!, 'non_locker_delivery');
    return t!.id;
  }

  /**
   * The courier's drop-off of a delivery in progress (partner `POST delivery/{id}/dropoff`, console
   * `PATCH delivery/{id}/complete`): into `id_device` (default: the held door; another one must be
   * an available delivery door, and the hold moves). A given courier code must match (409). The
   * door opens → awaiting_user_pickup, a pickup code is made (sent by the caller after commit)
   * and the expiry set. Emits on_start.
   */
  async courierDropoff(
    tx: Tx,
    auth: AuthContext,
    id: string,
    input: { id_device?: string; courier_pin_code?: string },
    action: 'complete' | 'courier_dropoff',
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const org = auth.organizationId;
    const t = await this.getLocked(tx, org, id);
    assertAllowed(action, t);
    if (input.courier_pin_code !== undefined && input.courier_pin_code !== t.courierPinCode)
      throw Conflict(M.wrongCourierCode);
    const targetId = input.id_device ?? t.idDevice;
    if (!targetId) throw BadRequest(M.deviceRequired);
    const d = await this.lockDevice(tx, org, targetId, { shared: true });
    if (d.id !== t.idDevice || !t.deviceHeld) {
      if (d.mode !== 'delivery') throw BadRequest(M.deviceWrongMode('delivery'));
      if (d.status !== 'available') throw Conflict(M.deviceUnavailable);
      if (isSharedDoor(d, org)) await this.assertSharedDoorUsable(tx, d, new Date());
      await this.release(tx, t);
      await tx.update(transactions).set({ deviceHeld: false }).where(eq(transactions.id, t.id));
      await this.hold(tx, org, d);
    }
    this.openDoor(doors, d, action === 'complete' ? 'complete' : 'courier dropoff');
    const now = new Date();
    const limit = await this.pickupLimitSeconds(tx, org);
    await applyStep(
      tx,
      actorOf(auth),
      t,
      action,
      {
        eventStatus: 'awaiting_user_pickup',
        idDevice: d.id,
        idLocation: d.idLocation,
        deviceHeld: true,
        pickupCode: sixDigits(),
        pickupAttempts: 0,
        expiresAt: new Date(now.getTime() + limit * 1000),
      },
      { id_device: d.id, locker_number: d.lockerNumber },
      'on_start',
    );
    return t.id;
  }

  /** Checks that resend code is allowed now (awaiting user pickup, delivery) and unlocks a locked code. */
  async prepareResend(tx: Tx, auth: AuthContext, id: string, via?: TCodeChannel): Promise<TCodeChannel> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('resend_code', t);
    if (via === 'sms' && !t.phoneNumber) throw BadRequest(M.phoneMissing);
    if (via === 'email' && !t.email) throw BadRequest(M.emailMissing);
    const channel: TCodeChannel = via ?? (t.phoneNumber ? 'sms' : 'email');
    await applyStep(tx, actorOf(auth), t, 'resend_code', { pickupAttempts: 0 }, { via: channel });
    return channel;
  }

  /**
   * Sends a delivery's pickup code by SMS (phone) or e-mail, and records the outcome in
   * `notification_status` / `notification_date`. Runs after the step committed, outside any
   * database transaction (`run` opens the short ones it needs: the adapters write their outbox on
   * their own handle); answers whether it was sent.
   */
  async sendPickupCode(
    run: TenantRunner,
    organizationId: string,
    id: string,
    via?: TCodeChannel,
  ): Promise<boolean> {
    const message = await run(async (tx) => {
      const [t] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)));
      if (!t?.pickupCode) return undefined;
      const [org] = await tx
        .select({ name: organizations.appName })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      const [d] = t.idDevice
        ? await tx.select({ n: devices.lockerNumber }).from(devices).where(eq(devices.id, t.idDevice))
        : [];
      const where = d ? `locker ${d.n}` : 'the front desk';
      return {
        to: { phone: t.phoneNumber, email: t.email },
        text: `${org?.name ?? 'Lockerops'}: your delivery ${t.orderId} is ready at ${where}. Pickup code: ${t.pickupCode}`,
      };
    });
    if (!message) return false;
    const to =
      via === 'sms'
        ? { phone: message.to.phone, email: null }
        : via === 'email'
          ? { phone: null, email: message.to.email }
          : message.to;
    const ok = await this.deliver(organizationId, to, 'Your delivery is ready', message.text);
    await run((tx) =>
      tx
        .update(transactions)
        .set({ notificationStatus: ok ? 'sent' : 'failed', notificationDate: new Date() })
        .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId))),
    );
    return ok;
  }

  /**
   * Share (`POST events/{id}/share`): records the step and a new share token (32 random bytes,
   * base64url; only its SHA-256 is stored, never logged or audited) and answers the token; the
   * caller sends the link after commit. Each share makes its own link; earlier ones keep working.
   */
  async share(
    tx: Tx,
    auth: AuthContext,
    id: string,
    to: { phone_number?: string; email?: string },
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('share', t);
    await applyStep(
      tx,
      actorOf(auth),
      t,
      'share',
      {},
      { phone_number: to.phone_number ?? null, email: to.email ?? null },
    );
    const token = randomBytes(32).toString('base64url');
    await tx
      .insert(transactionShares)
      .values({ organizationId: t.organizationId, idEvent: t.id, tokenHash: sha256(token) });
    return token;
  }

  /** Sends the link to `GET event/{id}/public?token=…`; answers whether it was sent. */
  async sendShareLink(
    organizationId: string,
    id: string,
    invoiceId: string,
    to: { phone_number?: string; email?: string },
    token: string,
  ) {
    const link = `${this.deps.publicUrl}/api/event/${id}/public?token=${token}`;
    return this.deliver(
      organizationId,
      { phone: to.phone_number ?? null, email: to.email ?? null },
      `Transaction ${invoiceId}`,
      `Transaction ${invoiceId}: ${link}`,
    );
  }

  private async deliver(
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

/**
 * The delivery expiry job's handler: every delivery awaiting user pickup whose `expires_at` has
 * passed becomes `expired` (the parcel stays in its door until an operator ends the
 * transaction), with a history entry by the system and the on_expired event. Runs as the owner
 * across organizations; rows another run is changing are skipped (`FOR UPDATE SKIP LOCKED`), so
 * overlapping runs never expire one delivery twice. Answers how many it expired.
 */
export async function expireDeliveries(tx: Tx, now: Date): Promise<number> {
  const due = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.eventType, 'delivery'),
        eq(transactions.eventStatus, 'awaiting_user_pickup'),
        lte(transactions.expiresAt, now),
      ),
    )
    .limit(500)
    .for('update', { skipLocked: true });
  for (const t of due) await expireOne(tx, t);
  return due.length;
}

/** Marks one locked, due delivery expired; written by the system actor. */
async function expireOne(tx: Tx, t: TransactionRow): Promise<void> {
  assertAllowed('expire', t);
  await applyStep(
    tx,
    { type: 'system', id: null, name: 'System' },
    t,
    'expire',
    { eventStatus: 'expired', pickupCode: null },
    { expires_at: t.expiresAt?.toISOString() ?? null },
    'on_expired',
  );
}
