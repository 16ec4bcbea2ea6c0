import { z } from 'zod';
import type { TMode } from '../common';

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

/**
 * Where the payment of a reservation stands (a widget booking paid before it held a locker):
 * `pending` while the provider is asked, `succeeded` once paid, `failed` when declined, `refunded`
 * when the booking failed after the payment and the money went back.
 */
export const RESERVATION_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type TReservationPaymentStatus = (typeof RESERVATION_PAYMENT_STATUSES)[number];

/** Where a reservation's payment was taken (the console shows it as the payment's source). */
export const RESERVATION_PAYMENT_SOURCES = ['widget'] as const;

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
