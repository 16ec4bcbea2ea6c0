import {
  ALL_HARDWARE_FIELDS,
  DEVICE_MESSAGES,
  deviceRuleIssues,
  HARDWARE_FIELDS,
  HARDWARE_LABELS,
  HARDWARE_VENDORS,
  MODE_LABELS,
  MODES,
  type TDeviceCreateValues,
  type THardwareType,
  type TLockStatus,
  type TMode,
  type TTypeOption,
  type ZDeviceBulkEditRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import { type LockTarget, NO_LOCK_SETTINGS } from '../../adapters/locks';
import type { TxAuth, TxOrg } from '../../auth/context';
import type { Tx } from '../../db/client';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { existsIn } from '../../lib/crud/exists';
import { rowError } from '../../lib/crud/resource';
import { assertMayShare } from '../../lib/location-access';
import { camelCase, columnsOf, type SnakeCase, wireFields } from '../../lib/wire';
import {
  type DeviceRow,
  type DeviceValues,
  deviceAuditImage,
  lockDeviceRows,
  lockerNumberTaken,
  organizationFlagsRow,
  priceTypeOf,
  productHeldElsewhere,
  updateDeviceRow,
} from './queries/devices';

export type { DeviceRow } from './queries/devices';

/** What an organization may use for devices: its enabled modes and hardware types. */
export interface DeviceCapabilities {
  modes: TMode[];
  hardware: THardwareType[];
}

/**
 * The modes and hardware types an organization may use (spec: operational §1): modes with their
 * `<mode>_mode` flag; vendors with their `<vendor>_hardware` flag plus the virtual lock, except
 * that an organization restricted to ojmar or gantner alone sees only that brand.
 */
export async function deviceCapabilities({ tx, organizationId }: TxOrg): Promise<DeviceCapabilities> {
  const org = await organizationFlagsRow({ tx, organizationId });
  if (!org) throw NotFound();
  const flags = org as unknown as Record<string, unknown>;
  const modes = MODES.filter((m) => flags[camelCase(`${m}_mode`)] === true);
  const vendors = HARDWARE_VENDORS.filter((v) => flags[camelCase(`${v}_hardware`)] === true);
  const single = vendors.length === 1 && (vendors[0] === 'ojmar' || vendors[0] === 'gantner');
  const hardware: THardwareType[] = single ? [...vendors] : [...vendors, 'virtual'];
  return { modes, hardware };
}

/** The options of `GET types/device/mode` and `types/device/hardware`. */
export function typeOptions(caps: DeviceCapabilities): { modes: TTypeOption[]; hardware: TTypeOption[] } {
  return {
    modes: caps.modes.map((m) => ({ value: m, label: MODE_LABELS[m] })),
    hardware: caps.hardware.map((h) => ({ value: h, label: HARDWARE_LABELS[h] })),
  };
}

/** 409 "This Locker Number is already in use…" when another device of the location has the number. */
export async function assertLockerNumberFree({
  tx,
  organizationId,
  locationId,
  lockerNumber,
  exceptId,
}: TxOrg<{ locationId: string; lockerNumber: number; exceptId?: string }>): Promise<void> {
  const taken = await lockerNumberTaken({ tx, organizationId, locationId, lockerNumber, exceptId });
  if (taken) throw Conflict(DEVICE_MESSAGES.lockerNumberInUse);
}

/**
 * The column values of a device create or update after every rule of spec operational §5 Device
 * that needs the database: hardware and mode enabled for the organization (400), location, size
 * price and product of the organization (404), a product already in another device (409), price type against mode (400), the reserved → maintenance
 * transition (409), locker number free in the location (409), sharing allowed (403). Hardware
 * fields of other hardware types are cleared; require_image holds only for rental; vending has no
 * price.
 */
export async function deviceValues({
  tx,
  auth,
  input,
  existing,
}: TxAuth<{ input: TDeviceCreateValues; existing?: DeviceRow }>): Promise<DeviceValues> {
  const organizationId = auth.organizationId;
  const caps = await deviceCapabilities({ tx, organizationId });
  if (!caps.hardware.includes(input.hardware_type) && existing?.hardwareType !== input.hardware_type)
    throw BadRequest(DEVICE_MESSAGES.hardwareNotEnabled(input.hardware_type));
  if (!caps.modes.includes(input.mode) && existing?.mode !== input.mode)
    throw BadRequest(DEVICE_MESSAGES.modeNotEnabled(input.mode));

  const org = { tx, organizationId: auth.organizationId };
  if (!(await existsIn({ ...org, table: 'locations', id: input.id_location })))
    throw NotFound(DEVICE_MESSAGES.locationNotFound);
  if (input.id_size && !(await existsIn({ ...org, table: 'sizes', id: input.id_size })))
    throw NotFound(DEVICE_MESSAGES.sizeNotFound);
  const vending = input.mode === 'vending';
  const idPrice = vending ? null : input.id_price;
  if (idPrice) {
    const p = await priceTypeOf({ tx, auth, id: idPrice });
    if (!p) throw NotFound(DEVICE_MESSAGES.priceNotFound);
    if (input.mode === 'service' && p.priceType !== 'pay_per_weight')
      throw BadRequest(DEVICE_MESSAGES.serviceWeightOnly);
    if (p.priceType === 'pay_per_weight' && input.mode !== 'service')
      throw BadRequest(DEVICE_MESSAGES.weightNeedsService);
  }
  if (input.id_product) {
    // A foreign key ignores row-level security, so ownership is checked here (404 as for a missing one).
    if (!(await existsIn({ ...org, table: 'products', id: input.id_product })))
      throw NotFound(DEVICE_MESSAGES.productNotFound);
    const holder = await productHeldElsewhere({
      tx,
      auth,
      productId: input.id_product,
      exceptId: existing?.id,
    });
    if (holder) throw Conflict(DEVICE_MESSAGES.productInAnotherDevice);
  }
  if (existing?.status === 'reserved' && input.status === 'maintenance')
    throw Conflict(DEVICE_MESSAGES.reservedMaintenance);
  // A transaction or reservation holds it: its door, location and price must not change under it.
  if (existing?.status === 'reserved') throw Conflict(DEVICE_MESSAGES.reservedNotEditable);
  if (input.shared && !existing?.shared) await assertMayShare({ tx, organizationId });
  await assertLockerNumberFree({
    tx,
    organizationId,
    locationId: input.id_location,
    lockerNumber: input.locker_number,
    exceptId: existing?.id,
  });

  const keep = new Set(HARDWARE_FIELDS[input.hardware_type]);
  const hardware: Record<string, unknown> = {};
  for (const f of ALL_HARDWARE_FIELDS) hardware[camelCase(f)] = keep.has(f) ? input[f] : null;
  if (hardware.macAddress) hardware.macAddress = String(hardware.macAddress).toUpperCase();
  // the board's `ip` is where the server opens raw TCP (the lock bridge): an admin's setting,
  // like the location's bridge host; a member may keep or clear it, never point it elsewhere
  const ip = typeof hardware.ip === 'string' && hardware.ip.trim() ? hardware.ip.trim() : null;
  if (ip && ip !== (existing?.ip?.trim() || null) && auth.role !== 'admin')
    throw Forbidden(DEVICE_MESSAGES.ipAdminOnly);

  return {
    ...columnsOf(input, [
      'name',
      'custom_identifier',
      'locker_number',
      'mode',
      'status',
      'hardware_type',
      'id_location',
      'id_size',
      'id_product',
      'item',
      'item_description',
      'ada_compliance',
      'shared',
      'image',
    ]),
    idPrice,
    priceRequired: vending ? false : input.price_required,
    requireImage: input.mode === 'rental' ? input.require_image : false,
    ...hardware,
  };
}

/** Locks devices of the organization for update in id order; 404 if any id is missing or foreign. */
export async function lockDevices({ tx, auth, ids }: TxAuth<{ ids: string[] }>): Promise<DeviceRow[]> {
  const unique = [...new Set(ids)];
  const rows = await lockDeviceRows({ tx, auth, ids: unique });
  if (rows.length !== unique.length) throw NotFound(DEVICE_MESSAGES.notFound);
  return rows;
}

/**
 * The Maintenance action for one or many devices (spec: operational §4 Device status):
 * `disable` true → maintenance, false → available, undefined → each device flips between the two.
 * All or nothing: a reserved device that would go to maintenance refuses the whole call (409
 * "You cannot put a reserved device in maintenance mode."); a reserved device asked to become
 * available is left as it is. One audit entry per changed device.
 */
export async function setMaintenance({
  tx,
  auth,
  ids,
  disable,
}: TxAuth<{ ids: string[]; disable?: boolean }>): Promise<{ detail: string; updated: string[] }> {
  const rows = await lockDevices({ tx, auth, ids });
  const plan = rows.map((d) => {
    const target =
      disable === undefined
        ? d.status === 'maintenance'
          ? 'available'
          : 'maintenance'
        : disable
          ? 'maintenance'
          : 'available';
    return { d, target };
  });
  if (plan.some((p) => p.d.status === 'reserved' && p.target === 'maintenance'))
    throw Conflict(DEVICE_MESSAGES.reservedMaintenance);
  const updated: string[] = [];
  for (const { d, target } of plan) {
    if (d.status === 'reserved' || d.status === target) continue;
    await updateDeviceRow({ tx, auth, id: d.id, set: { status: target, updatedAt: new Date() } });
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'device',
        entityId: d.id,
        action: target === 'maintenance' ? 'maintenance' : 'available',
        changes: { status: { before: d.status, after: target } },
      },
    });
    updated.push(d.id);
  }
  const detail =
    rows.length === 1
      ? plan[0]!.target === 'maintenance'
        ? DEVICE_MESSAGES.nowMaintenance
        : DEVICE_MESSAGES.nowAvailable
      : DEVICE_MESSAGES.maintenanceUpdated;
  return { detail, updated };
}

/**
 * The bulk edit of "Edit Devices" (spec: operational §2 Devices, §5 Device): sets the fields of
 * `patch` on every device of `ids` (404 "Device not found" when any is missing or foreign). Each
 * device is re-checked with every rule of a single update and written in its own savepoint with its
 * audit entry; a reserved device or one that breaks a rule is listed in `failed` with the reason.
 * Answers the updated ids and the failures.
 */
export async function bulkEditDevices({
  tx,
  auth,
  ids,
  patch,
}: TxAuth<{ ids: string[]; patch: z.output<typeof ZDeviceBulkEditRequest>['device'] }>): Promise<{
  updated: string[];
  failed: Array<{ id: string; detail: string }>;
}> {
  const rows = await lockDevices({ tx, auth, ids });
  const updated: string[] = [];
  const failed: Array<{ id: string; detail: string }> = [];
  for (const d of rows) {
    if (d.status === 'reserved') {
      failed.push({ id: d.id, detail: DEVICE_MESSAGES.reservedNotEditable });
      continue;
    }
    const next: TDeviceCreateValues = { ...deviceInputOf(d) };
    if (patch.mode !== undefined) next.mode = patch.mode;
    if (patch.price_required !== undefined) next.price_required = patch.price_required;
    if (patch.id_price !== undefined) next.id_price = patch.id_price;
    if (patch.id_size !== undefined) next.id_size = patch.id_size;
    if (patch.id_product !== undefined) next.id_product = patch.id_product;
    if (patch.id_location !== undefined) next.id_location = patch.id_location;
    if (patch.status !== undefined) next.status = patch.status;
    const issues = deviceRuleIssues(next);
    if (issues.length) {
      failed.push({ id: d.id, detail: [...new Set(issues.map((i) => i.message))].join(', ') });
      continue;
    }
    try {
      await tx.transaction(async (sp) => {
        const values = await deviceValues({ tx: sp as Tx, auth, input: next, existing: d });
        const row = await updateDeviceRow({
          tx: sp as Tx,
          auth,
          id: d.id,
          set: { ...values, updatedAt: new Date() },
        });
        await writeAudit({
          tx: sp as Tx,
          auth,
          entry: {
            entity: 'device',
            entityId: d.id,
            action: 'update',
            before: deviceAuditImage(d),
            after: deviceAuditImage(row),
          },
        });
      });
      updated.push(d.id);
    } catch (err) {
      failed.push({ id: d.id, detail: rowError(err) });
    }
  }
  return { updated, failed };
}

/**
 * Connects (`online`: the lock comes back locked) or disconnects a virtual lock (unlocking then
 * fails as unreachable), with an audit entry `online` / `offline`; answers the device row. 400
 * "Only virtual locks can be switched on or off line." for another hardware type, 404 "Device not
 * found" for a device of another organization. spec: CONTRIBUTING.md "Adapters (outside systems)" (locks).
 */
export async function switchVirtualLock({
  tx,
  auth,
  id,
  online,
}: TxAuth<{ id: string; online: boolean }>): Promise<DeviceRow> {
  const [d] = await lockDevices({ tx, auth, ids: [id] });
  if (d!.hardwareType !== 'virtual') throw BadRequest(DEVICE_MESSAGES.notVirtual);
  const next = online ? 'locked' : 'offline';
  const row = await updateDeviceRow({
    tx,
    auth,
    id: d!.id,
    set: { lockStatus: next, lockStatusAt: new Date() },
  });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'device',
      entityId: d!.id,
      action: online ? 'online' : 'offline',
      changes: d!.lockStatus === next ? {} : { lock_status: { before: d!.lockStatus, after: next } },
    },
  });
  return row;
}

/** A device's hardware-specific fields under their wire names (spec: operational §3 Device). */
export type THardwareFields = Record<(typeof ALL_HARDWARE_FIELDS)[number], string | number | null>;

/** The hardware-specific fields of a stored device, snake_case, null when unset. */
export function hardwareFieldsOf(d: DeviceRow): THardwareFields {
  const row = d as unknown as Record<string, string | number | null>;
  return Object.fromEntries(
    ALL_HARDWARE_FIELDS.map((f) => [f, row[camelCase(f)] ?? null]),
  ) as THardwareFields;
}

/** The columns of a device that its create request names the same way. */
export const DEVICE_INPUT_FIELDS = [
  'name',
  'customIdentifier',
  'lockerNumber',
  'mode',
  'status',
  'hardwareType',
  'idLocation',
  'idSize',
  'idPrice',
  'idProduct',
  'item',
  'itemDescription',
  'priceRequired',
  'adaCompliance',
  'requireImage',
  'shared',
  'image',
] as const satisfies readonly (keyof DeviceRow)[];

/** The create-shaped values of a stored device, for re-checking it after a bulk edit. */
export function deviceInputOf(d: DeviceRow): TDeviceCreateValues {
  return {
    ...(wireFields(d, DEVICE_INPUT_FIELDS) as Pick<
      TDeviceCreateValues,
      SnakeCase<(typeof DEVICE_INPUT_FIELDS)[number]>
    >),
    ...(hardwareFieldsOf(d) as Pick<TDeviceCreateValues, keyof THardwareFields>),
  };
}

/** A device row as the lock adapter sees it, without its location's lock settings (`lockTargetWithSettings`). */
export function lockTargetOf(d: DeviceRow): LockTarget {
  const fields = hardwareFieldsOf(d);
  return {
    id: d.id,
    organizationId: d.organizationId,
    hardwareType: d.hardwareType as THardwareType,
    lockStatus: d.lockStatus as TLockStatus,
    lockStatusAt: d.lockStatusAt,
    fields,
    settings: NO_LOCK_SETTINGS,
  };
}
