import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';
import { organizations } from './organizations';
import { users } from './people';
import { devices, locations } from './places';
import { products } from './products';
import { sizes } from './sizes';

/** A PostgreSQL `tstzrange`, as its text form (`["2026-01-01 10:00:00+00","2026-01-01 12:00:00+00")`). */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/**
 * Reservations (spec: operational §3 Reservation, §4 Reservation). A custom range keeps its
 * `starts_at`..`ends_at`; a recurring weekly window keeps its days (`start_date`..`end_date`), the
 * weekday flags, `from_time`..`to_time` (HH:MM) and `time_zone`, with `starts_at`..`ends_at` the
 * span of its occurrences. The occupied time itself lives in `reservation_holds`. Tracking numbers
 * are upper-case and unique per organization among deliveries (`reservations_delivery_tracking_uq`).
 * `status` turns `expired` when the expiry job sees `ends_at` passed.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('active'),
    trackingNumber: text('tracking_number'),
    idUser: uuid('id_user').references(() => users.id, { onDelete: 'set null' }),
    idLocation: uuid('id_location').references(() => locations.id, { onDelete: 'set null' }),
    idDevice: uuid('id_device').references(() => devices.id, { onDelete: 'set null' }),
    idSize: uuid('id_size').references(() => sizes.id, { onDelete: 'set null' }),
    idProduct: uuid('id_product').references(() => products.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number'),
    email: text('email'),
    senderDetails: text('sender_details'),
    recurring: boolean('recurring').notNull().default(false),
    monday: boolean('monday').notNull().default(false),
    tuesday: boolean('tuesday').notNull().default(false),
    wednesday: boolean('wednesday').notNull().default(false),
    thursday: boolean('thursday').notNull().default(false),
    friday: boolean('friday').notNull().default(false),
    saturday: boolean('saturday').notNull().default(false),
    sunday: boolean('sunday').notNull().default(false),
    fromTime: text('from_time'),
    toTime: text('to_time'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    timeZone: text('time_zone').notNull().default('UTC'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** A booking of the public widget: the client address it came from (null for every other). */
    widgetAddress: text('widget_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_delivery_tracking_uq')
      .on(t.organizationId, t.trackingNumber)
      .where(sql`${t.mode} = 'delivery' AND ${t.trackingNumber} IS NOT NULL`),
    index('reservations_org_created_idx').on(t.organizationId, t.createdAt),
    index('reservations_org_user_idx').on(t.organizationId, t.idUser, t.status),
    // the widget's caps count a key's open bookings (WIDGET_MAX_OPEN_*)
    index('reservations_widget_open_idx')
      .on(t.organizationId, t.endsAt)
      .where(sql`${t.widgetAddress} IS NOT NULL AND ${t.status} = 'active'`),
    index('reservations_expiry_idx').on(t.endsAt).where(sql`${t.status} = 'active'`),
    check('reservations_mode_ck', sql`${t.mode} IN ('service', 'storage', 'delivery', 'rental')`),
    check('reservations_status_ck', sql`${t.status} IN ('active', 'expired')`),
    check('reservations_range_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One row per concrete occupied time range of a device: the custom range, or each weekly
 * occurrence of a recurring window, widened by the organization's transaction buffer before and
 * locker buffer after. The database refuses two overlapping holds on one device with the
 * exclusion constraint `reservation_holds_no_overlap` (`EXCLUDE USING gist (organization_id WITH =,
 * id_device WITH =, during WITH &&)`, btree_gist), added by the custom migration `reservations_no_overlap` since Drizzle cannot
 * declare it; a refused insert fails with SQLSTATE 23P01.
 */
export const reservationHolds = pgTable(
  'reservation_holds',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    idReservation: uuid('id_reservation')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    idDevice: uuid('id_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    during: tstzrange('during').notNull(),
  },
  (t) => [
    primaryKey({ name: 'reservation_holds_pkey', columns: [t.id, t.organizationId] }),
    index('reservation_holds_reservation_idx').on(t.idReservation),
  ],
);

/**
 * Reservation settings of an organization (spec: operational §3 Reservation settings). Max times
 * null = unlimited; buffers 0 with no period = off. Periods: minute, hour, day (week for max times).
 */
export const reservationSettings = pgTable(
  'reservation_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    maxRentalTime: integer('max_rental_time'),
    maxRentalTimePeriod: text('max_rental_time_period'),
    maxReservationTime: integer('max_reservation_time'),
    maxReservationTimePeriod: text('max_reservation_time_period'),
    transactionBufferTime: integer('transaction_buffer_time').notNull().default(0),
    transactionBufferTimePeriod: text('transaction_buffer_time_period'),
    lockerBufferTime: integer('locker_buffer_time').notNull().default(0),
    lockerBufferTimePeriod: text('locker_buffer_time_period'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'reservation_settings_buffers_ck',
      sql`${t.transactionBufferTime} >= 0 AND ${t.lockerBufferTime} >= 0`,
    ),
  ],
);

/**
 * The payment a reservation is booked with (README "Reservation widget"): a widget booking of a
 * priced window is paid before it holds a locker. One row per verified contact code
 * (`verification_id`, the widget's one-time code): a retried or double-tapped booking finds its
 * payment instead of paying twice. `status` pending (the provider is being asked) → succeeded,
 * then booked (`booked_at`, `id_reservation`) — or failed (declined), or refunded (the booking
 * failed after the payment). `provider` is `sandbox` or `stripe`, `reference` the provider's
 * payment, `refund_reference` its refund. A failed or refunded payment opened again for a new try
 * counts it in `attempts` (a new try is a new charge at the provider). A payment left unbooked
 * (its server stopped mid-way) is refunded by the sweep after 5 minutes.
 */
export const reservationPayments = pgTable(
  'reservation_payments',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    verificationId: uuid('verification_id').notNull(),
    idReservation: uuid('id_reservation').references(() => reservations.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** The tracking number the reservation is booked under (the payment's invoice at the provider). */
    trackingNumber: text('tracking_number').notNull(),
    /** The card paying (the provider's payment method), kept so a sweep can ask for the same payment again. */
    paymentMethod: text('payment_method'),
    reference: text('reference'),
    refundReference: text('refund_reference'),
    attempts: integer('attempts').notNull().default(0),
    message: text('message'),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'reservation_payments_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('reservation_payments_verification_uq').on(t.organizationId, t.verificationId),
    index('reservation_payments_reservation_idx')
      .on(t.organizationId, t.idReservation)
      .where(sql`${t.idReservation} IS NOT NULL`),
    // the sweep's paid-but-unbooked payments
    index('reservation_payments_unbooked_idx')
      .on(t.updatedAt)
      .where(sql`${t.bookedAt} IS NULL AND ${t.status} IN ('pending', 'succeeded')`),
    check(
      'reservation_payments_status_ck',
      sql`${t.status} IN ('pending', 'succeeded', 'failed', 'refunded')`,
    ),
    check('reservation_payments_source_ck', sql`${t.source} IN ('widget')`),
    check('reservation_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);
