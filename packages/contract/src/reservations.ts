import { z } from 'zod';
import { EMAIL_PATTERN, type TMode, zFlag } from './common';

/**
 * Texts of the Reservations area (spec: operational §5 Reservation, §8). The spec's own texts are
 * word for word; the rest (limits, overlaps) are ours and say what to change.
 */
export const RESERVATION_MESSAGES = {
  trackingRequired: 'Tracking number required',
  trackingInUse: 'Tracking Number is in use. Please enter a unique Tracking Number.',
  locationRequired: 'Location required',
  sizeRequired: 'Size required',
  lockerRequired: 'Locker number required',
  modeRequired: 'Mode required',
  userRequired: 'User required',
  startDateRequired: 'Start date required',
  endDateRequired: 'End date required',
  invalidDate: 'Invalid date',
  endBeforeStart: 'End date must be after the start date',
  endInPast: 'End date must be in the future',
  productRequired: 'Product required',
  phoneOrEmail: 'Either phone number or email is required',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number: enter digits with the country code, without the + sign',
  dayRequired: 'Select at least one day',
  fromTimeRequired: 'From time required',
  toTimeRequired: 'To time required',
  invalidTime: 'Invalid time (HH:MM)',
  invalidTimeZone: 'Invalid time zone',
  recurringTooLong: 'A recurring reservation can span at most 366 days',
  noOccurrence: 'None of the selected days falls between the start and end dates',
  productNotInLocker: 'This product is not in the selected locker.',
  /** The exclusion constraint refused an overlapping hold (SQLSTATE 23P01). */
  alreadyReserved: 'This locker is already reserved for that time.',
  noFreeLocker: 'No locker of this size is free at this location for that time.',
  lockerNotAtLocation: 'This locker is not at the selected location.',
  lockerWrongMode: 'This locker is not in the mode of the reservation.',
  lockerWrongSize: 'This locker is not of the selected size.',
  lockerInMaintenance: 'This locker is under maintenance.',
  reservedForAnother: 'This locker is reserved for another user.',
  maxReservations: (n: number) => `This user already has the maximum number of reservations (${n}).`,
  maxReservationTime: (n: number, period: string) =>
    `A reservation can last at most ${n} ${period}${n === 1 ? '' : 's'}.`,
  maxRentalTime: (n: number, period: string) =>
    `A rental can last at most ${n} ${period}${n === 1 ? '' : 's'}.`,
  created: 'Reservation created successfully',
  updated: 'Reservation updated successfully',
  deleted: 'Reservation deleted successfully',
  settingsUpdated: 'Reservation settings updated successfully',
  noLockers: 'No lockers or sizes are available for this mode at this location.',
} as const;

/** Modes a reservation may have (spec: operational §2 Reservations mode filter; vending is never reserved). */
export const RESERVATION_MODES = ['service', 'storage', 'delivery', 'rental'] as const;
export const ZReservationMode = z.enum(RESERVATION_MODES);
export type TReservationMode = z.infer<typeof ZReservationMode> & TMode;

/** The mode filter of the Reservations page, remembered locally as the last mode filter (default all). */
export const RESERVATION_MODE_FILTERS = ['all', ...RESERVATION_MODES] as const;
export type TReservationModeFilter = (typeof RESERVATION_MODE_FILTERS)[number];

/** A reservation is active until its end has passed; the expiry job then marks it expired. */
export const RESERVATION_STATUSES = ['active', 'expired'] as const;
export type TReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Weekday flags of a recurring window, Monday first (ISO day 1..7). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

/** Period units of the reservation settings (spec: operational §9: buffers minute, hour, day). */
export const RESERVATION_TIME_PERIODS = ['minute', 'hour', 'day', 'week'] as const;
export const BUFFER_PERIODS = ['minute', 'hour', 'day'] as const;
export type TReservationTimePeriod = (typeof RESERVATION_TIME_PERIODS)[number];

/** Seconds in one period unit. */
export const PERIOD_SECONDS: Record<TReservationTimePeriod, number> = {
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 604800,
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `tz` is an IANA time zone name the runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const blank = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim() || undefined : v;
const optText = (max: number) => z.preprocess(blank, z.string().max(max).optional());
const optId = z.preprocess(blank, z.uuid('Invalid id').optional());

/**
 * A reservation's phone: digits with the country code and no plus sign (spec §5 Reservation);
 * spaces, dashes, brackets and a leading plus are dropped. 7 to 15 digits.
 */
export const normalizeReservationPhone = (v: string): string => v.replace(/\D/g, '');

/**
 * Create and update body of a reservation; the same schema validates each CSV row and the console
 * form (spec: operational §3 Reservation, §4 Reservation, §5 Reservation).
 * - A custom range (`recurring` false): `start_date` and `end_date` are ISO 8601 date-times.
 * - A recurring weekly window: `start_date`..`end_date` are days (YYYY-MM-DD, both included, at
 *   most 366 days apart), the weekday flags say which days, `from_time`..`to_time` (HH:MM; a
 *   `to_time` not after `from_time` ends the next day) is the window on each such day, in
 *   `time_zone` (IANA; default: the location's zone, else the organization's). A custom range's
 *   `start_date`/`end_date` are instants: a client sends them with their offset, the wall-clock time
 *   typed at the place (ARCHITECTURE "Time").
 * - The locker: `id_device`, or `id_location` with `id_size` (rental: with `id_product`) resolved by
 *   the server to the first free locker for the whole time.
 * Tracking numbers are upper-cased and required for every reservation, unique for delivery; a delivery needs a phone or
 * an e-mail; a rental needs a product; storage, service and rental need the user they are for.
 */
export const ZReservationCreateRequest = z
  .object({
    mode: z.preprocess(blank, z.string().optional()),
    tracking_number: z.preprocess(
      (v) => (typeof v === 'string' ? blank(v.toUpperCase()) : blank(v)),
      z.string().max(100).optional(),
    ),
    id_location: optId,
    id_size: optId,
    id_device: optId,
    id_product: optId,
    id_user: optId,
    phone_number: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : blank(v)),
      z.string().max(40).optional(),
    ),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? blank(v.toLowerCase()) : blank(v)),
      z.string().max(254).optional(),
    ),
    sender_details: optText(500),
    recurring: zFlag.default(false),
    monday: zFlag.default(false),
    tuesday: zFlag.default(false),
    wednesday: zFlag.default(false),
    thursday: zFlag.default(false),
    friday: zFlag.default(false),
    saturday: zFlag.default(false),
    sunday: zFlag.default(false),
    from_time: optText(5),
    to_time: optText(5),
    start_date: optText(40),
    end_date: optText(40),
    time_zone: optText(64),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const M = RESERVATION_MESSAGES;
    if (!v.mode || !(RESERVATION_MODES as readonly string[]).includes(v.mode)) issue('mode', M.modeRequired);
    if (!v.tracking_number) issue('tracking_number', M.trackingRequired);
    if (!v.id_location && !v.id_device) issue('id_location', M.locationRequired);
    if (!v.id_device && v.mode !== 'rental' && !v.id_size) issue('id_size', M.sizeRequired);
    if (v.mode === 'rental' && !v.id_product) issue('id_product', M.productRequired);
    if (v.mode && v.mode !== 'delivery' && !v.id_user) issue('id_user', M.userRequired);
    if (v.mode === 'delivery' && !v.phone_number && !v.email) issue('phone_number', M.phoneOrEmail);
    if (v.email && !EMAIL_PATTERN.test(v.email)) issue('email', M.invalidEmail);
    if (v.phone_number && !/^\d{7,15}$/.test(normalizeReservationPhone(v.phone_number)))
      issue('phone_number', M.invalidPhone);
    if (v.time_zone && !isTimeZone(v.time_zone)) issue('time_zone', M.invalidTimeZone);
    if (!v.start_date) issue('start_date', M.startDateRequired);
    if (!v.end_date) issue('end_date', M.endDateRequired);
    if (v.recurring) {
      if (!WEEKDAYS.some((d) => v[d])) issue('monday', M.dayRequired);
      if (!v.from_time) issue('from_time', M.fromTimeRequired);
      else if (!HH_MM.test(v.from_time)) issue('from_time', M.invalidTime);
      if (!v.to_time) issue('to_time', M.toTimeRequired);
      else if (!HH_MM.test(v.to_time)) issue('to_time', M.invalidTime);
      const s = v.start_date?.slice(0, 10);
      const e = v.end_date?.slice(0, 10);
      if (s && !(DATE_ONLY.test(s) && !Number.isNaN(Date.parse(s)))) issue('start_date', M.invalidDate);
      else if (e && !(DATE_ONLY.test(e) && !Number.isNaN(Date.parse(e)))) issue('end_date', M.invalidDate);
      else if (s && e && e < s) issue('end_date', M.endBeforeStart);
      else if (s && e && Date.parse(e) - Date.parse(s) > 366 * 86400_000)
        issue('end_date', M.recurringTooLong);
    } else if (v.start_date && v.end_date) {
      const s = Date.parse(v.start_date);
      const e = Date.parse(v.end_date);
      if (Number.isNaN(s)) issue('start_date', M.invalidDate);
      else if (Number.isNaN(e)) issue('end_date', M.invalidDate);
      else if (e <= s) issue('end_date', M.endBeforeStart);
    }
  })
  .transform((v) => ({
    ...v,
    mode: v.mode as TReservationMode,
    phone_number: v.phone_number ? normalizeReservationPhone(v.phone_number) : undefined,
    from_time: v.recurring ? v.from_time : undefined,
    to_time: v.recurring ? v.to_time : undefined,
    start_date: (v.recurring ? v.start_date!.slice(0, 10) : new Date(v.start_date!).toISOString()) as string,
    end_date: (v.recurring ? v.end_date!.slice(0, 10) : new Date(v.end_date!).toISOString()) as string,
    // unset: the server takes the location's zone (else the organization's)
    time_zone: v.time_zone,
  }));
export type TReservationCreateRequest = z.input<typeof ZReservationCreateRequest>;
export type TReservationCreateValues = z.output<typeof ZReservationCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZReservationUpdateRequest = ZReservationCreateRequest;

const ZRef = z.object({ id: z.uuid(), name: z.string() });

/** A reservation as the API answers it (spec: operational §3 Reservation). */
export const ZReservation = z.object({
  id: z.uuid(),
  mode: ZReservationMode,
  status: z.enum(RESERVATION_STATUSES),
  tracking_number: z.string().nullable(),
  user: z
    .object({
      id: z.uuid(),
      name: z.string(),
      email: z.string().nullable(),
      phone_number: z.string().nullable(),
    })
    .nullable(),
  device: z.object({ id: z.uuid(), name: z.string(), locker_number: z.number().int() }).nullable(),
  location: ZRef.nullable(),
  size: ZRef.nullable(),
  product: ZRef.nullable(),
  id_product: z.uuid().nullable(),
  id_user: z.uuid().nullable(),
  id_location: z.uuid().nullable(),
  id_device: z.uuid().nullable(),
  id_size: z.uuid().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  sender_details: z.string().nullable(),
  recurring: z.boolean(),
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  from_time: z.string().nullable().describe('HH:MM in time_zone (recurring only)'),
  to_time: z.string().nullable().describe('HH:MM in time_zone (recurring only)'),
  start_date: z.string().describe('ISO 8601 UTC date-time (custom range) or YYYY-MM-DD (recurring)'),
  end_date: z.string().describe('ISO 8601 UTC date-time (custom range) or YYYY-MM-DD (recurring)'),
  time_zone: z.string(),
  starts_at: z.string().describe('ISO 8601 UTC: start of the first occupied window'),
  ends_at: z.string().describe('ISO 8601 UTC: end of the last occupied window'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TReservation = z.infer<typeof ZReservation>;

/**
 * Filters of `GET reservations`: the mode filter (all or one mode), the status and the door
 * (`id_device`: what a door holds, as the locker wall and Device Details show it).
 */
export const ZReservationListQuery = z.object({
  mode: z.enum(RESERVATION_MODE_FILTERS).optional(),
  status: z.enum(RESERVATION_STATUSES).optional(),
  id_device: z.uuid().optional(),
});

/** `GET reservations/{tracking}/check-uniqueness?id=` answer (id: the reservation being edited). */
export const ZTrackingCheckQuery = z.object({ id: z.uuid().optional() });
export const ZTrackingCheckResponse = z.object({
  unique: z.boolean(),
  detail: z.string().describe("'' or the spec's message when the tracking number is in use"),
});

/** Headers of the reservations CSV, the same for upload, template and export. */
export const RESERVATION_CSV_HEADERS = [
  'mode',
  'tracking_number',
  'id_location',
  'id_size',
  'id_device',
  'id_product',
  'id_user',
  'phone_number',
  'email',
  'sender_details',
  'recurring',
  ...WEEKDAYS,
  'from_time',
  'to_time',
  'start_date',
  'end_date',
  'time_zone',
] as const;

/**
 * Reservation settings of an organization (spec: operational §3 Reservation settings). Max times
 * null = unlimited (never saved yet); buffers default 0 with no period.
 * - max_reservation_time: the longest one occupied window (a custom range, or one occurrence of a
 *   recurring window) may last, any mode; max_rental_time: the same for rental reservations.
 * - transaction_buffer_time: how long before each window the locker is already held for the
 *   reserving user (who may start the transaction that early).
 * - locker_buffer_time: how long after each window the locker stays held (turnover), so two
 *   reservations of one locker are at least this far apart.
 */
export const ZReservationSettings = z.object({
  max_rental_time: z.number().int().nullable(),
  max_rental_time_period: z.enum(RESERVATION_TIME_PERIODS).nullable(),
  max_reservation_time: z.number().int().nullable(),
  max_reservation_time_period: z.enum(RESERVATION_TIME_PERIODS).nullable(),
  transaction_buffer_time: z.number().int(),
  transaction_buffer_time_period: z.enum(BUFFER_PERIODS).nullable(),
  locker_buffer_time: z.number().int(),
  locker_buffer_time_period: z.enum(BUFFER_PERIODS).nullable(),
});
export type TReservationSettings = z.infer<typeof ZReservationSettings>;

const optInt = z.preprocess((v) => {
  const b = blank(v);
  return typeof b === 'string' ? Number(b) : b;
}, z.number().optional());
const optEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess(blank, z.string().optional())
    .refine((v) => v === undefined || values.includes(v), 'Invalid period');

/** Texts of the settings form (spec §5 Reservation: values and periods required; buffer values when enabled). */
export const RESERVATION_SETTINGS_MESSAGES = {
  maxRentalTimeRequired: 'Max rental time required',
  maxRentalPeriodRequired: 'Max rental time period required',
  maxReservationTimeRequired: 'Max reservation time required',
  maxReservationPeriodRequired: 'Max reservation time period required',
  transactionBufferRequired: 'Transaction buffer time required',
  transactionBufferPeriodRequired: 'Transaction buffer time period required',
  lockerBufferRequired: 'Locker buffer time required',
  lockerBufferPeriodRequired: 'Locker buffer time period required',
  positiveInteger: 'Enter a whole number greater than 0',
} as const;

/**
 * `PUT reservation-settings` body. Max values and their periods are required; a buffer is enabled
 * when its period is given (or its value is above 0), and then both are required. A disabled
 * buffer is saved as 0 with no period.
 */
export const ZReservationSettingsUpdateRequest = z
  .object({
    max_rental_time: optInt,
    max_rental_time_period: optEnum(RESERVATION_TIME_PERIODS),
    max_reservation_time: optInt,
    max_reservation_time_period: optEnum(RESERVATION_TIME_PERIODS),
    transaction_buffer_time: optInt,
    transaction_buffer_time_period: optEnum(BUFFER_PERIODS),
    locker_buffer_time: optInt,
    locker_buffer_time_period: optEnum(BUFFER_PERIODS),
  })
  .superRefine((v, ctx) => {
    const S = RESERVATION_SETTINGS_MESSAGES;
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const positive = (n: number | undefined) => n !== undefined && Number.isInteger(n) && n > 0;
    const value = (key: keyof typeof v, required: string) => {
      const n = v[key] as number | undefined;
      if (n === undefined || Number.isNaN(n)) issue(key, required);
      else if (!positive(n)) issue(key, S.positiveInteger);
    };
    value('max_rental_time', S.maxRentalTimeRequired);
    if (!v.max_rental_time_period) issue('max_rental_time_period', S.maxRentalPeriodRequired);
    value('max_reservation_time', S.maxReservationTimeRequired);
    if (!v.max_reservation_time_period) issue('max_reservation_time_period', S.maxReservationPeriodRequired);
    for (const [key, periodKey, m, pm] of [
      [
        'transaction_buffer_time',
        'transaction_buffer_time_period',
        S.transactionBufferRequired,
        S.transactionBufferPeriodRequired,
      ],
      [
        'locker_buffer_time',
        'locker_buffer_time_period',
        S.lockerBufferRequired,
        S.lockerBufferPeriodRequired,
      ],
    ] as const) {
      const n = v[key];
      const enabled = !!v[periodKey] || (n !== undefined && n !== 0);
      if (!enabled) continue;
      value(key, m);
      if (!v[periodKey]) issue(periodKey, pm);
    }
  })
  .transform(
    (v): TReservationSettings => ({
      max_rental_time: v.max_rental_time!,
      max_rental_time_period: v.max_rental_time_period as TReservationTimePeriod,
      max_reservation_time: v.max_reservation_time!,
      max_reservation_time_period: v.max_reservation_time_period as TReservationTimePeriod,
      transaction_buffer_time: v.transaction_buffer_time_period ? v.transaction_buffer_time! : 0,
      transaction_buffer_time_period: (v.transaction_buffer_time_period ??
        null) as TReservationSettings['transaction_buffer_time_period'],
      locker_buffer_time: v.locker_buffer_time_period ? v.locker_buffer_time! : 0,
      locker_buffer_time_period: (v.locker_buffer_time_period ??
        null) as TReservationSettings['locker_buffer_time_period'],
    }),
  );
export type TReservationSettingsUpdateRequest = z.input<typeof ZReservationSettingsUpdateRequest>;

/** Answer of `PUT reservation-settings`. */
export const ZReservationSettingsResponse = z.object({ detail: z.string(), settings: ZReservationSettings });
