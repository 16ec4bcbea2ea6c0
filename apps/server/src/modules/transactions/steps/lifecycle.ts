import { randomInt } from 'node:crypto';
import {
  isActionAllowed,
  TRANSACTION_MESSAGES as M,
  MSG,
  type TMode,
  type TTransactionAction,
  type TTransactionStatus,
} from '@lockerops/contract';
import type { LockAdapter } from '../../../adapters/locks';
import type { MailAdapter, MailMessage } from '../../../adapters/mail';
import type { ChargeGateway } from '../../../adapters/payments/charges';
import { type SmsAdapter, SmsTurnedOff } from '../../../adapters/sms';
import type { AuthContext, TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { type DomainEventName, emit } from '../../../domain-events';
import { BadRequest, Conflict, NotFound } from '../../../errors';
import { lockerNumberOf } from '../../devices';
import {
  type Actor,
  lockTransaction,
  lockTransactions,
  type TransactionPatch,
  type TransactionRow,
  updateTransaction,
  writeLog,
} from '../queries';
import { userOf } from '../queries/lookups';

/**
 * What every step of the transaction life cycle shares (spec: operational §3 Transaction (event),
 * §4 statuses and actions by state, §5 Transaction actions): the state
 * machine's check, the step's write (row, history log, domain event), the row locks and the
 * outside systems. The steps are one function each in `steps/`; the door's helpers are in
 * `door.ts`, pricing and collection in `charge.ts`, the two-pass runner in `steps/run-step.ts`.
 */

/** The outside systems the life cycle talks to, built once by the routes from the app context. */
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

/** The log's actor of a request: the team member, API key or system acting. */
export const actorOf = (auth: AuthContext): Actor => ({
  type: auth.actor.type,
  id: auth.actor.id,
  name: auth.actor.name,
});

/** The state machine's view of a transaction. */
export const stateOf = (t: TransactionRow) => ({
  event_type: t.type as TMode,
  event_status: t.status as TTransactionStatus,
  total: t.total,
  has_door: t.idDevice !== null,
});

/** Refuses `action` with 409 unless the state machine allows it in the transaction's status and mode. */
export function assertAllowed(action: TTransactionAction, t: TransactionRow): void {
  if (!isActionAllowed(action, stateOf(t))) throw Conflict(M.notAllowed(action, t.status, t.type));
}

/** A six-digit code, uniformly random. */
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Whole seconds from `from` to `to`, never negative. */
export const seconds = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * How long a delivered parcel may wait for its recipient before the expiry job marks it
 * `expired`, in seconds: `DELIVERY_PICKUP_LIMIT_SECONDS` (three days by default). Per
 * organization so that the reservation settings can take over.
 */
export async function pickupLimitSeconds(
  ctx: { tx: Tx; auth: AuthContext } & Pick<TransactionDeps, 'deliveryPickupLimitSeconds'>,
): Promise<number> {
  return ctx.deliveryPickupLimitSeconds;
}

/** The organization's transaction `id`, locked for the step; 404 when missing or another's. */
export async function transactionForUpdate({
  tx,
  organizationId,
  id,
}: TxOrg<{ id: string }>): Promise<TransactionRow> {
  const t = await lockTransaction({ tx, organizationId, id });
  if (!t) throw NotFound(M.notFound);
  return t;
}

/** The organization's transactions `ids`, locked in id order; 404 when any is missing or another's. */
export async function transactionsForUpdate({
  tx,
  organizationId,
  ids,
}: TxOrg<{ ids: string[] }>): Promise<TransactionRow[]> {
  const rows = await lockTransactions({ tx, organizationId, ids });
  if (rows.length !== new Set(ids).size) throw NotFound(M.notFound);
  return rows;
}

/** The organization's user `id`: 404 when missing or deleted, 409 when disabled. */
export async function activeUser({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const u = await userOf({ tx, organizationId, id });
  if (!u) throw NotFound(M.userNotFound);
  if (!u.active) throw Conflict(MSG.userDisabled);
  return u;
}

/**
 * The date of an end or cancel: `at` (default now) between the transaction's start and now (a
 * minute of clock skew allowed, then now); 400 `message` otherwise.
 */
export function checkDate(at: Date | undefined, t: TransactionRow, message: string): Date {
  const now = new Date();
  const when = at ?? now;
  const start = t.startedAt ?? t.createdAt;
  if (when.getTime() < start.getTime() - 999 || when.getTime() > now.getTime() + CLOCK_SKEW_SECONDS * 1000)
    throw BadRequest(message);
  return when > now ? now : when;
}

/**
 * Updates the row, writes the log entry and emits the domain event of one step (`door`: the
 * transaction's device row when the step has it, for the event's locker number).
 */
export async function applyStep({
  tx,
  actor,
  t,
  action,
  patch,
  detail = {},
  event,
  door,
}: {
  tx: Tx;
  actor: Actor;
  t: TransactionRow;
  action: string;
  patch: TransactionPatch;
  detail?: Record<string, unknown>;
  event?: DomainEventName;
  door?: { id: string; lockerNumber: number | null };
}): Promise<TransactionRow> {
  const after = await updateTransaction({ tx, t, patch });
  await writeLog({
    tx,
    organizationId: t.organizationId,
    transactionId: t.id,
    action,
    statusBefore: t.status as TTransactionStatus,
    statusAfter: after.status as TTransactionStatus,
    detail,
    actor,
  });
  // a step whose charge is still pending emits its event once the payment settles (`emitSettled`)
  if (event && after.status !== 'awaiting_payment_confirmation')
    await emitFor({ tx, t: after, name: event, door });
  return after;
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
export async function emitSettled({ tx, t }: { tx: Tx; t: TransactionRow }): Promise<void> {
  const name = SETTLED_EVENT[t.status];
  if (name) await emitFor({ tx, t, name });
}

/**
 * Emits domain event `name` of one transaction (with its device's locker number: `door`'s when the
 * caller has the row, else read) in `tx`.
 */
export async function emitFor({
  tx,
  t,
  name,
  door,
}: {
  tx: Tx;
  t: TransactionRow;
  name: DomainEventName;
  door?: { id: string; lockerNumber: number | null };
}): Promise<void> {
  await emit({
    tx,
    event: {
      organizationId: t.organizationId,
      name,
      mode: t.type as TMode,
      subject: { type: 'transaction', id: t.id },
      payload: {
        invoice_id: t.invoiceId,
        order_id: t.orderId,
        event_status: t.status,
        id_user: t.idUser,
        id_device: t.idDevice,
        id_location: t.idLocation,
        locker_number:
          door && door.id === t.idDevice
            ? door.lockerNumber
            : await lockerNumberOf({ tx, deviceId: t.idDevice }),
        weight: t.weight,
        amount: t.total,
        currency: t.currency,
        phone_number: t.phoneNumber,
        email: t.email,
      },
    },
  });
}

/**
 * Sends `text` by SMS when there is a phone, else by e-mail (with `mail`'s HTML part and images) (also when the organization turned
 * verification SMS off, spec console §2 Integrations); answers whether it was sent. Called
 * with no transaction open (the adapters write their outbox on their own handle).
 */
export async function deliver(
  outside: Pick<TransactionDeps, 'sms' | 'mail'>,
  organizationId: string,
  to: { phone: string | null; email: string | null },
  subject: string,
  text: string,
  /** what an e-mail carries beyond the text (an HTML part with its inline images) */
  mail?: Pick<MailMessage, 'html' | 'attachments'>,
  /** the SMS's own text, when it differs from the e-mail's (a link where the e-mail has a picture) */
  smsText: string = text,
): Promise<boolean> {
  try {
    if (to.phone) {
      try {
        await outside.sms.send({ to: to.phone, body: smsText, organizationId, purpose: 'verification' });
        return true;
      } catch (err) {
        // the organization turned verification SMS off: the e-mail address carries it, if any
        if (!(err instanceof SmsTurnedOff) || !to.email) return false;
      }
    }
    if (!to.email) return false;
    await outside.mail.send({ to: to.email, subject, text, organizationId, ...mail });
    return true;
  } catch {
    return false;
  }
}
