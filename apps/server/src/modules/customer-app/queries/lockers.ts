import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import {
  devices,
  locations,
  lockerWallDoors,
  lockerWalls,
  organizations,
  prices,
  products,
  sizes,
  transactions,
} from '../../../db/schema';
import { notHeldByAnother } from './holds';

/*
 * What the Lite App finds and shows: public places with their storage doors, a free door of a
 * size, and the customer's own transactions. Every statement names its organization.
 */

/** Public places (not hidden, not restricted to users or groups), by name; `search` in name or address. */
export function publicPlaces({
  tx,
  organizationId,
  search,
}: {
  tx: Tx;
  organizationId: string;
  search?: string;
}) {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return tx
    .select({
      id: locations.id,
      name: locations.name,
      address: locations.address,
      latitude: locations.latitude,
      longitude: locations.longitude,
      timeZone: locations.timeZone,
    })
    .from(locations)
    .where(
      and(
        eq(locations.organizationId, organizationId),
        eq(locations.hidden, false),
        isNull(locations.restrictionType),
        like ? or(ilike(locations.name, like), ilike(locations.address, like)) : undefined,
      ),
    )
    .orderBy(asc(locations.name))
    .limit(200);
}

/** The place of the door `id`, or undefined. */
export async function placeOfDoor({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  const [d] = await tx
    .select({ idLocation: devices.idLocation })
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), eq(devices.id, id)));
  return d?.idLocation ?? undefined;
}

/**
 * The storage doors of the organization (not in maintenance): place, size, status, price and
 * whether they are `open` to a new customer at `now` (no customer holds them while paying).
 */
export function storageDoors({ tx, organizationId, now }: { tx: Tx; organizationId: string; now: Date }) {
  return tx
    .select({
      idLocation: devices.idLocation,
      open: sql<boolean>`${notHeldByAnother(organizationId, undefined, now)}`,
      sizeId: sizes.id,
      sizeName: sizes.name,
      status: devices.status,
      amount: prices.amount,
      currency: prices.currency,
      unit: prices.unit,
      unitAmount: prices.unitAmount,
    })
    .from(devices)
    .innerJoin(sizes, and(eq(sizes.id, devices.idSize), eq(sizes.organizationId, organizationId)))
    .leftJoin(prices, and(eq(prices.id, devices.idPrice), eq(prices.organizationId, organizationId)))
    .where(and(eq(devices.organizationId, organizationId), eq(devices.mode, 'storage')))
    .orderBy(asc(sizes.name));
}

/**
 * The first available storage door of `sizeId` at `locationId` (lowest locker number) that no other
 * customer holds at `now` while paying, with its price id and number; `deviceId`: that door only
 * (the customer's own hold).
 */
export async function freeDoor({
  tx,
  organizationId,
  locationId,
  sizeId,
  userId,
  now,
  deviceId,
}: {
  tx: Tx;
  organizationId: string;
  locationId: string;
  sizeId: string;
  userId: string;
  now: Date;
  deviceId?: string;
}) {
  const [d] = await tx
    .select({ id: devices.id, idPrice: devices.idPrice, lockerNumber: devices.lockerNumber })
    .from(devices)
    .innerJoin(
      locations,
      and(
        eq(locations.id, devices.idLocation),
        eq(locations.organizationId, organizationId),
        eq(locations.hidden, false),
        isNull(locations.restrictionType),
      ),
    )
    .where(
      and(
        eq(devices.organizationId, organizationId),
        eq(devices.idLocation, locationId),
        eq(devices.idSize, sizeId),
        eq(devices.mode, 'storage'),
        eq(devices.status, 'available'),
        deviceId ? eq(devices.id, deviceId) : undefined,
        notHeldByAnother(organizationId, userId, now),
      ),
    )
    .orderBy(asc(devices.lockerNumber))
    .limit(1);
  return d;
}

/** The modes the organization runs (its mode flags). */
export async function organizationModes({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const [o] = await tx
    .select({
      storage: organizations.storageMode,
      rental: organizations.rentalMode,
      delivery: organizations.deliveryMode,
      service: organizations.serviceMode,
      vending: organizations.vendingMode,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return o ? Object.entries(o).flatMap(([mode, on]) => (on ? [mode] : [])) : [];
}

const lockerColumns = {
  id: transactions.id,
  type: transactions.type,
  status: transactions.status,
  idDevice: transactions.idDevice,
  lockerNumber: devices.lockerNumber,
  location: locations.name,
  timeZone: locations.timeZone,
  startedAt: transactions.startedAt,
  endedAt: transactions.endedAt,
  total: transactions.total,
  currency: transactions.currency,
  invoiceId: transactions.invoiceId,
  paymentRef: transactions.paymentRef,
  imageUrl: transactions.imageUrl,
  product: products.name,
  wallWide: lockerWalls.qtyWide,
  wallTall: lockerWalls.qtyTall,
  doorX: lockerWallDoors.x,
  doorY: lockerWallDoors.y,
};

/** The wall door the transaction's door sits in (its place on the wall's picture). */
const wallDoorOf = (organizationId: string) =>
  and(
    eq(lockerWallDoors.idDevice, transactions.idDevice),
    eq(lockerWallDoors.organizationId, organizationId),
  );
/** That door's wall (its grid). */
const wallOf = (organizationId: string) =>
  and(eq(lockerWalls.id, lockerWallDoors.idLockerWall), eq(lockerWalls.organizationId, organizationId));

/** A rental's product. */
const productOf = (organizationId: string) =>
  and(eq(products.id, transactions.idProduct), eq(products.organizationId, organizationId));

/** The customer's transactions, newest first (at most 100). */
export function customerLockers({
  tx,
  organizationId,
  userId,
}: {
  tx: Tx;
  organizationId: string;
  userId: string;
}) {
  return tx
    .select(lockerColumns)
    .from(transactions)
    .leftJoin(devices, and(eq(devices.id, transactions.idDevice), eq(devices.organizationId, organizationId)))
    .leftJoin(
      locations,
      and(eq(locations.id, transactions.idLocation), eq(locations.organizationId, organizationId)),
    )
    .leftJoin(lockerWallDoors, wallDoorOf(organizationId))
    .leftJoin(lockerWalls, wallOf(organizationId))
    .leftJoin(products, productOf(organizationId))
    .where(and(eq(transactions.organizationId, organizationId), eq(transactions.idUser, userId)))
    .orderBy(desc(transactions.createdAt))
    .limit(100);
}

/** The customer's transaction `id`, or undefined (another's: undefined too). */
export async function customerLocker({
  tx,
  organizationId,
  userId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  userId: string;
  id: string;
}) {
  const [row] = await tx
    .select(lockerColumns)
    .from(transactions)
    .leftJoin(devices, and(eq(devices.id, transactions.idDevice), eq(devices.organizationId, organizationId)))
    .leftJoin(
      locations,
      and(eq(locations.id, transactions.idLocation), eq(locations.organizationId, organizationId)),
    )
    .leftJoin(lockerWallDoors, wallDoorOf(organizationId))
    .leftJoin(lockerWalls, wallOf(organizationId))
    .leftJoin(products, productOf(organizationId))
    .where(
      and(
        eq(transactions.organizationId, organizationId),
        eq(transactions.idUser, userId),
        eq(transactions.id, id),
      ),
    );
  return row;
}

/** The door `id`, locked for its unlock. */
export function doorForUnlock({ tx, organizationId, id }: { tx: Tx; organizationId: string; id: string }) {
  return tx
    .select()
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), eq(devices.id, id)))
    .for('update');
}

/** A delivery to the user waiting in a locker: dropped off in a door it holds, not picked up. */
const waitingParcel = (organizationId: string, userId: string) =>
  and(
    eq(transactions.organizationId, organizationId),
    eq(transactions.idUser, userId),
    eq(transactions.type, 'delivery'),
    eq(transactions.status, 'awaiting_user_pickup'),
    eq(transactions.deviceHeld, true),
    isNotNull(transactions.idDevice),
  );

const parcelColumns = {
  id: transactions.id,
  lockerNumber: devices.lockerNumber,
  location: locations.name,
  timeZone: locations.timeZone,
  startedAt: transactions.startedAt,
  expiresAt: transactions.expiresAt,
};

/** The parcels waiting for the user in a locker, oldest first (at most 100). */
export function customerParcels({
  tx,
  organizationId,
  userId,
}: {
  tx: Tx;
  organizationId: string;
  userId: string;
}) {
  return tx
    .select(parcelColumns)
    .from(transactions)
    .leftJoin(devices, and(eq(devices.id, transactions.idDevice), eq(devices.organizationId, organizationId)))
    .leftJoin(
      locations,
      and(eq(locations.id, transactions.idLocation), eq(locations.organizationId, organizationId)),
    )
    .where(waitingParcel(organizationId, userId))
    .orderBy(asc(transactions.createdAt))
    .limit(100);
}

/**
 * The user's waiting parcel `id` with its pickup code (for the pickup step only, never answered),
 * or undefined (another's, or not waiting: undefined too).
 */
export async function customerParcelCode({
  tx,
  organizationId,
  userId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  userId: string;
  id: string;
}) {
  const [row] = await tx
    .select({ id: transactions.id, pickupCode: transactions.pickupCode })
    .from(transactions)
    .where(and(waitingParcel(organizationId, userId), eq(transactions.id, id)));
  return row;
}
