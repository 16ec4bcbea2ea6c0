import {
  CUSTOMER_APP_MESSAGES,
  CUSTOMER_RENTAL_MESSAGES,
  type TCustomerLocation,
  type TCustomerLocker,
  type TCustomerParcel,
  TRANSACTION_MESSAGES,
} from '@lockerops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MailAdapter } from '../../../adapters/mail';
import type { Tx } from '../../../db/client';
import { HttpError, NotFound } from '../../../errors';
import { organizationTimeZone } from '../../dashboard';
import { unlockDevices } from '../../devices';
import { type StepContext, start, userPickup } from '../../transactions';
import { deleteHold, runningHold } from '../queries/holds';
import {
  customerLocker,
  customerLockers,
  customerParcelCode,
  customerParcels,
  doorForUnlock,
  freeDoor,
  organizationModes,
  placeOfDoor,
  publicPlaces,
  storageDoors,
} from '../queries/lockers';

/*
 * Find a locker and run its life cycle from the customer's hand (README "Lite App"): the places
 * and their free doors, then the partner API's own steps (`start`, `userPickup`) acting as the
 * app for the signed-in customer — no rule of the life cycle is written here. Every call on a
 * transaction first checks it is the customer's own (another's answers 404).
 */

/** Great-circle distance between two points, metres. */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * `GET customer/{organization}/locations`: public places (name or address matching `search`; only
 * the place of the door `device` when given: a door's QR code),
 * nearest first when the customer shared where they are, each with its storage doors by size —
 * how many are free and the price of a free one (null: free of charge) — and the organization's
 * modes.
 */
export async function findLocations({
  tx,
  organizationId,
  q,
  now,
}: {
  tx: Tx;
  organizationId: string;
  q: { search?: string; lat?: number; lng?: number; device?: string };
  now: Date;
}): Promise<{ items: TCustomerLocation[]; modes: string[] }> {
  const doorPlace = q.device ? await placeOfDoor({ tx, organizationId, id: q.device }) : undefined;
  const places = (await publicPlaces({ tx, organizationId, search: q.search })).filter(
    (p) => !q.device || p.id === doorPlace,
  );
  const doors = await storageDoors({ tx, organizationId, now });
  const zone = await organizationTimeZone({ tx, organizationId });
  const here = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined;
  const items = places.map((p) => {
    const bySize = new Map<string, TCustomerLocation['sizes'][number]>();
    for (const d of doors) {
      if (d.idLocation !== p.id) continue;
      const s = bySize.get(d.sizeId) ?? { id: d.sizeId, name: d.sizeName, free: 0, price: null };
      if (d.status === 'available' && d.open) {
        s.free += 1;
        if (d.amount !== null && !s.price)
          s.price = { amount: d.amount, currency: d.currency!, unit: d.unit!, unit_amount: d.unitAmount };
      }
      bySize.set(d.sizeId, s);
    }
    return {
      id: p.id,
      name: p.name,
      address: p.address,
      time_zone: p.timeZone || zone,
      distance_m:
        here && p.latitude !== null && p.longitude !== null
          ? Math.round(metresBetween(here, { lat: p.latitude, lng: p.longitude }))
          : null,
      sizes: [...bySize.values()],
    };
  });
  if (here) items.sort((a, b) => (a.distance_m ?? Infinity) - (b.distance_m ?? Infinity));
  return { items, modes: await organizationModes({ tx, organizationId }) };
}

type LockerRow = NonNullable<Awaited<ReturnType<typeof customerLocker>>>;

/** The answer's shape of a customer's transaction. */
const lockerOf = (r: LockerRow, zone: string, sandbox: boolean): TCustomerLocker => ({
  id: r.id,
  type: r.type,
  status: r.status,
  locker_number: r.lockerNumber,
  location: r.location,
  time_zone: r.timeZone || zone,
  started_at: r.startedAt?.toISOString() ?? null,
  ended_at: r.endedAt?.toISOString() ?? null,
  total: r.total,
  currency: r.currency,
  invoice_id: r.invoiceId,
  sandbox,
  product: r.product,
  photo: Boolean(r.imageUrl),
  wall:
    r.wallWide !== null && r.wallTall !== null && r.doorX !== null && r.doorY !== null
      ? { qty_wide: r.wallWide, qty_tall: r.wallTall, x: r.doorX, y: r.doorY }
      : null,
});

/** What the life cycle calls need: the step context and who the customer is. */
export interface LockerContext {
  step: StepContext & { run: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> };
  customerId: string;
  /** The app's clock: a hold of a door ends by it (tests move it). */
  now: () => Date;
  /** Where the customer's receipt e-mails go out (none: no receipt is mailed). */
  receipts?: { mail: MailAdapter; log: FastifyBaseLogger };
}

/** The customer's transaction `id` in the answer's shape; 404 when it is not theirs. */
export async function lockerOr404(c: LockerContext, id: string): Promise<TCustomerLocker> {
  const organizationId = c.step.auth.organizationId;
  return c.step.run(async (tx) => {
    const row = await customerLocker({ tx, organizationId, userId: c.customerId, id });
    if (!row) throw NotFound(CUSTOMER_APP_MESSAGES.lockerNotFound);
    const zone = await organizationTimeZone({ tx, organizationId });
    return lockerOf(row, zone, c.step.charges.kind === 'sandbox');
  });
}

/** `GET customer/{organization}/lockers`: the customer's transactions, newest first. */
export async function myLockers(c: LockerContext): Promise<{ items: TCustomerLocker[] }> {
  const organizationId = c.step.auth.organizationId;
  return c.step.run(async (tx) => {
    const rows = await customerLockers({ tx, organizationId, userId: c.customerId });
    const zone = await organizationTimeZone({ tx, organizationId });
    return { items: rows.map((r) => lockerOf(r, zone, c.step.charges.kind === 'sandbox')) };
  });
}

/**
 * `POST customer/{organization}/lockers`: a storage on the first free door of the size at the
 * place, for the customer, through the partner API's `start` step (the door opens through the
 * lock adapter; the step's own refusals apply). A priced door needs the card first
 * (`payment_method`, 402 without it): the door opens only with a card to charge at the end. 409
 * when no door of the size is free — doors other customers hold while they pay are not. With
 * `id_hold` (the customer's running hold, `holdDoor`), the held door is started and the hold ends;
 * 409 when the hold has ended.
 */
export async function startStorage(
  c: LockerContext,
  body: { id_location: string; id_size: string; payment_method?: string; id_hold?: string },
): Promise<TCustomerLocker> {
  const organizationId = c.step.auth.organizationId;
  const now = c.now();
  const door = await c.step.run(async (tx) => {
    const held = body.id_hold
      ? await runningHold({ tx, organizationId, userId: c.customerId, id: body.id_hold, now })
      : undefined;
    if (body.id_hold && !held) throw new HttpError(409, CUSTOMER_RENTAL_MESSAGES.holdEnded);
    return freeDoor({
      tx,
      organizationId,
      locationId: body.id_location,
      sizeId: body.id_size,
      userId: c.customerId,
      now,
      deviceId: held?.idDevice,
    });
  });
  if (!door) throw new HttpError(409, CUSTOMER_APP_MESSAGES.noFreeDoor);
  if (door.idPrice && !body.payment_method) throw new HttpError(402, CUSTOMER_APP_MESSAGES.paymentRequired);
  const id = await start(c.step, {
    mode: 'storage',
    id_device: door.id,
    id_user: c.customerId,
    payment_method: body.payment_method,
  });
  const hold = body.id_hold;
  if (hold) await c.step.run((tx) => deleteHold({ tx, organizationId, userId: c.customerId, id: hold }));
  return lockerOr404(c, id);
}

/**
 * `POST customer/{organization}/lockers/{id}/open`: opens the door of the customer's storage in
 * progress again (the devices' unlock, recorded in the door's timeline as the app's). 409 when
 * it is not in progress.
 */
export async function openAgain(c: LockerContext, id: string): Promise<TCustomerLocker> {
  const locker = await lockerOr404(c, id);
  if (locker.status !== 'in_progress')
    throw new HttpError(409, TRANSACTION_MESSAGES.notAllowed('open', locker.status, locker.type));
  const row = await c.step.run((tx) =>
    customerLocker({ tx, organizationId: c.step.auth.organizationId, userId: c.customerId, id }),
  );
  const outcome = await unlockDevices(
    c.step.run,
    c.step.auth,
    c.step.locks,
    (tx) => doorForUnlock({ tx, organizationId: c.step.auth.organizationId, id: row!.idDevice! }),
    'Lite App: open again',
  );
  if (outcome.failed.length) throw new HttpError(502, outcome.failed[0]!.detail);
  return locker;
}

/**
 * `POST customer/{organization}/lockers/{id}/end`: the customer's pickup through the partner
 * API's `userPickup` step — the door opens, the time used is charged to the card given at the
 * start, the door is free again. 404 when it is not the customer's.
 */
export async function endLocker(c: LockerContext, id: string): Promise<TCustomerLocker> {
  await lockerOr404(c, id);
  await userPickup(c.step, { id });
  return lockerOr404(c, id);
}

/**
 * `GET customer/{organization}/parcels`: the deliveries to the customer (they are the recipient)
 * waiting in a locker, oldest first, without their pickup codes.
 */
export async function myParcels(c: LockerContext): Promise<{ items: TCustomerParcel[] }> {
  const organizationId = c.step.auth.organizationId;
  return c.step.run(async (tx) => {
    const rows = await customerParcels({ tx, organizationId, userId: c.customerId });
    const zone = await organizationTimeZone({ tx, organizationId });
    return {
      items: rows.map((r) => ({
        id: r.id,
        locker_number: r.lockerNumber,
        location: r.location,
        time_zone: r.timeZone || zone,
        started_at: r.startedAt?.toISOString() ?? null,
        pickup_by: r.expiresAt?.toISOString() ?? null,
      })),
    };
  });
}

/**
 * `POST customer/{organization}/parcels/{id}/open`: the signed-in recipient's tap stands for
 * typing the pickup code — the code is read here and handed to the partner API's `userPickup`
 * step, which checks it and opens the door like any pickup. 404 when the parcel is not the
 * customer's or no longer waiting (picked up, expired, removed).
 */
export async function openParcel(c: LockerContext, id: string): Promise<TCustomerLocker> {
  const parcel = await c.step.run((tx) =>
    customerParcelCode({ tx, organizationId: c.step.auth.organizationId, userId: c.customerId, id }),
  );
  if (!parcel) throw NotFound(CUSTOMER_APP_MESSAGES.parcelNotFound);
  await userPickup(c.step, { id, code: parcel.pickupCode ?? undefined });
  return lockerOr404(c, id);
}
