import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { devices, lockerWallDoors, lockerWalls, sizes, transactions } from '../../../db/schema';

/**
 * What a screen reads of its place (walls, doors, free delivery doors, the delivery a pickup
 * code names): nothing here changes a door or a transaction, which go through the life-cycle
 * steps, except the maintenance state of a door reported at the screen.
 */

/** The walls of a place (one wall when `idLockerWall`) with their doors' positions. */
export async function wallsOf({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
}: TxOrg<{ idLocation: string; idLockerWall: string | null }>) {
  const walls = await tx
    .select({
      id: lockerWalls.id,
      name: lockerWalls.name,
      qtyWide: lockerWalls.qtyWide,
      qtyTall: lockerWalls.qtyTall,
    })
    .from(lockerWalls)
    .where(
      and(
        eq(lockerWalls.organizationId, organizationId),
        eq(lockerWalls.idLocation, idLocation),
        idLockerWall ? eq(lockerWalls.id, idLockerWall) : undefined,
      ),
    )
    .orderBy(asc(lockerWalls.name), asc(lockerWalls.id));
  const doors = walls.length
    ? await tx
        .select({
          idWall: lockerWallDoors.idLockerWall,
          x: lockerWallDoors.x,
          y: lockerWallDoors.y,
          kiosk: lockerWallDoors.kiosk,
          id: devices.id,
          lockerNumber: devices.lockerNumber,
        })
        .from(lockerWallDoors)
        .innerJoin(lockerWalls, eq(lockerWalls.id, lockerWallDoors.idLockerWall))
        .leftJoin(
          devices,
          and(eq(devices.id, lockerWallDoors.idDevice), eq(devices.organizationId, organizationId)),
        )
        .where(
          and(
            eq(lockerWallDoors.organizationId, organizationId),
            eq(lockerWalls.organizationId, organizationId),
            eq(lockerWalls.idLocation, idLocation),
            idLockerWall ? eq(lockerWalls.id, idLockerWall) : undefined,
          ),
        )
    : [];
  return walls.map((w) => ({
    ...w,
    kiosk: doors.find((d) => d.idWall === w.id && d.kiosk) ?? null,
    doors: doors.filter((d) => d.idWall === w.id && d.id !== null),
  }));
}

/** The place's delivery doors: the kiosk's wall only when it serves one. */
export const placeDoors = (organizationId: string, idLocation: string, idLockerWall: string | null) =>
  and(
    eq(devices.organizationId, organizationId),
    eq(devices.idLocation, idLocation),
    idLockerWall
      ? sql`EXISTS (SELECT 1 FROM ${lockerWallDoors} WHERE ${lockerWallDoors.organizationId} = ${organizationId}
          AND ${lockerWallDoors.idDevice} = ${devices.id} AND ${lockerWallDoors.idLockerWall} = ${idLockerWall})`
      : undefined,
  );

/** The organization's sizes with the free delivery doors of each at the place. */
export async function freeSizes({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
}: TxOrg<{ idLocation: string; idLockerWall: string | null }>) {
  return tx
    .select({ id: sizes.id, name: sizes.name, free: count(devices.id) })
    .from(sizes)
    .leftJoin(
      devices,
      and(
        eq(devices.idSize, sizes.id),
        eq(devices.mode, 'delivery'),
        eq(devices.status, 'available'),
        placeDoors(organizationId, idLocation, idLockerWall),
      ),
    )
    .where(eq(sizes.organizationId, organizationId))
    .groupBy(sizes.id, sizes.name)
    .orderBy(asc(sizes.name));
}

/**
 * Free delivery doors of `idSize` at the place, best first: with `accessible`, the doors marked
 * accessible, then the lowest on the wall (the highest row number) first; otherwise by locker
 * number. At most `limit` (a taken door is passed over by the caller).
 */
export async function freeDoors({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
  idSize,
  accessible,
  limit,
}: TxOrg<{
  idLocation: string;
  idLockerWall: string | null;
  idSize: string;
  accessible: boolean;
  limit: number;
}>) {
  const row = sql<number | null>`(SELECT max(${lockerWallDoors.y}) FROM ${lockerWallDoors}
    WHERE ${lockerWallDoors.organizationId} = ${organizationId} AND ${lockerWallDoors.idDevice} = ${devices.id})`;
  return tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        placeDoors(organizationId, idLocation, idLockerWall),
        eq(devices.idSize, idSize),
        eq(devices.mode, 'delivery'),
        eq(devices.status, 'available'),
      ),
    )
    .orderBy(
      ...(accessible ? [desc(devices.adaCompliance), sql`${row} DESC NULLS LAST`] : []),
      asc(devices.lockerNumber),
      asc(devices.id),
    )
    .limit(limit);
}

/** A door of the place (404 for any other), with where it sits on a wall. */
export async function doorAt({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
  id,
}: TxOrg<{ idLocation: string; idLockerWall: string | null; id: string }>) {
  const [d] = await tx
    .select({
      id: devices.id,
      lockerNumber: devices.lockerNumber,
      idLockerWall: lockerWallDoors.idLockerWall,
      x: lockerWallDoors.x,
      y: lockerWallDoors.y,
    })
    .from(devices)
    .leftJoin(
      lockerWallDoors,
      and(eq(lockerWallDoors.idDevice, devices.id), eq(lockerWallDoors.organizationId, organizationId)),
    )
    .where(and(placeDoors(organizationId, idLocation, idLockerWall), eq(devices.id, id)));
  return d;
}

/**
 * The delivery awaiting pickup at the place whose pickup code is `code` (the oldest when two share
 * it), or undefined.
 */
export async function deliveryByCode({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
  code,
}: TxOrg<{ idLocation: string; idLockerWall: string | null; code: string }>) {
  const [t] = await tx
    .select({ id: transactions.id, idDevice: transactions.idDevice })
    .from(transactions)
    .innerJoin(
      devices,
      and(eq(devices.id, transactions.idDevice), eq(devices.organizationId, organizationId)),
    )
    .where(
      and(
        eq(transactions.organizationId, organizationId),
        eq(transactions.type, 'delivery'),
        eq(transactions.status, 'awaiting_user_pickup'),
        eq(transactions.pickupCode, code),
        isNotNull(transactions.idDevice),
        placeDoors(organizationId, idLocation, idLockerWall),
      ),
    )
    .orderBy(asc(transactions.createdAt))
    .limit(1);
  return t;
}
