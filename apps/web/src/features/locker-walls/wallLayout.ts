import type { TLockerWall, TWallDoor } from '@lockerops/contract';

/** localStorage key of the last location chosen on /locker-wall (spec operational §2: a local preference). */
export const LAST_LOCATION_KEY = 'lockerWall.lastLocation';

/** The last location id chosen on this browser, or null (storage may be unavailable). */
export function readLastLocation(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage) {
  try {
    return storage?.getItem(LAST_LOCATION_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the chosen location id. */
export function writeLastLocation(
  id: string,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(LAST_LOCATION_KEY, id);
  } catch {
    // private mode or full storage: the preference is only a convenience
  }
}

/** The wall to show: the selected one while it exists in the list, else the first, else null. */
export function pickWall(walls: readonly TLockerWall[], selected: string | null): TLockerWall | null {
  return walls.find((w) => w.id === selected) ?? walls[0] ?? null;
}

/** The doors as rows (y from 1) of columns (x from 1); a missing door is null. */
export function gridOf(wall: Pick<TLockerWall, 'qty_wide' | 'qty_tall' | 'lockers'>): (TWallDoor | null)[][] {
  const at = new Map(wall.lockers.map((d) => [`${d.x},${d.y}`, d]));
  return Array.from({ length: wall.qty_tall }, (_, r) =>
    Array.from({ length: wall.qty_wide }, (_, c) => at.get(`${c + 1},${r + 1}`) ?? null),
  );
}

/**
 * Whether saving these dimensions unassigns lockers: the wall has assigned doors and its width or
 * height changes (spec operational §2: the console warns first).
 */
export function unassignsAll(
  wall: Pick<TLockerWall, 'qty_wide' | 'qty_tall' | 'devices'> | null,
  qtyWide: unknown,
  qtyTall: unknown,
): boolean {
  if (!wall || wall.devices.length === 0) return false;
  const w = Number(qtyWide);
  const h = Number(qtyTall);
  if (!Number.isFinite(w) || !Number.isFinite(h) || qtyWide === '' || qtyTall === '') return false;
  return w !== wall.qty_wide || h !== wall.qty_tall;
}

/** The text a door cell shows: the locker number, the kiosk's label (`kiosk`, from the catalog), or nothing. */
export function doorCaption(door: TWallDoor, kiosk: string): string {
  if (door.kiosk) return kiosk;
  return door.device ? `#${door.device.locker_number}` : '';
}
