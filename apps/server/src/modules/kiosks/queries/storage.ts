import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { devices, lockerWallDoors, organizations, prices, sizes, transactions } from '../../../db/schema';
import { notHeldByAnother } from '../../customer-app';
import { placeDoors } from './place';

/**
 * What storage at the screen reads of its place (README: The screen at the wall, "Storage at the
 * screen"): the storage doors by size with their prices, a free one to start in, and the signed-in
 * customer's storages here. Doors and transactions change only through the life-cycle steps.
 */

type Place = { idLocation: string; idLockerWall: string | null };

/** The organization's sub-domain label (the Lite App's address) and whether the Lite App is on. */
export async function organizationApp({ tx, organizationId }: TxOrg) {
  const [o] = await tx
    .select({ subdomain: organizations.subdomain, liteApp: organizations.liteAppEnabled })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return o;
}

/**
 * The place's storage doors (not in maintenance), each with its size, status, price and whether it
 * is `open` to a new customer at `now` (no Lite App customer holds it while paying).
 */
export function placeStorageDoors({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
  now,
}: TxOrg<Place & { now: Date }>) {
  return tx
    .select({
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
    .where(and(placeDoors(organizationId, idLocation, idLockerWall), eq(devices.mode, 'storage')))
    .orderBy(asc(sizes.name), asc(devices.lockerNumber));
}

/**
 * The first free storage door of `idSize` at the place that no other customer holds at `now`
 * (with `accessible`, the accessible doors, then the lowest on the wall, first): its id, price id
 * and number; undefined when none is free.
 */
export async function freeStorageDoor({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
  idSize,
  userId,
  accessible,
  now,
}: TxOrg<Place & { idSize: string; userId: string; accessible: boolean; now: Date }>) {
  const row = sql<number | null>`(SELECT max(${lockerWallDoors.y}) FROM ${lockerWallDoors}
    WHERE ${lockerWallDoors.organizationId} = ${organizationId} AND ${lockerWallDoors.idDevice} = ${devices.id})`;
  const [d] = await tx
    .select({ id: devices.id, idPrice: devices.idPrice, lockerNumber: devices.lockerNumber })
    .from(devices)
    .where(
      and(
        placeDoors(organizationId, idLocation, idLockerWall),
        eq(devices.idSize, idSize),
        eq(devices.mode, 'storage'),
        eq(devices.status, 'available'),
        notHeldByAnother(organizationId, userId, now),
      ),
    )
    .orderBy(
      ...(accessible ? [desc(devices.adaCompliance), sql`${row} DESC NULLS LAST`] : []),
      asc(devices.lockerNumber),
      asc(devices.id),
    )
    .limit(1);
  return d;
}

/**
 * The customer's storages in progress at the place (`idDevice`: on that door only; `since`: started
 * since then), oldest first.
 */
export function customerStoragesAt({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
  userId,
  idDevice,
  since,
}: TxOrg<Place & { userId: string; idDevice?: string; since?: Date }>) {
  return tx
    .select({
      id: transactions.id,
      idDevice: devices.id,
      lockerNumber: devices.lockerNumber,
      startedAt: transactions.startedAt,
    })
    .from(transactions)
    .innerJoin(
      devices,
      and(eq(devices.id, transactions.idDevice), eq(devices.organizationId, organizationId)),
    )
    .where(
      and(
        eq(transactions.organizationId, organizationId),
        eq(transactions.idUser, userId),
        eq(transactions.type, 'storage'),
        eq(transactions.status, 'in_progress'),
        placeDoors(organizationId, idLocation, idLockerWall),
        idDevice ? eq(devices.id, idDevice) : undefined,
        since ? gte(transactions.createdAt, since) : undefined,
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}
