import {
  countDoors,
  doorStateOf,
  kioskSpot,
  LOCKER_WALL_MESSAGES as M,
  type TLockerWall,
  type TLockerWallActionResponse,
  type TLockerWallCreateOutput,
  type TWallDevice,
  type TWallDoor,
  ZLockerWall,
  ZLockerWallCreateRequest,
  ZWallDevice,
} from '@lockerops/contract';
import type { AuthContext, TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { existsIn } from '../../lib/crud/exists';
import { fromWire, wireOf } from '../../lib/wire';
import type { DeviceSummaryRow, DoorRow, Scope, WallRow } from './queries';
import * as repo from './queries';

/** Audit entity and history key of a wall: `GET history/locker_wall/{id}`. */
export const WALL_ENTITY = 'locker_wall';

const scopeOf = (tx: Tx, auth: AuthContext): Scope => ({ tx, organizationId: auth.organizationId });

/** The wire form of a device in a door. */
export function deviceWire(d: DeviceSummaryRow): TWallDevice {
  return wireOf(ZWallDevice, d, {
    size: d.sizeId ? { id: d.sizeId, name: d.sizeName ?? '' } : null,
    product: d.productId ? { id: d.productId, name: d.productName ?? '' } : null,
  });
}

/** Walls with their doors, states and legend counts, in one query for all their doors. */
export async function wallsWire(s: Scope, walls: WallRow[]): Promise<TLockerWall[]> {
  const doors = await repo.doorsOf(
    s,
    walls.map((w) => w.id),
  );
  const byWall = new Map<string, DoorRow[]>();
  for (const d of doors) byWall.set(d.idLockerWall, [...(byWall.get(d.idLockerWall) ?? []), d]);
  return walls.map((w) => {
    const lockers: TWallDoor[] = (byWall.get(w.id) ?? []).map((d) => ({
      x: d.x,
      y: d.y,
      kiosk: d.kiosk,
      id: d.device?.id ?? null,
      state: doorStateOf(d),
      device: d.device ? deviceWire(d.device) : null,
    }));
    return wireOf(ZLockerWall, w, {
      lockers,
      devices: lockers.flatMap((l) => (l.id ? [l.id] : [])),
      counts: countDoors(lockers),
    });
  });
}

async function wallWire(s: Scope, id: string): Promise<TLockerWall> {
  const wall = await repo.findWall(s, id);
  if (!wall) throw NotFound(M.wallNotFound);
  return (await wallsWire(s, [wall]))[0]!;
}

/** The audited form of a wall: its fields, the kiosk door and the assignments `{ "x,y": device id }`. */
function auditForm(wall: TLockerWall): Record<string, unknown> {
  const kiosk = wall.lockers.find((l) => l.kiosk);
  return {
    id_location: wall.id_location,
    name: wall.name,
    description: wall.description,
    custom_id: wall.custom_id,
    image: wall.image,
    qty_tall: wall.qty_tall,
    qty_wide: wall.qty_wide,
    is_kiosk: wall.is_kiosk,
    kiosk: kiosk ? `${kiosk.x},${kiosk.y}` : null,
    assignments: Object.fromEntries(wall.lockers.filter((l) => l.id).map((l) => [`${l.x},${l.y}`, l.id])),
  };
}

const deviceLabel = (d: DeviceSummaryRow | null | undefined) =>
  d ? { id: d.id, name: d.name, locker_number: d.lockerNumber } : null;

/** A unique violation (PostgreSQL 23505), looked for through wrapped causes. */
function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Answers 404 unless the location is one of the organization's. */
async function requireLocation(s: Scope, id: string): Promise<void> {
  if (!(await existsIn({ tx: s.tx, organizationId: s.organizationId, table: 'locations', id })))
    throw NotFound(M.locationNotFound);
}

/** `GET locker-walls`: the organization's walls, of one location when `idLocation` is given (404 if unknown). */
export async function listWalls({
  tx,
  auth,
  idLocation,
}: TxAuth<{ idLocation?: string }>): Promise<TLockerWall[]> {
  const s = scopeOf(tx, auth);
  if (idLocation) await requireLocation(s, idLocation);
  return wallsWire(s, await repo.listWalls(s, idLocation));
}

/** `GET locker-walls/{id}`; 404 for a missing wall or one of another organization. */
export function getWall({ tx, auth, id }: TxAuth<{ id: string }>): Promise<TLockerWall> {
  return wallWire(scopeOf(tx, auth), id);
}

/**
 * Creates a wall and its qty_wide × qty_tall empty doors; with `is_kiosk` the middle door is the
 * kiosk. 404 when the location is not the organization's (spec: operational §5 Locker wall).
 */
export async function createWall({ tx, auth, input }: TxAuth<{ input: TLockerWallCreateOutput }>) {
  const s = scopeOf(tx, auth);
  await requireLocation(s, input.id_location);
  const row = await repo.insertWall(s, fromWire(ZLockerWallCreateRequest, input));
  await repo.insertDoors(
    s,
    row!.id,
    input.qty_wide,
    input.qty_tall,
    input.is_kiosk ? kioskSpot(input.qty_wide, input.qty_tall) : null,
  );
  const wall = await wallWire(s, row!.id);
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: WALL_ENTITY,
      entityId: wall.id,
      action: 'create',
      after: auditForm(wall),
    },
  });
  return wall;
}

/**
 * Updates a wall. Changing qty_wide, qty_tall or the location rebuilds the doors, so every door is
 * unassigned (the console warns first). Turning `is_kiosk` on places the kiosk on the free door
 * nearest the middle (409 when every door holds a locker); turning it off removes the kiosk.
 */
export async function updateWall({
  tx,
  auth,
  id,
  input,
}: TxAuth<{ id: string; input: TLockerWallCreateOutput }>) {
  const s = scopeOf(tx, auth);
  const existing = await repo.findWall(s, id, true);
  if (!existing) throw NotFound(M.wallNotFound);
  if (input.id_location !== existing.idLocation) await requireLocation(s, input.id_location);
  const before = await wallWire(s, id);
  const rebuild =
    input.qty_wide !== existing.qtyWide ||
    input.qty_tall !== existing.qtyTall ||
    input.id_location !== existing.idLocation;

  if (rebuild) {
    await repo.deleteDoors(s, id);
    await repo.insertDoors(
      s,
      id,
      input.qty_wide,
      input.qty_tall,
      input.is_kiosk ? kioskSpot(input.qty_wide, input.qty_tall) : null,
    );
  } else if (input.is_kiosk !== existing.isKiosk) {
    const current = before.lockers.find((l) => l.kiosk);
    if (current) await repo.updateDoor(s, id, current.x, current.y, { kiosk: false });
    if (input.is_kiosk) {
      const free = new Set(before.lockers.filter((l) => !l.id).map((l) => `${l.x},${l.y}`));
      const spot = kioskSpot(input.qty_wide, input.qty_tall, (x, y) => free.has(`${x},${y}`));
      if (!spot) throw Conflict(M.noFreeDoorForKiosk);
      await repo.updateDoor(s, id, spot.x, spot.y, { kiosk: true });
    }
  }
  await repo.updateWall(s, id, fromWire(ZLockerWallCreateRequest, input));
  const after = await wallWire(s, id);
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: WALL_ENTITY,
      entityId: id,
      action: 'update',
      before: auditForm(before),
      after: auditForm(after),
    },
  });
  return after;
}

/** Deletes a wall and its doors (their devices become unassigned); 404 for another organization's id. */
export async function deleteWall({ tx, auth, id }: TxAuth<{ id: string }>): Promise<void> {
  const s = scopeOf(tx, auth);
  const existing = await repo.findWall(s, id, true);
  if (!existing) throw NotFound(M.wallNotFound);
  const before = await wallWire(s, id);
  await repo.deleteWallRow(s, id);
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: WALL_ENTITY,
      entityId: id,
      action: 'delete',
      before: auditForm(before),
    },
  });
}

/** The door (x, y) of a locked wall, or 400 when the wall has no such door. */
async function lockedDoorOf(s: Scope, wall: WallRow, x: number, y: number) {
  if (x > wall.qtyWide || y > wall.qtyTall) throw BadRequest(M.doorOutside);
  const door = await repo.lockDoor(s, wall.id, x, y);
  if (!door) throw BadRequest(M.doorOutside);
  return door;
}

async function lockWall(s: Scope, id: string): Promise<WallRow> {
  const wall = await repo.findWall(s, id, true);
  if (!wall) throw NotFound(M.wallNotFound);
  return wall;
}

/**
 * `PATCH locker-walls/{id}/doors`: assign, reassign or unassign the device of door (x, y)
 * (spec: operational §4 Locker wall door). The wall row is locked, so actions on one wall run one
 * after the other; the unique index on the door's device makes two walls unable to take the same
 * device at once. Errors: 404 wall or device not the organization's; 400 door outside the wall,
 * device of another location; 409 'This locker is already assigned.' (the device sits in a door, or
 * the door is taken and `reassign` is false), kiosk door, unassigning an empty door.
 */
export async function setDoor({
  tx,
  auth,
  id,
  req,
}: TxAuth<{
  id: string;
  req: { x: number; y: number; id_device: string | null; reassign: boolean };
}>): Promise<TLockerWallActionResponse> {
  const s = scopeOf(tx, auth);
  const wall = await lockWall(s, id);
  const door = await lockedDoorOf(s, wall, req.x, req.y);
  const current = door.idDevice ? await repo.findDevice(s, door.idDevice) : undefined;

  if (req.id_device === null) {
    if (door.kiosk || !door.idDevice) throw Conflict(M.doorEmpty);
    await repo.updateDoor(s, id, req.x, req.y, { idDevice: null });
    await audit(tx, auth, id, 'unassign', req, current, null);
    return { detail: M.unassigned, wall: await wallWire(s, id) };
  }

  const device = await repo.findDevice(s, req.id_device);
  if (!device) throw NotFound(M.deviceNotFound);
  if (device.idLocation !== wall.idLocation) throw BadRequest(M.deviceElsewhere);
  if (door.kiosk) throw Conflict(M.kioskDoor);
  if (await repo.doorOfDevice(s, device.id)) throw Conflict(M.alreadyAssigned);
  if (door.idDevice && !req.reassign) throw Conflict(M.alreadyAssigned);

  try {
    await repo.updateDoor(s, id, req.x, req.y, { idDevice: device.id });
  } catch (err) {
    // another wall took the device after our check: the unique index decided
    if (isUniqueViolation(err)) throw Conflict(M.alreadyAssigned);
    throw err;
  }
  const action = door.idDevice ? 'reassign' : 'assign';
  await audit(tx, auth, id, action, req, current, device);
  return { detail: action === 'reassign' ? M.reassigned : M.assigned, wall: await wallWire(s, id) };
}

async function audit(
  tx: Tx,
  auth: AuthContext,
  wallId: string,
  action: string,
  at: { x: number; y: number },
  before: DeviceSummaryRow | null | undefined,
  after: DeviceSummaryRow | null | undefined,
) {
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: WALL_ENTITY,
      entityId: wallId,
      action,
      changes: { [`door ${at.x},${at.y}`]: { before: deviceLabel(before), after: deviceLabel(after) } },
    },
  });
}

/**
 * `PATCH locker-walls/{id}/kiosk`: moves the kiosk to door (x, y); a locker in that door takes the
 * kiosk's old door (the two swap). On a wall without a kiosk it places one there (409 when that door
 * holds a locker). Answers 'Kiosk successfully moved'.
 */
export async function moveKiosk({
  tx,
  auth,
  id,
  req,
}: TxAuth<{ id: string; req: { x: number; y: number } }>): Promise<TLockerWallActionResponse> {
  const s = scopeOf(tx, auth);
  const wall = await lockWall(s, id);
  const target = await lockedDoorOf(s, wall, req.x, req.y);
  const from = await repo.kioskDoor(s, id);
  if (from && from.x === req.x && from.y === req.y)
    return { detail: M.kioskMoved, wall: await wallWire(s, id) };
  if (!from && target.idDevice) throw Conflict(M.kioskOnAssigned);
  const moved = target.idDevice;
  // free the target first: a device sits in one door and a wall has one kiosk (unique indexes)
  await repo.updateDoor(s, id, req.x, req.y, { idDevice: null });
  if (from) await repo.updateDoor(s, id, from.x, from.y, { kiosk: false, idDevice: moved });
  await repo.updateDoor(s, id, req.x, req.y, { kiosk: true });
  if (!wall.isKiosk) {
    await repo.updateWall(s, id, { isKiosk: true });
  }
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: WALL_ENTITY,
      entityId: id,
      action: 'kiosk_move',
      changes: {
        kiosk: { before: from ? `${from.x},${from.y}` : null, after: `${req.x},${req.y}` },
        ...(moved && from ? { [`door ${from.x},${from.y}`]: { before: null, after: moved } } : {}),
      },
    },
  });
  return { detail: M.kioskMoved, wall: await wallWire(s, id) };
}

/** `DELETE locker-walls/{id}/kiosk`: the kiosk door becomes an ordinary empty door; 409 without a kiosk. */
export async function removeKiosk({
  tx,
  auth,
  id,
}: TxAuth<{ id: string }>): Promise<TLockerWallActionResponse> {
  const s = scopeOf(tx, auth);
  await lockWall(s, id);
  const from = await repo.kioskDoor(s, id);
  if (!from) throw Conflict(M.noKiosk);
  await repo.updateDoor(s, id, from.x, from.y, { kiosk: false });
  await repo.updateWall(s, id, { isKiosk: false });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: WALL_ENTITY,
      entityId: id,
      action: 'kiosk_remove',
      changes: {
        kiosk: { before: `${from.x},${from.y}`, after: null },
        is_kiosk: { before: true, after: false },
      },
    },
  });
  return { detail: M.kioskDeleted, wall: await wallWire(s, id) };
}

/** `GET locker-walls/{id}/unassigned-devices`: devices of the wall's location that sit in no door. */
export async function unassignedDevices({ tx, auth, id }: TxAuth<{ id: string }>): Promise<TWallDevice[]> {
  const s = scopeOf(tx, auth);
  const wall = await repo.findWall(s, id);
  if (!wall) throw NotFound(M.wallNotFound);
  return (await repo.unassignedDevices(s, wall.idLocation)).map(deviceWire);
}
