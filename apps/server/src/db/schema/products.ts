import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { sizes } from './sizes';

/**
 * Conditions a product can be in (spec: operational §3 Condition). `auto_maintenance` puts the
 * product's device in maintenance when the product is returned in this condition; `auto_report`
 * opens an issue (see modules/conditions/service.ts `applyConditionEffects`).
 */
export const conditions = pgTable(
  'conditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    autoReport: boolean('auto_report').notNull().default(false),
    autoMaintenance: boolean('auto_maintenance').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conditions_org_name_idx').on(t.organizationId, t.name)],
);

/**
 * Product groups (spec: operational §3 Product group, §5). `one_to_one` is the return policy:
 * true = back to the same locker, false = any locker of the same size and location (then `id_size`
 * is required). `charging_time` has at most 6 digits, `transaction_number` at most 10.
 */
export const productGroups = pgTable(
  'product_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    image: text('image'),
    idSize: uuid('id_size').references(() => sizes.id, { onDelete: 'set null' }),
    oneToOne: boolean('one_to_one').notNull().default(true),
    chargingTime: integer('charging_time'),
    autoRepair: boolean('auto_repair').notNull().default(false),
    transactionNumber: bigint('transaction_number', { mode: 'number' }),
    totalInventory: integer('total_inventory'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_groups_org_name_idx').on(t.organizationId, t.name),
    check(
      'product_groups_charging_time_ck',
      sql`${t.chargingTime} IS NULL OR ${t.chargingTime} BETWEEN 0 AND 999999`,
    ),
    check(
      'product_groups_transaction_number_ck',
      sql`${t.transactionNumber} IS NULL OR ${t.transactionNumber} BETWEEN 0 AND 9999999999`,
    ),
  ],
);

/**
 * Products, shown as Inventory (spec: operational §3 Product). Money is numeric(12,2): `price` is
 * the cost. A serial number is unique within the organization (`products_serial_uq`). A product
 * sits in at most one device (`devices.id_product`, unique where set).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    image: text('image'),
    serialNumber: text('serial_number'),
    sku: text('sku'),
    price: numeric('price', { precision: 12, scale: 2 }),
    salesPrice: numeric('sales_price', { precision: 12, scale: 2 }),
    msrp: numeric('msrp', { precision: 12, scale: 2 }),
    description: text('description'),
    idProductGroup: uuid('id_product_group').references(() => productGroups.id, { onDelete: 'set null' }),
    idCondition: uuid('id_condition').references(() => conditions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_serial_uq')
      .on(t.organizationId, t.serialNumber)
      .where(sql`${t.serialNumber} IS NOT NULL`),
    index('products_org_name_idx').on(t.organizationId, t.name),
    index('products_org_group_idx').on(t.organizationId, t.idProductGroup),
    index('products_org_condition_idx').on(t.organizationId, t.idCondition),
    check('products_price_ck', sql`${t.price} IS NULL OR ${t.price} > 0`),
    check('products_sales_price_ck', sql`${t.salesPrice} IS NULL OR ${t.salesPrice} > 0`),
    check('products_msrp_ck', sql`${t.msrp} IS NULL OR ${t.msrp} > 0`),
  ],
);

/**
 * The history of a product (spec: operational §3 Product `product_tracking`, §4 Product tracking
 * states): new ("Product Created"), incoming ("In"), outgoing ("Out"), maintenance ("Maintenance
 * Ticket"). `id_user` is the customer of an In/Out, `actor_name` the team member or key that acted,
 * `id_condition` the product's condition at that moment. `seq` orders entries of one transaction.
 */
export const productTracking = pgTable(
  'product_tracking',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    idProduct: uuid('id_product')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    idUser: uuid('id_user').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    idCondition: uuid('id_condition').references(() => conditions.id, { onDelete: 'set null' }),
    idDevice: uuid('id_device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'product_tracking_pkey', columns: [t.id, t.organizationId] }),
    index('product_tracking_product_idx').on(t.organizationId, t.idProduct, t.createdAt),
    check('product_tracking_state_ck', sql`${t.state} IN ('new', 'incoming', 'outgoing', 'maintenance')`),
  ],
);
