import { z } from 'zod';
import { zFlag, zOptionalText, zRequiredText, zUploadedImage } from '../common';
import {
  DEVICE_HARDWARE_TYPES,
  DEVICE_MODES,
  DEVICE_STATUSES,
  MAC_PATTERN,
  MAX_LOCKER_NUMBER,
} from './enums';
import { DEVICE_MESSAGES } from './messages';

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
  image: zUploadedImage(),
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
