import { TRANSACTION_MESSAGES as M, type TMode, type TTransactionStatus } from '@lockerops/contract';
import type { Tx } from '../../../db/client';
import { BadRequest, Conflict } from '../../../errors';
import { customerHolderOf, isSharedDoor } from '../../devices';
import { priceById } from '../../prices';
import { recordTracking } from '../../products';
import { assertReservationAllows } from '../../reservations';
import { insertTransaction, nextNumbers, writeLog } from '../queries';
import { currencyForInsert, promoByCode, sharedDoorPrice } from './charge';
import type { PassContext, StepContext } from './context';
import { assertSharedDoorUsable, hold, lockDevice, openDoor } from './door';
import { activeUser, actorOf, emitFor } from './lifecycle';
import { purchase } from './purchase';
import { runStep } from './run-step';

/** A partner start: the mode, the door, the user and what the app sends along. */
export interface StartInput {
  mode: Exclude<TMode, 'delivery'>;
  id_device: string;
  id_user: string;
  promo_code?: string;
  image_url?: string;
  signature_url?: string;
  payment_method?: string;
}

/**
 * Starts a storage, rental, service (the user's drop-off) or vending transaction for a user on a
 * device of that mode (partner API; spec: operational §5 Transaction actions). The device must be
 * available (409), not held by another Lite App customer while they pay (409), and, for rental
 * and vending, hold a product. The door opens through the lock
 * adapter (502 when it does not answer; nothing is kept then). storage and rental →
 * `in_progress`, service → `awaiting_service_pickup`, each holding the device (reserved); vending
 * is the `purchase` of the product, `finished` at once. Emits on_start (vending: on_complete).
 * A sub-organization may start storage and service on its super-tenant parent's shared doors:
 * the row is its own, priced with its own default price (`sharedDoorPrice`) and charged to its
 * own payment account; the door's state moves through `shared-doors.ts` (400 rental/vending
 * there, 409 while a reservation of the parent holds it, 404 for the parent's unshared doors).
 * Answers the new transaction's id; `within` runs in the transaction that writes it (the answer).
 */
export function start(
  ctx: StepContext,
  input: StartInput,
  within?: (tx: Tx, id: string) => Promise<void>,
): Promise<string> {
  return runStep(ctx, (p) => startPass(p, input), { numbered: true, doorFirst: true, within });
}

async function startPass({ tx, auth, pass }: PassContext, input: StartInput): Promise<string> {
  const { mode } = input;
  const organizationId = auth.organizationId;
  const device = await lockDevice({ tx, organizationId, id: input.id_device, opts: { shared: true } });
  const shared = isSharedDoor(device, organizationId);
  if (device.mode !== mode) throw BadRequest(M.deviceWrongMode(mode));
  const user = await activeUser({ tx, organizationId, id: input.id_user });
  if (device.status !== 'available') throw Conflict(M.deviceUnavailable);
  const now = pass.at ?? new Date();
  if (shared) await assertSharedDoorUsable({ tx, d: device, at: now });
  if ((mode === 'rental' || mode === 'vending') && !device.idProduct) throw Conflict(M.deviceNoProduct);
  // A reserved device opens only for the reserving user within the window, and a door a Lite App
  // customer holds while they pay only for them.
  await assertReservationAllows({ tx, deviceId: device.id, userId: user.id, at: now });
  const holder = await customerHolderOf({ tx, organizationId, deviceId: device.id, at: now });
  if (holder && holder !== user.id) throw Conflict(M.deviceUnavailable);
  const promo = input.promo_code
    ? await promoByCode({ tx, organizationId, code: input.promo_code, at: now })
    : undefined;
  const price = shared
    ? await sharedDoorPrice({ tx, organizationId, mode })
    : device.idPrice
      ? await priceById({ tx, organizationId, id: device.idPrice })
      : undefined;
  // every rule is checked: the first pass stops here, before it writes anything (no invoice
  // number taken, no row inserted and rolled back), and asks for the door
  openDoor(pass, device, 'start');
  const numbers = pass.numbers ?? (await nextNumbers({ tx, organizationId }));
  const holds = mode !== 'vending';
  const t = await insertTransaction({
    tx,
    values: {
      // the same id on every pass of the step, so its charge keeps its idempotency key
      ...(pass.newId ? { id: pass.newId } : {}),
      organizationId,
      ...numbers,
      type: mode,
      status: mode === 'service' ? 'awaiting_service_pickup' : 'in_progress',
      idUser: user.id,
      idDevice: device.id,
      deviceHeld: holds,
      idLocation: device.idLocation,
      idProduct: mode === 'rental' || mode === 'vending' ? device.idProduct : null,
      idPrice: mode === 'vending' ? null : (price?.id ?? null),
      idPromo: promo?.id ?? null,
      currency: currencyForInsert({ organizationId, priceCurrency: price?.currency }),
      startedAt: now,
      phoneNumber: user.phoneNumber,
      email: user.email,
      imageUrl: input.image_url ?? null,
      signatureUrl: input.signature_url ?? null,
      paymentMethod: input.payment_method ?? null,
    },
  });
  await writeLog({
    tx,
    organizationId,
    transactionId: t.id,
    action: 'start',
    statusBefore: null,
    statusAfter: t.status as TTransactionStatus,
    detail: { id_device: device.id, locker_number: device.lockerNumber, promo: promo?.code ?? null },
    actor: actorOf(auth),
  });
  if (holds) await hold({ tx, organizationId, d: device });
  if (mode === 'rental' || mode === 'vending') {
    await recordTracking({
      tx,
      input: {
        organizationId,
        productId: device.idProduct!,
        state: 'outgoing',
        userId: user.id,
        actorName: auth.actor.name,
        deviceId: device.id,
      },
    });
  }
  if (mode !== 'vending') {
    await emitFor({ tx, t, name: 'on_start', door: device });
    return t.id;
  }
  await purchase({ tx, auth, pass }, { t, device, promo, now });
  return t.id;
}
