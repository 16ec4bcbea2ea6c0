import { randomBytes } from 'node:crypto';
import { TRANSACTION_MESSAGES as M, type TCodeChannel, type TTransactionStatus } from '@lockerops/contract';
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import { sha256 } from '../../auth/tokens';
import type { Tx } from '../../db/client';
import { devices, organizations, transactionShares, transactions, users } from '../../db/schema';
import { BadRequest, Conflict } from '../../errors';
import { isSharedDoor } from '../devices';
import { assertReservationAllows } from '../reservations';
import {
  actorOf,
  applyStep,
  assertAllowed,
  type DoorPass,
  emitFor,
  FIRST_PASS,
  sixDigits,
  type TenantRunner,
} from './lifecycle';
import { OperatorActions } from './operator-actions';
import { nextNumbers, type TransactionRow, writeLog } from './queries';

/** Deliveries and codes: create, courier drop-off, pickup codes, share links (spec: operational §4 Delivery). */
export class DeliverySteps extends OperatorActions {
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
