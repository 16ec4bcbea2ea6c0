import { z } from 'zod';
import { ZHistoryNames } from '../common';
import { ZAssignee, ZRestrictionType } from '../locations';
import {
  ALL_HARDWARE_FIELDS,
  DEVICE_HARDWARE_TYPES,
  DEVICE_MODES,
  DEVICE_STATUSES,
  HARDWARE_FIELDS,
  LOCK_STATUSES,
  type THardwareType,
} from './enums';
import { DEVICE_MESSAGES } from './messages';

/** The device's wire shape (spec: operational §3 Device, with every hardware-specific field). */
export const ZDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  custom_identifier: z.string().nullable(),
  locker_number: z.number().int(),
  mode: z.enum(DEVICE_MODES),
  status: z.enum(DEVICE_STATUSES),
  lock_status: z.enum(LOCK_STATUSES),
  hardware_type: z.enum(DEVICE_HARDWARE_TYPES),
  location: z.object({ id: z.uuid(), name: z.string(), shared: z.boolean() }),
  id_location: z.uuid(),
  size: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  id_size: z.uuid().nullable(),
  price: z
    .object({
      id: z.uuid(),
      name: z.string(),
      price_type: z.string(),
      amount: z.number(),
      currency: z.string(),
    })
    .nullable(),
  id_price: z.uuid().nullable(),
  product: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  id_product: z.uuid().nullable(),
  item: z.string().nullable(),
  item_description: z.string().nullable(),
  price_required: z.boolean(),
  ada_compliance: z.boolean(),
  require_image: z.boolean(),
  shared: z.boolean(),
  image: z.string().nullable(),
  restriction: z.object({ restriction_type: ZRestrictionType.nullable(), items: z.array(ZAssignee) }),
  /** true: a device at a super-tenant parent's shared location, listed read-only to its sub-organization */
  shared_from_parent: z.boolean(),
  mac_address: z.string().nullable(),
  integration_id: z.number().int().nullable(),
  locker_udn: z.string().nullable(),
  user_code: z.string().nullable(),
  master_code: z.string().nullable(),
  gantner_id: z.string().nullable(),
  harbor_tower_id: z.string().nullable(),
  harbor_locker_id: z.string().nullable(),
  dclock_terminal_no: z.string().nullable(),
  dclock_box_no: z.string().nullable(),
  ip: z.string().nullable(),
  circuit_unit: z.string().nullable(),
  board_unit: z.string().nullable(),
  hook_port: z.string().nullable(),
  headboard: z.number().int().nullable(),
  port: z.number().int().nullable(),
  lock_status_at: z.string().nullable(),
  /** Unlocks of the door that jammed in the last 30 days (`JAM_WINDOW_DAYS`). */
  jams_30d: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDevice = z.infer<typeof ZDevice>;

/**
 * List filters (spec: operational §7 Devices): `by_status`, `id_location`, `hardware_type`, `mode`;
 * `min_jams`: only doors with at least that many jams in the last 30 days.
 */
export const ZDeviceListQuery = z.object({
  by_status: z.enum(DEVICE_STATUSES).optional(),
  id_location: z.uuid().optional(),
  hardware_type: z.enum(DEVICE_HARDWARE_TYPES).optional(),
  mode: z.enum(DEVICE_MODES).optional(),
  min_jams: z.coerce.number().int().min(1).optional(),
});

/** `PATCH devices`: bulk edit ("Edit Devices") of mode, price, size, product, location and status. */
export const ZDeviceBulkEditRequest = z.object({
  id_devices: z.array(z.uuid()).min(1, DEVICE_MESSAGES.selectOne),
  device: z
    .object({
      mode: z.enum(DEVICE_MODES).optional(),
      price_required: z.boolean().optional(),
      id_price: z.uuid().nullable().optional(),
      id_size: z.uuid().nullable().optional(),
      /** A product is in at most one device: with several devices the others fail with 409's text. */
      id_product: z.uuid().nullable().optional(),
      id_location: z.uuid().optional(),
      status: z.enum(['available', 'maintenance']).optional(),
    })
    .strict(),
});
export type TDeviceBulkEditRequest = z.input<typeof ZDeviceBulkEditRequest>;

/** Per-device outcome of a bulk action that may partly fail. */
export const ZDeviceActionFailure = z.object({ id: z.uuid(), detail: z.string() });
export const ZDeviceBulkResponse = z.object({
  detail: z.string(),
  updated: z.array(z.uuid()),
  failed: z.array(ZDeviceActionFailure),
});
export type TDeviceBulkResponse = z.infer<typeof ZDeviceBulkResponse>;

/** `PATCH devices/maintain-all?disable=`: true → maintenance, false → available, absent → toggle. */
export const ZMaintainQuery = z.object({ disable: z.enum(['true', 'false']).optional() });
export const ZDeviceIdsRequest = z.union([
  z.object({ ids: z.array(z.uuid()).min(1, DEVICE_MESSAGES.selectOne) }),
  z.array(z.uuid()).min(1, DEVICE_MESSAGES.selectOne),
]);

/** `GET types/device/mode` and `types/device/hardware`: what the organization may use. */
export const ZTypeOption = z.object({ value: z.string(), label: z.string() });
export const ZTypeOptions = z.object({ items: z.array(ZTypeOption) });
export type TTypeOption = z.infer<typeof ZTypeOption>;

/** One entry of `GET device-logs/{id}` (spec: operational §3 Device history log entry). */
export const ZDeviceLog = z.object({
  id: z.uuid(),
  log_type: z.string(),
  actor_type: z.string(),
  actor_name: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  event: z.object({ invoice_id: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export const ZDeviceLogs = z.object({ items: z.array(ZDeviceLog), names: ZHistoryNames });
export type TDeviceLog = z.infer<typeof ZDeviceLog>;

/** `PATCH devices/{id}/virtual-lock`: connect or disconnect a virtual lock (tests and demos). */
export const ZVirtualLockRequest = z.object({ online: z.boolean() });

/** Headers of the devices CSV, the same for upload, template and export. */
export const DEVICE_CSV_HEADERS = [
  'name',
  'custom_identifier',
  'locker_number',
  'mode',
  'status',
  'hardware_type',
  'id_location',
  'id_size',
  'id_price',
  'id_product',
  'item',
  'item_description',
  'price_required',
  'ada_compliance',
  'require_image',
  'shared',
  ...ALL_HARDWARE_FIELDS,
] as const;

/**
 * The columns of the devices CSV template an organization is offered (spec operational §1: "An
 * organization restricted to one brand (ojmar) sees only that brand in bulk upload"): the common
 * columns, the hardware fields of the hardware types it may use (`GET types/device/hardware`) and
 * no other, and `shared` only when it may share locations. An Ojmar-only organization gets the
 * common columns with `locker_udn`, `user_code` and `master_code`. The upload itself still reads
 * every column of `DEVICE_CSV_HEADERS`.
 */
export function deviceCsvTemplateHeaders(
  hardware: readonly THardwareType[],
  mayShare: boolean,
): (typeof DEVICE_CSV_HEADERS)[number][] {
  const fields = new Set<string>(hardware.flatMap((h) => HARDWARE_FIELDS[h] ?? []));
  const hardwareFields = new Set<string>(ALL_HARDWARE_FIELDS);
  return DEVICE_CSV_HEADERS.filter((h) =>
    h === 'shared' ? mayShare : !hardwareFields.has(h) || fields.has(h),
  );
}
