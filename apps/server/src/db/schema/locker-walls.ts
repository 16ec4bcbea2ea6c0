import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { devices, locations } from './places';

/**
 * A wall of locker doors at a location (spec: operational §3 Locker wall): `qty_wide` columns by
 * `qty_tall` rows, 1 to 50 each way; `is_kiosk` when one door is the wall's kiosk.
 */
export const lockerWalls = pgTable(
  'locker_walls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    idLocation: uuid('id_location')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    customId: text('custom_id'),
    image: text('image'),
    qtyTall: integer('qty_tall').notNull(),
    qtyWide: integer('qty_wide').notNull(),
    isKiosk: boolean('is_kiosk').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locker_walls_org_location_idx').on(t.organizationId, t.idLocation),
    check('locker_walls_qty_tall_ck', sql`${t.qtyTall} BETWEEN 1 AND 50`),
    check('locker_walls_qty_wide_ck', sql`${t.qtyWide} BETWEEN 1 AND 50`),
  ],
);

/**
 * One door of a wall at column `x`, row `y` (both from 1). A device sits in one door at most
 * (`locker_wall_doors_device_uq`), a wall has one door per position and at most one kiosk, and the
 * kiosk door holds no device: the database enforces all of these, so concurrent assignments cannot
 * both win (spec: operational §4 Locker wall door).
 */
export const lockerWallDoors = pgTable(
  'locker_wall_doors',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    idLockerWall: uuid('id_locker_wall')
      .notNull()
      .references(() => lockerWalls.id, { onDelete: 'cascade' }),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    kiosk: boolean('kiosk').notNull().default(false),
    idDevice: uuid('id_device').references(() => devices.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'locker_wall_doors_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('locker_wall_doors_position_uq').on(t.idLockerWall, t.x, t.y, t.organizationId),
    uniqueIndex('locker_wall_doors_device_uq').on(t.idDevice, t.organizationId),
    uniqueIndex('locker_wall_doors_kiosk_uq').on(t.idLockerWall, t.organizationId).where(sql`${t.kiosk}`),
    index('locker_wall_doors_org_idx').on(t.organizationId),
    check('locker_wall_doors_kiosk_empty_ck', sql`NOT (${t.kiosk} AND ${t.idDevice} IS NOT NULL)`),
  ],
);
