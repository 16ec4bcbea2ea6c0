import { z } from 'zod';
import { BUFFER_PERIODS, RESERVATION_TIME_PERIODS, type TReservationTimePeriod } from './enums';
import { blank } from './fields';

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
