import { TRANSACTION_MESSAGES as M } from '@lockerops/contract';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { Conflict } from '../../errors';
import { isSharedDoor } from '../devices';
import { actorOf, applyStep, assertAllowed, type DoorPass, FIRST_PASS, seconds } from './lifecycle';
import { PickupSteps } from './pickup';

/** The service steps of the console: service pickup, charge and drop-off (spec: operational §4 Service). */
export class ServiceSteps extends PickupSteps {
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
  async serviceCharge(
    tx: Tx,
    auth: AuthContext,
    id: string,
    weight?: number,
    doors: DoorPass = FIRST_PASS,
  ): Promise<string> {
    const t = await this.getLocked(tx, auth.organizationId, id);
    assertAllowed('charge', t);
    const w = weight ?? 1;
    const c = await this.priceOf(tx, t, {
      weight: w,
      elapsedSeconds: seconds(t.startedAt ?? t.createdAt, doors.at ?? new Date()),
    });
    const status = await this.collect(tx, t, c.total, 'awaiting_service_dropoff', 'charge', doors);
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
}
