import { TRANSACTION_MESSAGES as M } from '@lockerops/contract';
import { BadRequest, Conflict } from '../../../errors';
import { isSharedDoor } from '../../devices';
import { clearDeviceHeld } from '../queries';
import type { StepContext } from './context';
import { assertSharedDoorUsable, hold, lockDevice, openDoor, release } from './door';
import {
  actorOf,
  applyStep,
  assertAllowed,
  pickupLimitSeconds,
  sixDigits,
  type TransactionDeps,
  transactionForUpdate,
} from './lifecycle';
import { runStep } from './run-step';

/** A courier's drop-off: the door (default the held one), the courier code, and which call it is. */
export interface CourierDropoffInput {
  id: string;
  id_device?: string;
  courier_pin_code?: string;
  /** `complete`: the console's `PATCH delivery/{id}/complete`; `courier_dropoff`: the partner call. */
  action: 'complete' | 'courier_dropoff';
}

/**
 * The courier's drop-off of a delivery in progress (partner `POST delivery/{id}/dropoff`, console
 * `PATCH delivery/{id}/complete`; spec: operational §4 Delivery): into `id_device` (default: the
 * held door; another one must be an available delivery door, and the hold moves). A given courier
 * code must match (409). The door opens → awaiting_user_pickup, a pickup code is made (sent by
 * the caller after commit, `sendPickupCode`) and the expiry set. Emits on_start.
 */
export function courierDropoff(
  ctx: StepContext & Pick<TransactionDeps, 'deliveryPickupLimitSeconds'>,
  input: CourierDropoffInput,
): Promise<string> {
  return runStep(ctx, async ({ tx, auth, pass }) => {
    const organizationId = auth.organizationId;
    const { action } = input;
    const t = await transactionForUpdate({ tx, organizationId, id: input.id });
    assertAllowed(action, t);
    if (input.courier_pin_code !== undefined && input.courier_pin_code !== t.courierPinCode)
      throw Conflict(M.wrongCourierCode);
    const targetId = input.id_device ?? t.idDevice;
    if (!targetId) throw BadRequest(M.deviceRequired);
    const d = await lockDevice({ tx, organizationId, id: targetId, opts: { shared: true } });
    if (d.id !== t.idDevice || !t.deviceHeld) {
      if (d.mode !== 'delivery') throw BadRequest(M.deviceWrongMode('delivery'));
      if (d.status !== 'available') throw Conflict(M.deviceUnavailable);
      if (isSharedDoor(d, organizationId)) await assertSharedDoorUsable({ tx, d, at: new Date() });
      await release({ tx, t });
      await clearDeviceHeld({ tx, organizationId: t.organizationId, id: t.id });
      await hold({ tx, organizationId, d });
    }
    openDoor(pass, d, action === 'complete' ? 'complete' : 'courier dropoff', t.id);
    const now = new Date();
    const limit = await pickupLimitSeconds({ ...ctx, tx });
    await applyStep({
      tx,
      actor: actorOf(auth),
      t,
      action,
      patch: {
        status: 'awaiting_user_pickup',
        idDevice: d.id,
        idLocation: d.idLocation,
        deviceHeld: true,
        pickupCode: sixDigits(),
        pickupAttempts: 0,
        expiresAt: new Date(now.getTime() + limit * 1000),
      },
      detail: { id_device: d.id, locker_number: d.lockerNumber },
      event: 'on_start',
    });
    return t.id;
  });
}
