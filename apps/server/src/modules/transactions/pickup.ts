import { TRANSACTION_MESSAGES as M, type TTransactionStatus } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { conditions, devices, products, transactions } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { applyConditionEffects } from '../conditions';
import { recordTracking } from '../products';
import {
  actorOf,
  applyStep,
  assertAllowed,
  type DoorPass,
  FIRST_PASS,
  MAX_PICKUP_ATTEMPTS,
  Refusal,
  seconds,
} from './lifecycle';
import { writeLog } from './queries';
import { StartSteps } from './start';

/** User pickups and rental returns (spec: operational §4, §5 Transaction actions). */
export class PickupSteps extends StartSteps {
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
    const now = doors.at ?? new Date();
    let money: Partial<typeof transactions.$inferInsert> = {};
    let status: Partial<typeof transactions.$inferInsert> = { eventStatus: 'finished' };
    if (t.eventType === 'storage') {
      const elapsed = seconds(t.startedAt ?? t.createdAt, now);
      const c = await this.priceOf(tx, t, { elapsedSeconds: elapsed });
      money = { subtotal: c.subtotal, discount: c.discount, total: c.total, idMembership: c.membershipId };
      status = await this.collect(tx, t, c.total, 'finished', 'pickup', doors);
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
    const now = doors.at ?? new Date();
    const elapsed = seconds(t.startedAt ?? t.createdAt, now);
    const c = await this.priceOf(tx, t, { elapsedSeconds: elapsed });
    const status = await this.collect(tx, t, c.total, 'finished', 'return', doors);
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
}
