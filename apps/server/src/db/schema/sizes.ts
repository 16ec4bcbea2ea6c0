import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';

/** Locker sizes; dimensions in inches with two decimals (spec: operational §3 Size). */
export const sizes = pgTable(
  'sizes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description'),
    width: numeric('width', { precision: 10, scale: 2 }).notNull(),
    depth: numeric('depth', { precision: 10, scale: 2 }).notNull(),
    height: numeric('height', { precision: 10, scale: 2 }).notNull(),
    image: text('image'),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sizes_org_name_idx').on(t.organizationId, t.name)],
);
