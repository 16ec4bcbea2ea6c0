import {
  CUSTOMER_APP_MESSAGES,
  KIOSK_MESSAGES as M,
  type TKioskHold,
  type TKioskHoldState,
  type TKioskOpened,
  type TKioskStorage,
  type TKioskStorageEnded,
} from '@lockerops/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Conflict, HttpError, NotFound } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import {
  deleteHold,
  endWithReceipt,
  handoverToken,
  holdDoor,
  type LockerContext,
  runningHold,
} from '../../customer-app';
import { type StepContext, start, type TransactionDeps } from '../../transactions';
import { doorAt } from '../queries/place';
import { customerStoragesAt, freeStorageDoor, placeStorageDoors } from '../queries/storage';
import { type KioskAuth, place } from '../service';
import { assertStorageOffered } from './offer';
import { openedAnswer } from './walk-up';

/*
 * Storage at the screen (README "Storage at the screen"): the signed-in customer's sizes and
 * storages at this place, a start on a free door through the partner API's `start` step, a priced
 * door held for the customer and paid on their phone in the Lite App (the screen has no card
 * reader), and the end through the Lite App's own end (the pickup step, the time used charged).
 * Every door and storage is this screen's place's: any other answers 404.
 */

/** What storage at the screen is given: the step context, the outside systems, the key, the app's clock. */
export type StorageContext = StepContext &
  TransactionDeps & { secrets: SecretBox; now: () => Date; publicUrl: string; log: FastifyBaseLogger };

/** The Lite App's context for the customer signed in at the screen (their receipts mailed as the app's). */
const appContext = (ctx: StorageContext, userId: string): LockerContext => ({
  step: ctx,
  customerId: userId,
  now: ctx.now,
  receipts: { mail: ctx.mail, log: ctx.log },
});

/**
 * `GET kiosk/storage`: the place's storage sizes (free doors no other customer holds, the price of
 * a free one) and the customer's storages in progress here, oldest first.
 */
export async function storageChoices(
  ctx: StorageContext,
  kiosk: KioskAuth,
  userId: string,
): Promise<TKioskStorage> {
  return ctx.run(async (tx) => {
    const doors = await placeStorageDoors({ tx, ...place(kiosk), now: ctx.now() });
    const bySize = new Map<string, TKioskStorage['sizes'][number]>();
    for (const d of doors) {
      const s = bySize.get(d.sizeId) ?? { id: d.sizeId, name: d.sizeName, free: 0, price: null };
      if (d.status === 'available' && d.open) {
        s.free += 1;
        if (d.amount !== null && !s.price)
          s.price = { amount: d.amount, currency: d.currency!, unit: d.unit!, unit_amount: d.unitAmount };
      }
      bySize.set(d.sizeId, s);
    }
    const lockers = await customerStoragesAt({ tx, ...place(kiosk), userId });
    return {
      sizes: [...bySize.values()],
      lockers: lockers.map((l) => ({
        id: l.id,
        locker_number: l.lockerNumber,
        started_at: l.startedAt?.toISOString() ?? null,
      })),
      sandbox: ctx.charges.kind === 'sandbox',
    };
  });
}

/** A free storage door of the size here for the customer (409 `noFreeDoor` when none), once storage is offered. */
async function doorFor(
  ctx: StorageContext,
  kiosk: KioskAuth,
  userId: string,
  body: { id_size: string; accessible?: boolean },
) {
  return ctx.run(async (tx) => {
    const offer = await assertStorageOffered({ tx, organizationId: kiosk.organizationId });
    const door = await freeStorageDoor({
      tx,
      ...place(kiosk),
      idSize: body.id_size,
      userId,
      accessible: Boolean(body.accessible),
      now: ctx.now(),
    });
    if (!door) throw Conflict(M.noFreeDoor);
    return { door, offer };
  });
}

/**
 * `POST kiosk/storage`: a storage for the customer on a free door of the size here, through the
 * partner API's `start` step (mode storage; its own rules apply) — the door opens. A priced door
 * answers 402 (it is paid on the phone first: `holdForPayment`); 409 when none is free.
 */
export async function startAtScreen(
  ctx: StorageContext,
  kiosk: KioskAuth,
  userId: string,
  body: { id_size: string; accessible?: boolean },
): Promise<TKioskOpened> {
  const { door } = await doorFor(ctx, kiosk, userId, body);
  if (door.idPrice) throw new HttpError(402, CUSTOMER_APP_MESSAGES.paymentRequired);
  const id = await start(ctx, { mode: 'storage', id_device: door.id, id_user: userId });
  return openedAnswer(ctx, kiosk, M.doorOpened, id, door.id);
}

/**
 * `POST kiosk/storage/holds`: a door of the size here held for the customer for 5 minutes (the
 * Lite App's `holdDoor`), and `pay_url`, the Lite App's payment of that door (a handover token in
 * the address's fragment), which the screen shows as a QR code. Nothing opens until it is paid.
 */
export async function holdForPayment(
  ctx: StorageContext,
  kiosk: KioskAuth,
  userId: string,
  body: { id_size: string; accessible?: boolean },
): Promise<TKioskHold> {
  const { door, offer } = await doorFor(ctx, kiosk, userId, body);
  const hold = await holdDoor(appContext(ctx, userId), {
    id_location: kiosk.idLocation,
    id_size: body.id_size,
    id_device: door.id,
  });
  const token = handoverToken(ctx.secrets, {
    organizationId: kiosk.organizationId,
    holdId: hold.id,
    userId,
    until: new Date(hold.held_until),
  });
  return {
    id: hold.id,
    id_device: door.id,
    locker_number: hold.locker_number,
    held_until: hold.held_until,
    pay_url: `${ctx.publicUrl.replace(/\/$/, '')}/app/${encodeURIComponent(offer.subdomain)}/pay#${token}`,
  };
}

/**
 * `GET kiosk/storage/holds/{id}`: where the payment on the phone stands — `started` once the
 * customer's storage runs on the held door `idDevice` (the door opened), `waiting` while the hold
 * runs, `ended` otherwise. 404 for a door that is not this screen's.
 */
export async function holdState(
  ctx: StorageContext,
  kiosk: KioskAuth,
  userId: string,
  input: { id: string; idDevice: string },
): Promise<TKioskHoldState> {
  const found = await ctx.run(async (tx) => {
    if (!(await doorAt({ tx, ...place(kiosk), id: input.idDevice }))) throw NotFound(M.doorNotHere);
    const [started] = await customerStoragesAt({ tx, ...place(kiosk), userId, idDevice: input.idDevice });
    const organizationId = kiosk.organizationId;
    const waiting = await runningHold({ tx, organizationId, userId, id: input.id, now: ctx.now() });
    return { started, waiting: Boolean(waiting) };
  });
  if (found.started)
    return {
      state: 'started',
      opened: await openedAnswer(ctx, kiosk, M.doorOpened, found.started.id, input.idDevice),
    };
  return { state: found.waiting ? 'waiting' : 'ended', opened: null };
}

/** `DELETE kiosk/storage/holds/{id}`: the customer gives up paying; the held door is free again. */
export async function cancelHold(ctx: StorageContext, kiosk: KioskAuth, userId: string, id: string) {
  await ctx.run((tx) => deleteHold({ tx, organizationId: kiosk.organizationId, userId, id }));
}

/**
 * `POST kiosk/storage/{id}/end`: "Collect my things" — the customer's storage in progress at this
 * place ends through the Lite App's end (the partner API's pickup step: the door opens, the time
 * used is charged to the card given at the start). 404 for a storage that is not the customer's
 * or not at this place.
 */
export async function endAtScreen(
  ctx: StorageContext,
  kiosk: KioskAuth,
  userId: string,
  id: string,
): Promise<TKioskStorageEnded> {
  const mine = await ctx.run((tx) => customerStoragesAt({ tx, ...place(kiosk), userId }));
  const storage = mine.find((s) => s.id === id);
  if (!storage) throw NotFound(M.doorNotHere);
  const ended = await endWithReceipt(appContext(ctx, userId), id);
  const opened = await openedAnswer(ctx, kiosk, M.doorOpened, id, storage.idDevice);
  return { ...opened, total: ended.total, currency: ended.currency, sandbox: ended.sandbox };
}
