import { z } from 'zod';
import { ZLocationZone } from '../common';
import {
  RESERVATION_MODE_FILTERS,
  RESERVATION_PAYMENT_SOURCES,
  RESERVATION_PAYMENT_STATUSES,
  RESERVATION_STATUSES,
  WEEKDAYS,
  ZReservationMode,
} from './enums';

const ZRef = z.object({ id: z.uuid(), name: z.string() });

/** The payment a reservation was booked with (a widget booking of a priced window), as the operator sees it. */
export const ZReservationPayment = z.object({
  status: z.enum(RESERVATION_PAYMENT_STATUSES),
  amount: z.number().describe('two decimals, in `currency`'),
  currency: z.string(),
  source: z
    .enum(RESERVATION_PAYMENT_SOURCES)
    .describe('where the customer paid: `widget`, the reservation widget'),
  provider: z.string().describe('`sandbox` (no real money) or `stripe`'),
  reference: z.string().nullable().describe("the provider's payment (a PaymentIntent, or `ch_sandbox_…`)"),
  created_at: z.string(),
});
export type TReservationPayment = z.infer<typeof ZReservationPayment>;

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
  location: ZRef.extend({ time_zone: ZLocationZone }).nullable(),
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
  payment: ZReservationPayment.nullable().describe(
    'the payment it was booked with; null when none was taken',
  ),
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
