import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';
import { users } from './people';
import { prices } from './pricing';
import { sizes } from './sizes';

/**
 * Where lockers stand (spec: operational §3 Location, §4 Location). `restriction_type` null means
 * Unrestricted; `users` or `groups` means Restricted to the rows of `location_assignments`.
 * Latitude and longitude are WGS84 degrees.
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    address: text('address'),
    image: text('image'),
    hidden: boolean('hidden').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    customId: text('custom_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    requireImage: boolean('require_image').notNull().default(false),
    restrictionType: text('restriction_type'),
    /** IANA zone overriding the organization's for this location's days (null = the organization's). */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_org_name_idx').on(t.organizationId, t.name),
    check(
      'locations_restriction_type_ck',
      sql`${t.restrictionType} IS NULL OR ${t.restrictionType} IN ('users', 'groups')`,
    ),
  ],
);

/**
 * Users allowed at a location restricted by users (spec: operational §7
 * `resources/{id}/assign-user`). A location restricted by groups keeps its groups in the groups
 * area's `group_resources` (resource_type `location`), the one place both sides read.
 */
export const locationAssignments = pgTable(
  'location_assignments',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    idLocation: uuid('id_location')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    idUser: uuid('id_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'location_assignments_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('location_assignments_user_uq').on(t.idLocation, t.idUser, t.organizationId),
    index('location_assignments_user_idx').on(t.idUser),
  ],
);

/**
 * A locker door (spec: operational §3 Device with every hardware-specific field, §4 Device
 * status). The locker number is unique within a location, enforced by `devices_locker_number_uq`
 * so two concurrent creates cannot both win. `id_product` stays a plain
 * uuid until products exist.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    customIdentifier: text('custom_identifier'),
    lockerNumber: integer('locker_number').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('available'),
    lockStatus: text('lock_status').notNull().default('locked'),
    hardwareType: text('hardware_type').notNull(),
    idLocation: uuid('id_location')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    idSize: uuid('id_size').references(() => sizes.id, { onDelete: 'set null' }),
    idPrice: uuid('id_price').references(() => prices.id, { onDelete: 'set null' }),
    idProduct: uuid('id_product'),
    item: text('item'),
    itemDescription: text('item_description'),
    priceRequired: boolean('price_required').notNull().default(false),
    adaCompliance: boolean('ada_compliance').notNull().default(false),
    requireImage: boolean('require_image').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    image: text('image'),
    // linka, kerong
    macAddress: text('mac_address'),
    // spintly
    integrationId: integer('integration_id'),
    // ojmar
    lockerUdn: text('locker_udn'),
    userCode: text('user_code'),
    masterCode: text('master_code'),
    // gantner
    gantnerId: text('gantner_id'),
    // harbor
    harborTowerId: text('harbor_tower_id'),
    harborLockerId: text('harbor_locker_id'),
    // dclock
    dclockTerminalNo: text('dclock_terminal_no'),
    dclockBoxNo: text('dclock_box_no'),
    // kerong
    ip: text('ip'),
    circuitUnit: text('circuit_unit'),
    boardUnit: text('board_unit'),
    hookPort: text('hook_port'),
    // headleader
    headboard: integer('headboard'),
    port: integer('port'),
    lockStatusAt: timestamp('lock_status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_locker_number_uq').on(t.organizationId, t.idLocation, t.lockerNumber),
    index('devices_org_location_idx').on(t.organizationId, t.idLocation, t.lockerNumber, t.id),
    index('devices_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('devices_locker_number_trgm').using('gin', sql`(${t.lockerNumber}::text) gin_trgm_ops`),
    index('devices_org_size_status_idx').on(t.organizationId, t.idSize, t.status),
    index('devices_org_product_idx').on(t.organizationId, t.idProduct),
    check('devices_status_ck', sql`${t.status} IN ('available', 'reserved', 'maintenance')`),
    check('devices_lock_status_ck', sql`${t.lockStatus} IN ('open', 'locked', 'unknown', 'offline')`),
    check('devices_mode_ck', sql`${t.mode} IN ('rental', 'storage', 'delivery', 'service', 'vending')`),
    check(
      'devices_hardware_type_ck',
      sql`${t.hardwareType} IN ('linka', 'headleader', 'spintly', 'ojmar', 'gantner', 'harbor', 'dclock', 'virtual', 'kerong')`,
    ),
  ],
);
