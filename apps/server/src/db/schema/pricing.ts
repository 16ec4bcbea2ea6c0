import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './people';
import { locations } from './places';

/**
 * How lockers are charged (spec: operational §3 Price). `amount` is money (numeric(12,2)); for
 * pay_per_time the charge is elapsed time × amount ÷ unit_amount in `unit` (minute, hour, day,
 * week); for pay_per_weight it is weight × amount per `unit` (lb, kg). At most one default price
 * per organization, guaranteed by a partial unique index.
 */
export const prices = pgTable(
  'prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    priceType: text('price_type').$type<'pay_per_time' | 'pay_per_weight'>().notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('usd'),
    /** pay_per_time only: how many `unit`s the amount buys; null for pay_per_weight */
    unitAmount: integer('unit_amount'),
    unit: text('unit').notNull(),
    prorated: boolean('prorated').notNull().default(false),
    cardOnFile: boolean('card_on_file').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prices_org_name_idx').on(t.organizationId, t.name),
    uniqueIndex('prices_one_default_uq').on(t.organizationId).where(sql`${t.isDefault}`),
  ],
);

/**
 * Promo codes (spec: operational §3 Promo, §5 Promo). `amount` is money for `fixed` and a
 * percentage 1–100 for `percentage`; the code is unique within the organization ignoring case;
 * valid from `start_time` to `end_time` (end ≥ start).
 */
export const promos = pgTable(
  'promos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    discountType: text('discount_type').$type<'fixed' | 'percentage'>().notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promos_org_code_uq').on(t.organizationId, sql`lower(${t.code})`),
    check('promos_discount_type_ck', sql`${t.discountType} IN ('fixed', 'percentage')`),
    check('promos_period_ck', sql`${t.endTime} >= ${t.startTime}`),
    check(
      'promos_amount_ck',
      sql`${t.amount} > 0 AND (${t.discountType} <> 'percentage' OR ${t.amount} BETWEEN 1 AND 100)`,
    ),
  ],
);

/**
 * Subscription plans, called memberships by the API (spec: operational §3 Subscription/membership).
 * `amount` is the plan's money price per payment; `value` means, by `membership_type`: limited →
 * number of free transactions, fixed → money off each transaction, percentage → percent off each
 * transaction (1–100), unlimited → unused (every transaction free).
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    currency: text('currency').notNull().default('usd'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    billingType: text('billing_type').$type<'one_time' | 'recurring'>().notNull(),
    billingPeriod: text('billing_period').$type<'day' | 'week' | 'month' | 'year'>(),
    numberOfPayments: integer('number_of_payments'),
    membershipType: text('membership_type')
      .$type<'unlimited' | 'limited' | 'fixed' | 'percentage'>()
      .notNull(),
    value: numeric('value', { precision: 12, scale: 2 }),
    stripeProductId: text('stripe_product_id'),
    stripePriceId: text('stripe_price_id'),
    cardOnFile: boolean('card_on_file').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memberships_org_name_idx').on(t.organizationId, t.name),
    check('memberships_billing_type_ck', sql`${t.billingType} IN ('one_time', 'recurring')`),
    check('memberships_type_ck', sql`${t.membershipType} IN ('unlimited', 'limited', 'fixed', 'percentage')`),
  ],
);

/** Locations a membership applies to. */
export const membershipLocations = pgTable(
  'membership_locations',
  {
    organizationId: organizationRef(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({
      name: 'membership_locations_membership_id_location_id_pk',
      columns: [t.membershipId, t.locationId, t.organizationId],
    }),
  ],
);

/**
 * Users holding a membership (the subscribers). A held membership cannot be deleted: the service
 * answers 409 and the foreign key (restrict) is the second wall.
 */
export const membershipUsers = pgTable(
  'membership_users',
  {
    organizationId: organizationRef(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Free transactions already used, for `limited` memberships. */
    usedTransactions: integer('used_transactions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'membership_users_membership_id_user_id_pk',
      columns: [t.membershipId, t.userId, t.organizationId],
    }),
    index('membership_users_user_idx').on(t.userId),
  ],
);
