import { z } from 'zod';
import { zFlag, zOptionalText, zRequiredText, zUploadedImage } from './common';
import { MSG } from './messages';

/** Doors a wall may have each way (spec: operational §5 Locker wall, §9). */
export const MIN_WALL_DOORS = 1;
export const MAX_WALL_DOORS = 50;
/** Side of one door cell of the grid, in CSS pixels (spec §9). */
export const WALL_CELL_PX = 100;

/**
 * Texts of the Locker wall area, word for word where the spec gives them (operational §5 Locker wall,
 * §8). The tall message speaks of 10 while the limit is 50: the spec records that disagreement and
 * we keep both as written. Texts the spec does not give are marked "ours".
 */
export const LOCKER_WALL_MESSAGES = {
  nameRequired: 'Name required',
  descriptionMax: MSG.descriptionMax,
  qtyWide: '# Doors wide must be greater than 0',
  /** ours: the spec gives only the "greater than 0" text for wide */
  qtyWideMax: `# Doors wide must be ${MAX_WALL_DOORS} or less`,
  /** the spec's tall message, which speaks of up to 10 */
  qtyTall: '# Doors tall must be between 1 and 10',
  /** ours */
  wholeNumber: (label: string) => `${label} must be a whole number`,
  onlyImages: MSG.onlyImagesBang,
  created: 'Locker Wall created successfully',
  updated: 'Locker Wall updated successfully',
  deleted: 'Locker Wall deleted successfully',
  assigned: 'Locker has been assigned correctly',
  reassigned: 'Locker has been reassigned correctly',
  unassigned: 'Locker has been unassigned correctly',
  alreadyAssigned: 'This locker is already assigned.',
  kioskMoved: 'Kiosk successfully moved',
  kioskDeleted: 'Kiosk has been deleted from wall',
  /** ours: the warning before changing the dimensions of a wall with assigned lockers */
  dimensionWarning:
    'This locker wall has assigned lockers. Changing its dimensions will unassign all of them. Do you want to continue?',
  /** ours */
  wallNotFound: 'Locker wall not found',
  locationNotFound: 'Location not found',
  deviceNotFound: 'Device not found',
  doorOutside: 'This door is not part of the locker wall.',
  deviceElsewhere: 'This locker does not belong to the location of the locker wall.',
  kioskDoor: 'The kiosk door cannot hold a locker.',
  doorEmpty: 'This door has no locker assigned.',
  noKiosk: 'This locker wall has no kiosk.',
  kioskOnAssigned: 'Unassign the locker of this door before placing the kiosk there.',
  noFreeDoorForKiosk: 'There is no free door for the kiosk. Unassign a locker first.',
  deleteConfirm: 'Are you sure you want to delete this locker wall?',
  kioskDeleteConfirm: 'Are you sure you want to delete the kiosk from this wall?',
  unassignConfirm: 'Are you sure you want to unassign this locker?',
} as const;

/**
 * A door count: an integer from 1 to 50, from JSON or a form field. Below 1 (or missing) answers
 * `minMessage`, above 50 `maxMessage`.
 */
const zDoorCount = (label: string, minMessage: string, maxMessage: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      return typeof v === 'string' ? Number(v.trim()) : v;
    },
    z
      .number({ error: minMessage })
      .refine((v) => Number.isFinite(v), minMessage)
      .refine((v) => Number.isInteger(v), LOCKER_WALL_MESSAGES.wholeNumber(label))
      .refine((v) => v >= MIN_WALL_DOORS, minMessage)
      .refine((v) => v <= MAX_WALL_DOORS, maxMessage),
  );

/** Display state of a door (spec: operational §2 Locker wall): derived from its device's status. */
export const DOOR_STATES = ['available', 'maintenance', 'reserved', 'unassigned', 'kiosk'] as const;
export const ZDoorState = z.enum(DOOR_STATES);
export type TDoorState = z.infer<typeof ZDoorState>;
export const DOOR_STATE_LABELS: Record<TDoorState, string> = {
  available: 'Available',
  maintenance: 'Under Maintenance',
  reserved: 'Reserved',
  unassigned: 'Unassigned',
  kiosk: 'Kiosk',
};

/** The device a door holds, as the grid and the locker details dialog show it. */
export const ZWallDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  locker_number: z.number().int(),
  status: z.string(),
  lock_status: z.string(),
  mode: z.string(),
  hardware_type: z.string(),
  size: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** the product stocked in a rental or vending door (spec operational §3 Device `product`) */
  product: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type TWallDevice = z.infer<typeof ZWallDevice>;

/** One door: column `x` (1..qty_wide) and row `y` (1..qty_tall), both counted from 1 at the top left. */
export const ZWallDoor = z.object({
  x: z.number().int(),
  y: z.number().int(),
  kiosk: z.boolean(),
  /** the assigned device's id, or null */
  id: z.uuid().nullable(),
  state: ZDoorState,
  device: ZWallDevice.nullable(),
});
export type TWallDoor = z.infer<typeof ZWallDoor>;

/** Door counts per display state, for the legend. */
export const ZWallCounts = z.object(
  Object.fromEntries(DOOR_STATES.map((s) => [s, z.number().int()])) as Record<TDoorState, z.ZodNumber>,
);
export type TWallCounts = z.infer<typeof ZWallCounts>;

/** A locker wall with its doors (spec: operational §3 Locker wall). */
export const ZLockerWall = z.object({
  id: z.uuid(),
  id_location: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  custom_id: z.string().nullable(),
  image: z.string().nullable(),
  qty_tall: z.number().int(),
  qty_wide: z.number().int(),
  is_kiosk: z.boolean(),
  /** every door, row by row (y, then x) */
  lockers: z.array(ZWallDoor),
  /** ids of the devices assigned to the wall's doors */
  devices: z.array(z.uuid()),
  counts: ZWallCounts,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLockerWall = z.infer<typeof ZLockerWall>;

/**
 * Create and update body (JSON). `image` is the URL answered by `POST images`, sent again as the same
 * string when unchanged. Changing qty_wide or qty_tall of an existing wall unassigns every door.
 */
export const ZLockerWallCreateRequest = z.object({
  id_location: z.uuid({ error: 'Location required' }),
  name: zRequiredText(LOCKER_WALL_MESSAGES.nameRequired, 100),
  description: zOptionalText(200, LOCKER_WALL_MESSAGES.descriptionMax),
  custom_id: zOptionalText(100),
  image: zUploadedImage(),
  qty_wide: zDoorCount('# Doors wide', LOCKER_WALL_MESSAGES.qtyWide, LOCKER_WALL_MESSAGES.qtyWideMax),
  qty_tall: zDoorCount('# Doors tall', LOCKER_WALL_MESSAGES.qtyTall, LOCKER_WALL_MESSAGES.qtyTall),
  is_kiosk: zFlag.optional().default(false),
});
export type TLockerWallCreateRequest = z.input<typeof ZLockerWallCreateRequest>;
export type TLockerWallCreateOutput = z.output<typeof ZLockerWallCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZLockerWallUpdateRequest = ZLockerWallCreateRequest;

export const ZLockerWallListQuery = z.object({ id_location: z.uuid().optional() });

const zCoord = z.coerce.number().int().min(1).max(MAX_WALL_DOORS);

/**
 * `PATCH locker-walls/{id}/doors`: puts `id_device` into door (x, y), or empties it with null.
 * Assigning to an occupied door answers 'This locker is already assigned.' unless `reassign` is
 * true, which replaces the door's device.
 */
export const ZWallDoorRequest = z.object({
  x: zCoord,
  y: zCoord,
  id_device: z.uuid().nullable(),
  reassign: z.boolean().optional().default(false),
});
export type TWallDoorRequest = z.input<typeof ZWallDoorRequest>;

/** `PATCH locker-walls/{id}/kiosk`: the door the kiosk moves to. */
export const ZWallKioskRequest = z.object({ x: zCoord, y: zCoord });
export type TWallKioskRequest = z.input<typeof ZWallKioskRequest>;

/** Answer of a door or kiosk action: the spec's message and the wall as it now is. */
export const ZLockerWallActionResponse = z.object({ detail: z.string(), wall: ZLockerWall });
export type TLockerWallActionResponse = z.infer<typeof ZLockerWallActionResponse>;

/** `GET locker-walls/{id}/unassigned-devices`: devices of the wall's location in no door. */
export const ZUnassignedDevicesResponse = z.object({ items: z.array(ZWallDevice) });

/** Door state of a device status (spec: operational §2 Locker wall door display states). */
export function doorStateOf(door: { kiosk: boolean; device: { status: string } | null }): TDoorState {
  if (door.kiosk) return 'kiosk';
  if (!door.device) return 'unassigned';
  if (door.device.status === 'maintenance') return 'maintenance';
  if (door.device.status === 'reserved') return 'reserved';
  return 'available';
}

/** Legend counts of a set of doors. */
export function countDoors(doors: readonly { state: TDoorState }[]): TWallCounts {
  const counts = Object.fromEntries(DOOR_STATES.map((s) => [s, 0])) as TWallCounts;
  for (const d of doors) counts[d.state] += 1;
  return counts;
}

/** Where a new kiosk goes: the middle door, or the free door nearest to it; null when none is free. */
export function kioskSpot(
  qtyWide: number,
  qtyTall: number,
  isFree: (x: number, y: number) => boolean = () => true,
): { x: number; y: number } | null {
  const cx = Math.ceil(qtyWide / 2);
  const cy = Math.ceil(qtyTall / 2);
  let best: { x: number; y: number; d: number } | null = null;
  for (let y = 1; y <= qtyTall; y++) {
    for (let x = 1; x <= qtyWide; x++) {
      if (!isFree(x, y)) continue;
      const d = Math.abs(x - cx) + Math.abs(y - cy);
      if (!best || d < best.d) best = { x, y, d };
    }
  }
  return best ? { x: best.x, y: best.y } : null;
}
