import { TRANSACTION_MESSAGES as M, type TTransactionStatus } from '@lockerops/contract';
import { BadRequest, Conflict, NotFound } from '../../../errors';
import { existsIn } from '../../../lib/crud/exists';
import { isSharedDoor } from '../../devices';
import { assertReservationAllows } from '../../reservations';
import { insertTransaction, nextNumbers, writeLog } from '../queries';
import { recipientOf } from '../queries/lookups';
import { currencyOf } from './charge';
import type { TxContext } from './context';
import { assertSharedDoorUsable, hold, lockDevice } from './door';
import {
  activeUser,
  actorOf,
  emitFor,
  pickupLimitSeconds,
  sixDigits,
  type TransactionDeps,
} from './lifecycle';

/**
 * Creates a delivery (`POST event/delivery`; spec: operational §4 Delivery) for a recipient by
 * phone or e-mail, filed under `id_user` when given (404 unknown, 409 inactive; their phone and
 * e-mail fill what is not given), else under the user with that phone or e-mail when there is one.
 * A desk delivery is placed at `id_location` when given (404 when not the organization's). With
 * `id_device`: an available delivery door is held (reserved) and a courier code made →
 * in_progress, waiting for the courier's drop-off. Without: a non-locker delivery waiting at the
 * desk → awaiting_user_pickup with a pickup code (sent by the caller after commit,
 * `sendPickupCode`) and its expiry; emits non_locker_delivery. Runs in the caller's transaction.
 */
export async function createDelivery(
  ctx: TxContext & Pick<TransactionDeps, 'deliveryPickupLimitSeconds'>,
  input: {
    id_device?: string;
    id_user?: string;
    id_location?: string;
    phone_number?: string;
    email?: string;
    /** the parcel's tracking number (its label, read at a screen) */
    tracking_number?: string;
  },
): Promise<string> {
  const { tx, auth } = ctx;
  const organizationId = auth.organizationId;
  const device = input.id_device
    ? await lockDevice({ tx, organizationId, id: input.id_device, opts: { shared: true } })
    : undefined;
  if (device) {
    if (device.mode !== 'delivery') throw BadRequest(M.deviceWrongMode('delivery'));
    if (device.status !== 'available') throw Conflict(M.deviceUnavailable);
    if (isSharedDoor(device, organizationId)) await assertSharedDoorUsable({ tx, d: device, at: new Date() });
    await assertReservationAllows({
      tx,
      deviceId: device.id,
      at: new Date(),
      phoneNumber: input.phone_number,
      email: input.email,
    });
  }
  if (
    !device &&
    input.id_location &&
    !(await existsIn({ tx, organizationId, table: 'locations', id: input.id_location }))
  )
    throw NotFound(M.locationNotFound);
  const picked = input.id_user ? await activeUser({ tx, organizationId, id: input.id_user }) : undefined;
  const phone = input.phone_number ?? picked?.phoneNumber ?? undefined;
  const email = input.email ?? picked?.email?.toLowerCase() ?? undefined;
  if (!phone && !email) throw BadRequest(M.phoneOrEmail);
  const user = picked ?? (await recipientOf({ tx, organizationId, to: input }));
  const now = new Date();
  const numbers = await nextNumbers({ tx, organizationId });
  const limit = await pickupLimitSeconds(ctx);
  const t = await insertTransaction({
    tx,
    values: {
      organizationId,
      ...numbers,
      type: 'delivery',
      status: device ? 'in_progress' : 'awaiting_user_pickup',
      idUser: user?.id ?? null,
      idDevice: device?.id ?? null,
      deviceHeld: Boolean(device),
      trackingNumber: input.tracking_number ?? null,
      idLocation: device?.idLocation ?? input.id_location ?? null,
      currency: await currencyOf({ tx, organizationId }),
      startedAt: now,
      phoneNumber: phone ?? null,
      email: email ?? null,
      courierPinCode: device ? sixDigits() : null,
      pickupCode: device ? null : sixDigits(),
      expiresAt: device ? null : new Date(now.getTime() + limit * 1000),
    },
  });
  await writeLog({
    tx,
    organizationId,
    transactionId: t.id,
    action: 'create_delivery',
    statusBefore: null,
    statusAfter: t.status as TTransactionStatus,
    detail: { id_device: device?.id ?? null, locker_number: device?.lockerNumber ?? null },
    actor: actorOf(auth),
  });
  if (device) await hold({ tx, organizationId, d: device });
  else await emitFor({ tx, t, name: 'non_locker_delivery' });
  return t.id;
}
