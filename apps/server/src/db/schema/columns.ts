import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The `organization_id` column of a tenant table: NOT NULL, cascading with its organization.
 * Row-level security is applied to every table that has it (db/client.ts applyTenancyPolicies).
 */
export const organizationRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A random UUID primary key. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** `created_at` and `updated_at` (timestamptz, set on insert; `updated_at` refreshed by writes). */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
