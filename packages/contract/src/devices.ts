import { z } from 'zod';
import { type TMode, zFlag, zOptionalText, zRequiredText } from './common';
import { ZAssignee, ZRestrictionType } from './locations';

/** Hardware types of a device (spec: operational §3 Device); `virtual` needs no hardware flag. */
export const DEVICE_HARDWARE_TYPES = [
  'linka',
  'headleader',
  'spintly',
  'ojmar',
  'gantner',
  'harbor',
  'dclock',
  'virtual',
  'kerong',
] as const;
export type THardwareType = (typeof DEVICE_HARDWARE_TYPES)[number];
export const HARDWARE_LABELS: Record<THardwareType, string> = {
  linka: 'Linka',
  headleader: 'Headleader',
  spintly: 'Spintly',
  ojmar: 'Ojmar',
  gantner: 'Gantner',
  harbor: 'Harbor',
  dclock: 'DC Lock',
  virtual: 'Virtual',
  kerong: 'Kerong',
};
export const DEVICE_MODES = [
  'rental',
  'storage',
  'delivery',
  'service',
  'vending',
] as const satisfies readonly TMode[];
export const DEVICE_STATUSES = ['available', 'reserved', 'maintenance'] as const;
export type TDeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS: Record<TDeviceStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  maintenance: 'Maintenance',
};
export const LOCK_STATUSES = ['open', 'locked', 'unknown', 'offline'] as const;
export type TLockStatus = (typeof LOCK_STATUSES)[number];
/** Largest locker number: 7 digits (spec: operational §9). */
export const MAX_LOCKER_NUMBER = 9_999_999;
/** Milliseconds after an unlock when the console reloads the device list (spec: operational §2 Devices). */
export const UNLOCK_REFRESH_MS = 5000;

/**
 * Texts of the Devices area: the spec's words (operational §5 Device, §8); those marked "ours" are
 * not given by the spec.
 */
export const DEVICE_MESSAGES = {
  nameRequired: 'Name required',
  /** A board's `ip` opens a TCP connection from the server: set by admins only (issue 31). */
  ipAdminOnly: "Only an admin can set a device's ip (its lock bridge).",
  lockerNumberRequired: 'Locker number required',
  lockerNumberUnsupported: 'Unsupported locker number',
  lockerNumberInUse: 'This Locker Number is already in use. Please try another one.',
  modeRequired: 'Mode required',
  sizeRequired: 'Size required',
  locationRequired: 'Location required',
  statusRequired: 'Status required',
  priceRequired: 'Price required',
  serviceWeightOnly: 'Service mode can only use pay-per-weight price types.',
  /** ours: the reverse of the rule above */
  weightNeedsService: 'Pay-per-weight prices can only be used in Service mode.',
  /** ours */
  vendingNoPrice: 'Vending mode has no price option.',
  restrictionTypeRequired: 'Please select a restriction type.',
  hardwareRequired: 'Hardware type required',
  macFormat: 'MAC address format is incorrect',
  /** ours */
  integrationIdRequired: 'Integration id required',
  /** ours */
  integrationIdInteger: 'Integration id must be a whole number',
  /** ours */
  lockerUdnRequired: 'Locker UDN required',
  userCode: 'Invalid user code format. Please enter only 4 digits.',
  /** ours, shaped like the user-code message */
  masterCode: 'Invalid master code format. Please enter only 6 digits.',
  /** ours */
  gantnerIdRequired: 'Gantner id required',
  harborTowerRequired: 'Harbor tower id required',
  harborLockerRequired: 'Harbor locker id required',
  dclockTerminalRequired: 'Terminal number required',
  dclockBoxRequired: 'Box number required',
  circuitUnitRequired: 'Circuit unit required',
  headboard: 'Headboard must be between 1 and 25',
  port: 'Port must be between 1 and 8',
  /** ours: hardware or mode not enabled for the organization */
  hardwareNotEnabled: (h: string) => `The ${h} hardware type is not enabled for your organization.`,
  modeNotEnabled: (m: string) => `The ${m} mode is not enabled for your organization.`,
  reservedMaintenance: 'You cannot put a reserved device in maintenance mode.',
  unreachable: 'Unable to reach lock. Please check your lock is connected',
  mixedHardware: 'Cannot export items with different hardware types',
  selectOne: 'Please select at least one device',
  /** ours */
  reservedNotEditable: 'Reserved devices cannot be edited.',
  /** ours */
  notVirtual: 'Only virtual locks can be switched on or off line.',
  notFound: 'Device not found',
  sizeNotFound: 'Size not found',
  priceNotFound: 'Price not found',
  productNotFound: 'Product not found',
  productInAnotherDevice: 'This product is already assigned to another device.',
  locationNotFound: 'Location not found',
  created: 'Device created successfully',
  updated: 'Device updated successfully',
  deleted: 'Your device was deleted.',
  nowAvailable: 'Device is now available.',
  nowMaintenance: 'Device has been put into maintenance.',
  unlocked: 'Device unlocked correctly.',
  unlockSent: 'Unlock request sent to selected devices',
  maintenanceUpdated: 'Maintenance status updated successfully!',
  /** ours */
  devicesUpdated: (n: number) => `${n} device(s) updated successfully`,
  maintenanceConfirm: 'Are you sure you want to put this device into maintenance?',
  availableConfirm: 'Are you sure you want to make this device available?',
} as const;

/**
 * The prompts that offer to create what a device needs when none exists yet (spec operational §2
 * Devices "Confirmation prompts offer to add products, sizes or locations when none exist"; the
 * spec does not give their words, so these are ours).
 */
export const DEVICE_PROMPTS = {
  noLocations: 'There are no locations yet. A device needs a location: do you want to add one first?',
  noSizes: 'There are no sizes yet. Most devices need a size: do you want to add one first?',
  noProducts: 'There are no products that are not already in a device. Add a product to stock this door.',
} as const;

/** linka/kerong MAC address: AA:BB:CC:DD:EE:FF. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;

const blank = (v: unknown) => v === '' || v === null || v === undefined;
const toNumber = (v: unknown) => (blank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v);
const zUuidOrNull = z
  .preprocess((v) => (blank(v) ? null : v), z.uuid().nullable().optional())
  .transform((v) => v ?? null);
const zEnumWith = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), z.enum(values, { error: message }));
/** An optional integer; `message` for anything else. */
const zOptionalInt = (message: string) =>
  z
    .preprocess(toNumber, z.number({ error: message }).int(message).nullable().optional())
    .transform((v) => v ?? null);

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

/** The hardware-specific fields, by hardware type (spec: operational §3 Device). */
export const HARDWARE_FIELDS: Record<THardwareType, readonly string[]> = {
  linka: ['mac_address'],
  spintly: ['integration_id'],
  ojmar: ['locker_udn', 'user_code', 'master_code'],
  gantner: ['gantner_id'],
  harbor: ['harbor_tower_id', 'harbor_locker_id'],
  dclock: ['dclock_terminal_no', 'dclock_box_no'],
  kerong: ['mac_address', 'ip', 'circuit_unit', 'board_unit', 'hook_port'],
  headleader: ['headboard', 'port'],
  virtual: [],
};
export const ALL_HARDWARE_FIELDS = [
  'mac_address',
  'integration_id',
  'locker_udn',
  'user_code',
  'master_code',
  'gantner_id',
  'harbor_tower_id',
  'harbor_locker_id',
  'dclock_terminal_no',
  'dclock_box_no',
  'ip',
  'circuit_unit',
  'board_unit',
  'hook_port',
  'headboard',
  'port',
] as const;

const DeviceFields = z.object({
  name: zRequiredText(DEVICE_MESSAGES.nameRequired, 200),
  custom_identifier: zOptionalText(100),
  locker_number: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (iss) =>
          iss.input === undefined
            ? DEVICE_MESSAGES.lockerNumberRequired
            : DEVICE_MESSAGES.lockerNumberUnsupported,
      })
      .int(DEVICE_MESSAGES.lockerNumberUnsupported)
      .min(0, DEVICE_MESSAGES.lockerNumberUnsupported)
      .max(MAX_LOCKER_NUMBER, DEVICE_MESSAGES.lockerNumberUnsupported),
  ),
  mode: zEnumWith(DEVICE_MODES, DEVICE_MESSAGES.modeRequired),
  status: zEnumWith(DEVICE_STATUSES, DEVICE_MESSAGES.statusRequired),
  hardware_type: zEnumWith(DEVICE_HARDWARE_TYPES, DEVICE_MESSAGES.hardwareRequired),
  id_location: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.uuid({ error: DEVICE_MESSAGES.locationRequired }),
  ),
  id_size: zUuidOrNull,
  id_price: zUuidOrNull,
  id_product: zUuidOrNull,
  item: zOptionalText(200),
  item_description: zOptionalText(1000),
  price_required: zFlag.optional().default(false),
  ada_compliance: zFlag.optional().default(false),
  require_image: zFlag.optional().default(false),
  shared: zFlag.optional().default(false),
  image: zOptionalText(500),
  mac_address: zOptionalText(17),
  integration_id: zOptionalInt(DEVICE_MESSAGES.integrationIdInteger),
  locker_udn: zOptionalText(100),
  user_code: zOptionalText(20),
  master_code: zOptionalText(20),
  gantner_id: zOptionalText(100),
  harbor_tower_id: zOptionalText(100),
  harbor_locker_id: zOptionalText(100),
  dclock_terminal_no: zOptionalText(100),
  dclock_box_no: zOptionalText(100),
  ip: zOptionalText(100),
  circuit_unit: zOptionalText(100),
  board_unit: zOptionalText(100),
  hook_port: zOptionalText(100),
  headboard: zOptionalInt(DEVICE_MESSAGES.headboard),
  port: zOptionalInt(DEVICE_MESSAGES.port),
});
type DeviceFieldsOut = z.output<typeof DeviceFields>;

/**
 * The hardware-specific and mode rules of spec operational §5 Device that need no database, as
 * `{ path, message }` issues. Used by the create schema and by the bulk edit on the server.
 */
export function deviceRuleIssues(v: Partial<DeviceFieldsOut>): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  const need = (path: keyof DeviceFieldsOut, message: string) => {
    if (v[path] === null || v[path] === undefined || v[path] === '') out.push({ path, message });
  };
  if (v.mode && v.mode !== 'rental' && v.mode !== 'vending') need('id_size', DEVICE_MESSAGES.sizeRequired);
  if (v.price_required && v.mode !== 'vending') need('id_price', DEVICE_MESSAGES.priceRequired);
  switch (v.hardware_type) {
    case 'linka':
      if (!v.mac_address || !MAC_PATTERN.test(v.mac_address))
        out.push({ path: 'mac_address', message: DEVICE_MESSAGES.macFormat });
      break;
    case 'kerong':
      if (v.mac_address && !MAC_PATTERN.test(v.mac_address))
        out.push({ path: 'mac_address', message: DEVICE_MESSAGES.macFormat });
      need('circuit_unit', DEVICE_MESSAGES.circuitUnitRequired);
      break;
    case 'spintly':
      need('integration_id', DEVICE_MESSAGES.integrationIdRequired);
      break;
    case 'ojmar':
      need('locker_udn', DEVICE_MESSAGES.lockerUdnRequired);
      if (!v.user_code || !/^\d{4}$/.test(v.user_code))
        out.push({ path: 'user_code', message: DEVICE_MESSAGES.userCode });
      if (!v.master_code || !/^\d{6}$/.test(v.master_code))
        out.push({ path: 'master_code', message: DEVICE_MESSAGES.masterCode });
      break;
    case 'gantner':
      need('gantner_id', DEVICE_MESSAGES.gantnerIdRequired);
      break;
    case 'harbor':
      need('harbor_tower_id', DEVICE_MESSAGES.harborTowerRequired);
      need('harbor_locker_id', DEVICE_MESSAGES.harborLockerRequired);
      break;
    case 'dclock':
      need('dclock_terminal_no', DEVICE_MESSAGES.dclockTerminalRequired);
      need('dclock_box_no', DEVICE_MESSAGES.dclockBoxRequired);
      break;
    case 'headleader':
      if (v.headboard === null || v.headboard === undefined || v.headboard < 1 || v.headboard > 25)
        out.push({ path: 'headboard', message: DEVICE_MESSAGES.headboard });
      if (v.port === null || v.port === undefined || v.port < 1 || v.port > 8)
        out.push({ path: 'port', message: DEVICE_MESSAGES.port });
      break;
    default:
      break;
  }
  return out;
}

/**
 * Create and update body; the same schema validates each CSV row and the console's form. Rules
 * that need the database (price type, organization flags, locker number uniqueness) are checked
 * by the server.
 */
export const ZDeviceCreateRequest = DeviceFields.superRefine((v, ctx) => {
  for (const i of deviceRuleIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type TDeviceCreateRequest = z.input<typeof ZDeviceCreateRequest>;
export type TDeviceCreateValues = z.output<typeof ZDeviceCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZDeviceUpdateRequest = ZDeviceCreateRequest;

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
export const ZDeviceLogs = z.object({ items: z.array(ZDeviceLog) });
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
