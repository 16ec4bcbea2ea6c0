import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './people';
import { devices, locations } from './places';
import { memberships, prices, promos } from './pricing';
import { conditions, products } from './products';

const orgRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * Transactions, called events by the API (spec: operational §3 Transaction (event), §4 statuses).
 * One row per storage, rental, service, delivery or vending life cycle. `invoice_id` and `order_id`
 * are readable numbers unique per organization (from `transaction_counters`). `id_device` is the
 * door the transaction is at now; `device_held` says whether it holds that door (the door is
 * `reserved` meanwhile), and the partial unique index lets only one transaction hold a door, so
 * two starts on one device cannot both win. Money is numeric(12,2): `subtotal − discount = total`
 * (from the pricing module), `refunded_amount` and `penalize_charge` apart. `total_time` is seconds.
 * `status_after_payment` is where a transaction goes when its pending charge is confirmed.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgRef(),
    invoiceId: text('invoice_id').notNull(),
    orderId: text('order_id').notNull(),
    type: text('event_type').notNull(),
    status: text('event_status').notNull(),
    idUser: uuid('id_user').references(() => users.id, { onDelete: 'set null' }),
    idDevice: uuid('id_device').references(() => devices.id, { onDelete: 'set null' }),
    deviceHeld: boolean('device_held').notNull().default(false),
    idLocation: uuid('id_location').references(() => locations.id, { onDelete: 'set null' }),
    idProduct: uuid('id_product').references(() => products.id, { onDelete: 'set null' }),
    idPrice: uuid('id_price').references(() => prices.id, { onDelete: 'set null' }),
    idPromo: uuid('id_promo').references(() => promos.id, { onDelete: 'set null' }),
    idMembership: uuid('id_membership').references(() => memberships.id, { onDelete: 'set null' }),
    idCondition: uuid('id_condition').references(() => conditions.id, { onDelete: 'set null' }),
    currency: text('currency').notNull().default('usd'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledBy: text('canceled_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    subtotal: money('subtotal').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    total: money('total').notNull().default('0'),
    totalTime: integer('total_time'),
    weight: numeric('weight', { precision: 12, scale: 3 }),
    refundedAmount: money('refunded_amount'),
    penalizeCharge: money('penalize_charge'),
    penalizeReason: text('penalize_reason'),
    paymentStatus: text('payment_status').notNull().default('none'),
    paymentRef: text('payment_ref'),
    /** The card the app collected at the start (a Stripe PaymentMethod id), charged off-session. */
    paymentMethod: text('payment_method'),
    statusAfterPayment: text('status_after_payment'),
    notificationStatus: text('notification_status'),
    notificationDate: timestamp('notification_date', { withTimezone: true }),
    /** When the customer's receipt was mailed (taken once: a retried end mails one). */
    receiptMailedAt: timestamp('receipt_mailed_at', { withTimezone: true }),
    courierPinCode: text('courier_pin_code'),
    pickupCode: text('pickup_code'),
    /** A delivery's tracking number: the parcel's label, read or typed at the screen (upper case). */
    trackingNumber: text('tracking_number'),
    pickupAttempts: integer('pickup_attempts').notNull().default(0),
    phoneNumber: text('phone_number'),
    email: text('email'),
    signatureUrl: text('signature_url'),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_invoice_uq').on(t.organizationId, t.invoiceId),
    index('transactions_org_tracking_idx')
      .on(t.organizationId, t.trackingNumber)
      .where(sql`${t.trackingNumber} IS NOT NULL`),
    uniqueIndex('transactions_order_uq').on(t.organizationId, t.orderId),
    uniqueIndex('transactions_device_held_uq').on(t.idDevice).where(sql`${t.deviceHeld}`),
    // Keyset paging of the Transactions list, newest first, unfiltered and per filter: the
    // organization leads (row-level security and every query filter on it), then the filter, then
    // (created_at, id) — the order and the cursor (docs/benchmarks.md says which call uses which).
    index('transactions_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('transactions_org_status_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('transactions_org_type_idx').on(t.organizationId, t.type, t.createdAt, t.id),
    index('transactions_org_user_idx').on(t.organizationId, t.idUser, t.createdAt, t.id),
    // Deleting a user sets id_user to null here: without an index leading with it, every delete scans
    // all the organization's transactions (seconds at millions of rows).
    index('transactions_user_idx').on(t.idUser).where(sql`${t.idUser} IS NOT NULL`),
    index('transactions_org_location_idx').on(t.organizationId, t.idLocation, t.createdAt, t.id),
    index('transactions_org_device_idx').on(t.organizationId, t.idDevice, t.createdAt, t.id),
    // Substring search (app_search_ids) over the transaction's own searched columns.
    index('transactions_invoice_trgm').using('gin', t.invoiceId.op('gin_trgm_ops')),
    index('transactions_order_trgm').using('gin', t.orderId.op('gin_trgm_ops')),
    index('transactions_phone_trgm').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('transactions_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('transactions_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'awaiting_user_pickup'`),
    check('transactions_type_ck', sql`${t.type} IN ('rental', 'storage', 'delivery', 'service', 'vending')`),
    check(
      'transactions_status_ck',
      sql`${t.status} IN ('in_progress', 'awaiting_service_pickup', 'awaiting_service_dropoff', 'awaiting_user_pickup', 'awaiting_payment_confirmation', 'finished', 'canceled', 'refunded', 'expired', 'removed')`,
    ),
    check(
      'transactions_payment_status_ck',
      sql`${t.paymentStatus} IN ('none', 'pending', 'succeeded', 'failed')`,
    ),
    check(
      'transactions_penalize_reason_ck',
      sql`${t.penalizeReason} IS NULL OR ${t.penalizeReason} IN ('missing_items', 'damaged_items', 'misconduct', 'other')`,
    ),
    check('transactions_money_ck', sql`${t.total} >= 0 AND ${t.subtotal} >= 0 AND ${t.discount} >= 0`),
    check('transactions_held_device_ck', sql`NOT ${t.deviceHeld} OR ${t.idDevice} IS NOT NULL`),
  ],
);

/**
 * The Transaction History Log (spec: operational §2 Transactions dialog tab, §7 `event-logs/{id}`):
 * one entry per step, written in the step's database transaction. `detail` holds the step's data
 * (amounts as two-decimal text, device, weight, reason…).
 */
export const transactionLogs = pgTable(
  'transaction_logs',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgRef(),
    transactionId: uuid('id_event')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    statusBefore: text('status_before'),
    statusAfter: text('status_after').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    actorType: text('actor_type').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'transaction_logs_pkey', columns: [t.id, t.organizationId] }),
    index('transaction_logs_event_idx').on(t.organizationId, t.transactionId, t.createdAt),
  ],
);

/**
 * Per-organization counters of readable numbers: incremented with one `INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`, so concurrent starts never share a number.
 */
export const transactionCounters = pgTable('transaction_counters', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
});

/**
 * Domain events of the life cycle (on_start, on_reservation, on_service_pickup, on_service_charge,
 * on_service_dropoff, on_complete, non_locker_delivery, on_expired; spec: console §4 notification
 * events per mode), written by `domain-events/emit` in the same transaction as the step, for the
 * notifications area to read or subscribe to.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    mode: text('mode').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_org_created_idx').on(t.organizationId, t.createdAt),
    index('domain_events_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/**
 * Share links of transactions (`POST events/{id}/share`): the public view
 * answers only with the id and a token of a link that was sent. Only the SHA-256 of the token is
 * kept (the token itself travels in the link alone), one row per link sent, so earlier links keep
 * working.
 */
export const transactionShares = pgTable(
  'transaction_shares',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgRef(),
    transactionId: uuid('id_event')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'transaction_shares_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('transaction_shares_token_uq').on(t.tokenHash, t.organizationId),
  ],
);

/** Text messages handed to the SMS adapter; the local driver keeps them here as the outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationRef: uuid('organization_ref'),
    to: text('to').notNull(),
    body: text('body').notNull(),
    driver: text('driver').notNull(),
    providerId: text('provider_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.createdAt)],
);
