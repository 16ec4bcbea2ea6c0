import { KIOSK_MESSAGES as M, type TKioskDrop, type TKioskOpened } from '@lockerops/contract';
import type { TxAuth } from '../../../auth/context';
import { Conflict, NotFound } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import { setDeviceMaintenance } from '../../devices';
import { openDoorIssue } from '../../issues';
import {
  cancel,
  courierDropoff,
  createDelivery,
  type StepContext,
  sendPickupCode,
  type TransactionDeps,
  userPickup,
} from '../../transactions';
import { recordWrongTry } from '../queries/couriers';
import { deliveryByCode, doorAt, freeDoors } from '../queries/place';
import { assertUnderLimit, type KioskAuth, place } from '../service';
import { courierOfSession } from './couriers';
import { parcelOfReference } from './parcels';
import { recipientOfReference } from './recipients';

/**
 * The screen's life-cycle work: walk-up pickups, couriers' drop-offs and door reports, each
 * through the transactions area's steps (the partner API's).
 */

/** Wrong pickup codes a screen may type in ten minutes before it answers 429. */
const MAX_WRONG_PICKUPS = 10;

/** What a kiosk's step is given: its tenant runner, its auth and the outside systems. */
type KioskStepContext = StepContext & TransactionDeps;

/** The door a transaction opened, with its place on the wall. */
export async function openedAnswer(
  ctx: KioskStepContext,
  kiosk: KioskAuth,
  detail: string,
  id: string,
  idDevice: string,
): Promise<TKioskOpened> {
  const d = await ctx.run((tx) => doorAt({ tx, ...place(kiosk), id: idDevice }));
  if (!d) throw NotFound(M.doorNotHere);
  return {
    detail,
    id_transaction: id,
    door: { id: d.id, locker_number: d.lockerNumber, id_locker_wall: d.idLockerWall, x: d.x, y: d.y },
  };
}

/**
 * A walk-up pickup: the delivery waiting at the screen's place under `code` is picked up through
 * the partner API's pickup step (the door opens; the code is spent, so it works once). A code that
 * names nothing here is counted (409 `wrongPickupCode`); past `MAX_WRONG_PICKUPS` in ten minutes
 * the screen answers 429.
 */
export async function walkUpPickup(
  ctx: KioskStepContext,
  kiosk: KioskAuth,
  code: string,
): Promise<TKioskOpened> {
  const found = await ctx.run(async (tx) => {
    await assertUnderLimit(tx, kiosk, 'pickup', MAX_WRONG_PICKUPS);
    const t = await deliveryByCode({ tx, ...place(kiosk), code });
    if (!t)
      await recordWrongTry({ tx, organizationId: kiosk.organizationId, idKiosk: kiosk.id, kind: 'pickup' });
    return t;
  });
  if (!found?.idDevice) throw Conflict(M.wrongPickupCode);
  await userPickup(ctx, { id: found.id, code });
  return openedAnswer(ctx, kiosk, M.doorOpened, found.id, found.idDevice);
}

/**
 * A courier's drop-off at the screen: a free delivery door of the size (the lowest accessible
 * first with `accessible`) is given to a new delivery for the recipient — a phone number, an
 * e-mail, or a user found by the courier's search (`recipient`) — (the partner API's
 * `createDelivery`), then the courier's drop-off step opens it and the recipient gets the pickup
 * code (`sendPickupCode`). A door that does not open cancels the new delivery (502 answered).
 */
export async function courierDrop(
  ctx: KioskStepContext & { secrets: SecretBox },
  kiosk: KioskAuth,
  session: string | undefined,
  input: TKioskDrop,
): Promise<TKioskOpened> {
  const { id, idDevice } = await ctx.run(async (tx) => {
    await courierOfSession({ tx, secrets: ctx.secrets }, kiosk, session);
    const parcel = input.parcel
      ? await parcelOfReference({ tx, secrets: ctx.secrets }, kiosk, input.parcel)
      : undefined;
    const idUser = parcel
      ? parcel.userName
        ? (parcel.idUser ?? undefined)
        : undefined
      : input.recipient
        ? await recipientOfReference({ tx, secrets: ctx.secrets }, kiosk, input.recipient)
        : undefined;
    const doors = await freeDoors({
      tx,
      ...place(kiosk),
      idSize: input.id_size,
      accessible: Boolean(input.accessible),
      limit: parcel?.idDevice ? 200 : 1,
    });
    // the door reserved for an expected parcel, when it is free here; else the first free door
    const door = doors.find((d) => d.id === parcel?.idDevice) ?? doors[0];
    if (!door) throw Conflict(M.noFreeDoor);
    const id = await createDelivery(
      { tx, auth: ctx.auth, deliveryPickupLimitSeconds: ctx.deliveryPickupLimitSeconds },
      {
        id_device: door.id,
        id_user: idUser,
        phone_number: parcel ? (parcel.phoneNumber ?? undefined) : input.phone_number,
        email: parcel ? (parcel.email ?? undefined) : input.email,
        tracking_number: parcel?.trackingNumber ?? input.tracking_number,
      },
    );
    return { id, idDevice: door.id };
  });
  try {
    await courierDropoff(ctx, { id, action: 'courier_dropoff' });
  } catch (err) {
    await ctx.run((tx) => cancel({ tx, auth: ctx.auth }, { id })).catch(() => undefined);
    throw err;
  }
  await sendPickupCode(ctx, { id });
  return openedAnswer(ctx, kiosk, M.doorOpened, id, idDevice);
}

const PROBLEM_TEXT = {
  not_opened: 'did not open',
  dirty: 'is dirty',
  damaged: 'is damaged',
} as const;

/**
 * "The door didn't open" / "is dirty" / "is damaged" from the screen: a free door goes to
 * maintenance, and an issue is raised at the place (404 for a door elsewhere).
 */
export async function reportDoor({
  tx,
  auth,
  kiosk,
  id,
  problem,
}: TxAuth<{ kiosk: KioskAuth; id: string; problem: keyof typeof PROBLEM_TEXT }>): Promise<void> {
  const d = await doorAt({ tx, ...place(kiosk), id });
  if (!d) throw NotFound(M.doorNotHere);
  // a door that holds a parcel keeps its state until its pickup (the issue says what was reported)
  await setDeviceMaintenance({ tx, organizationId: kiosk.organizationId, id });
  await openDoorIssue({
    tx,
    auth,
    args: {
      idLocation: kiosk.idLocation,
      description: `Locker ${d.lockerNumber} ${PROBLEM_TEXT[problem]} (reported at the screen "${kiosk.name}")`,
    },
  });
}
