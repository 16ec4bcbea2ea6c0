import type { TRoleSet } from '@lockerops/contract';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { devices, lockerWallDoors, lockerWalls, products, sizes } from '../../db/schema';
import { historyRegistry } from '../../lib/crud/resource';

/** Every repository call acts for one organization, put in every `where` (CONTRIBUTING.md "Conventions"). */
export interface Scope {
  tx: Tx;
  organizationId: string;
}

export type WallRow = typeof lockerWalls.$inferSelect;

/** A door with the summary of its device (null when unassigned). */
export interface DoorRow {
  idLockerWall: string;
  x: number;
  y: number;
  kiosk: boolean;
  device: DeviceSummaryRow | null;
}

export interface DeviceSummaryRow {
  id: string;
  name: string;
  lockerNumber: number;
  status: string;
  lockStatus: string;
  mode: string;
  hardwareType: string;
  idLocation: string;
  sizeId: string | null;
  sizeName: string | null;
  productId: string | null;
  productName: string | null;
}

const deviceColumns = {
  id: devices.id,
  name: devices.name,
  lockerNumber: devices.lockerNumber,
  status: devices.status,
  lockStatus: devices.lockStatus,
  mode: devices.mode,
  hardwareType: devices.hardwareType,
  idLocation: devices.idLocation,
  sizeId: sizes.id,
  sizeName: sizes.name,
  productId: products.id,
  productName: products.name,
};

/** Walls of the organization, optionally of one location, by name. */
export function listWalls({ tx, organizationId }: Scope, idLocation?: string): Promise<WallRow[]> {
  return tx
    .select()
    .from(lockerWalls)
    .where(
      and(
        eq(lockerWalls.organizationId, organizationId),
        idLocation ? eq(lockerWalls.idLocation, idLocation) : undefined,
      ),
    )
    .orderBy(asc(lockerWalls.name), asc(lockerWalls.id));
}

/** One wall, locked for update when `lock` (every change to a wall and its doors takes this lock). */
export async function findWall(
  { tx, organizationId }: Scope,
  id: string,
  lock = false,
): Promise<WallRow | undefined> {
  const q = tx
    .select()
    .from(lockerWalls)
    .where(and(eq(lockerWalls.id, id), eq(lockerWalls.organizationId, organizationId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The doors of these walls with their devices, row by row. */
export async function doorsOf({ tx, organizationId }: Scope, wallIds: string[]): Promise<DoorRow[]> {
  if (!wallIds.length) return [];
  const rows = await tx
    .select({
      idLockerWall: lockerWallDoors.idLockerWall,
      x: lockerWallDoors.x,
      y: lockerWallDoors.y,
      kiosk: lockerWallDoors.kiosk,
      device: deviceColumns,
    })
    .from(lockerWallDoors)
    .leftJoin(
      devices,
      and(eq(devices.id, lockerWallDoors.idDevice), eq(devices.organizationId, organizationId)),
    )
    .leftJoin(sizes, and(eq(sizes.id, devices.idSize), eq(sizes.organizationId, organizationId)))
    .leftJoin(products, and(eq(products.id, devices.idProduct), eq(products.organizationId, organizationId)))
    .where(
      and(eq(lockerWallDoors.organizationId, organizationId), inArray(lockerWallDoors.idLockerWall, wallIds)),
    )
    .orderBy(asc(lockerWallDoors.y), asc(lockerWallDoors.x));
  // a left-joined nested object is null when the door has no device
  return rows.map((r) => ({ ...r, device: r.device?.id ? (r.device as DeviceSummaryRow) : null }));
}

/** One door of a wall, locked for update. */
export async function lockDoor({ tx, organizationId }: Scope, wallId: string, x: number, y: number) {
  const [row] = await tx
    .select()
    .from(lockerWallDoors)
    .where(
      and(
        eq(lockerWallDoors.organizationId, organizationId),
        eq(lockerWallDoors.idLockerWall, wallId),
        eq(lockerWallDoors.x, x),
        eq(lockerWallDoors.y, y),
      ),
    )
    .for('update');
  return row;
}

/** The kiosk door of a wall, if any. */
export async function kioskDoor({ tx, organizationId }: Scope, wallId: string) {
  const [row] = await tx
    .select()
    .from(lockerWallDoors)
    .where(
      and(
        eq(lockerWallDoors.organizationId, organizationId),
        eq(lockerWallDoors.idLockerWall, wallId),
        eq(lockerWallDoors.kiosk, true),
      ),
    );
  return row;
}

/** Creates the qty_wide × qty_tall doors of a wall, the kiosk at `kiosk` when given. */
export async function insertDoors(
  { tx, organizationId }: Scope,
  wallId: string,
  qtyWide: number,
  qtyTall: number,
  kiosk: { x: number; y: number } | null,
): Promise<void> {
  const values = [];
  for (let y = 1; y <= qtyTall; y++) {
    for (let x = 1; x <= qtyWide; x++) {
      values.push({
        organizationId,
        idLockerWall: wallId,
        x,
        y,
        kiosk: !!kiosk && kiosk.x === x && kiosk.y === y,
      });
    }
  }
  await tx.insert(lockerWallDoors).values(values);
}

/** Removes every door of a wall (its devices become unassigned). */
export async function deleteDoors({ tx, organizationId }: Scope, wallId: string): Promise<void> {
  await tx
    .delete(lockerWallDoors)
    .where(and(eq(lockerWallDoors.organizationId, organizationId), eq(lockerWallDoors.idLockerWall, wallId)));
}

/** Sets the device and kiosk flag of one door. */
export async function updateDoor(
  { tx, organizationId }: Scope,
  wallId: string,
  x: number,
  y: number,
  values: { idDevice?: string | null; kiosk?: boolean },
): Promise<void> {
  await tx
    .update(lockerWallDoors)
    .set(values)
    .where(
      and(
        eq(lockerWallDoors.organizationId, organizationId),
        eq(lockerWallDoors.idLockerWall, wallId),
        eq(lockerWallDoors.x, x),
        eq(lockerWallDoors.y, y),
      ),
    );
}

/** One device of the organization with its size. */
export async function findDevice({ tx, organizationId }: Scope, id: string) {
  const [row] = await tx
    .select(deviceColumns)
    .from(devices)
    .leftJoin(sizes, and(eq(sizes.id, devices.idSize), eq(sizes.organizationId, organizationId)))
    .leftJoin(products, and(eq(products.id, devices.idProduct), eq(products.organizationId, organizationId)))
    .where(and(eq(devices.id, id), eq(devices.organizationId, organizationId)));
  return row as DeviceSummaryRow | undefined;
}

/** The door a device sits in, if any. */
export async function doorOfDevice({ tx, organizationId }: Scope, idDevice: string) {
  const [row] = await tx
    .select({ idLockerWall: lockerWallDoors.idLockerWall, x: lockerWallDoors.x, y: lockerWallDoors.y })
    .from(lockerWallDoors)
    .where(and(eq(lockerWallDoors.organizationId, organizationId), eq(lockerWallDoors.idDevice, idDevice)));
  return row;
}

/** Devices of a location that sit in no door, by locker number. */
export async function unassignedDevices({ tx, organizationId }: Scope, idLocation: string) {
  const rows = await tx
    .select(deviceColumns)
    .from(devices)
    .leftJoin(sizes, and(eq(sizes.id, devices.idSize), eq(sizes.organizationId, organizationId)))
    .leftJoin(products, and(eq(products.id, devices.idProduct), eq(products.organizationId, organizationId)))
    .where(
      and(
        eq(devices.organizationId, organizationId),
        eq(devices.idLocation, idLocation),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(lockerWallDoors)
            .where(
              and(
                eq(lockerWallDoors.organizationId, organizationId),
                eq(lockerWallDoors.idDevice, devices.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(devices.lockerNumber), asc(devices.id));
  return rows as DeviceSummaryRow[];
}

/**
 * Makes the walls' audit entries readable through `GET history/{entity}/{id}` for `roles` (other
 * roles: 403; another organization's wall: 404). spec: operational §7 Locker walls.
 */
export function registerWallHistory(entity: string, roles: TRoleSet): void {
  historyRegistry.set(entity, { table: lockerWalls, roles });
}

/** Inserts a wall of the organization; answers its row. */
export async function insertWall(
  { tx, organizationId }: Scope,
  values: Omit<typeof lockerWalls.$inferInsert, 'organizationId'>,
): Promise<WallRow> {
  const [row] = await tx
    .insert(lockerWalls)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}

/** Sets columns of the organization's wall `id` (and its `updatedAt`). */
export async function updateWall(
  { tx, organizationId }: Scope,
  id: string,
  set: Partial<Omit<typeof lockerWalls.$inferInsert, 'organizationId' | 'id'>>,
): Promise<void> {
  await tx
    .update(lockerWalls)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(lockerWalls.id, id), eq(lockerWalls.organizationId, organizationId)));
}

/** Deletes the organization's wall `id` (its doors go with it). */
export async function deleteWallRow({ tx, organizationId }: Scope, id: string): Promise<void> {
  await tx
    .delete(lockerWalls)
    .where(and(eq(lockerWalls.id, id), eq(lockerWalls.organizationId, organizationId)));
}
