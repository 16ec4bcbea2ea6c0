import { CUSTOMER_APP_MESSAGES, CUSTOMER_HOLD_SECONDS, type TCustomerHold } from '@lockerops/contract';
import { HttpError } from '../../../errors';
import { insertHold } from '../queries/holds';
import { freeDoor } from '../queries/lockers';
import type { LockerContext } from './lockers';

/**
 * `POST customer/{organization}/holds`: keeps the first free door of `id_size` at `id_location`
 * for the customer while they pay, for `CUSTOMER_HOLD_SECONDS` (5 minutes) of the app's clock:
 * no other customer of the app is given it meanwhile, and a payment abandoned frees it when the
 * time is up. A customer holds one door at a time (a new hold ends the other). The start with
 * `id_hold` opens that door (`startStorage`). 409 when no door of the size is free. `id_device`:
 * that door only (the screen at the wall chose it at its own place).
 */
export async function holdDoor(
  c: LockerContext,
  body: { id_location: string; id_size: string; id_device?: string },
): Promise<TCustomerHold> {
  const organizationId = c.step.auth.organizationId;
  const now = c.now();
  const until = new Date(now.getTime() + CUSTOMER_HOLD_SECONDS * 1000);
  return c.step.run(async (tx) => {
    const door = await freeDoor({
      tx,
      organizationId,
      locationId: body.id_location,
      sizeId: body.id_size,
      userId: c.customerId,
      now,
      deviceId: body.id_device,
    });
    const hold = door
      ? await insertHold({ tx, organizationId, deviceId: door.id, userId: c.customerId, now, until })
      : undefined;
    if (!door || !hold) throw new HttpError(409, CUSTOMER_APP_MESSAGES.noFreeDoor);
    return { id: hold.id, locker_number: door.lockerNumber, held_until: hold.heldUntil.toISOString() };
  });
}
