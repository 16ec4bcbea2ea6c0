import { z } from 'zod';
import { EMAIL_PATTERN, zFlag } from '../common';
import { RESERVATION_MODES, type TReservationMode, WEEKDAYS } from './enums';
import { blank, isTimeZone } from './fields';
import { RESERVATION_MESSAGES } from './messages';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

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
 *   typed at the place (README.md "Time zones: where they come from").
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
