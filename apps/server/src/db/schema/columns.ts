import { uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The `organization_id` column of a tenant table: NOT NULL, cascading with its organization.
 * Row-level security is applied to every table that has it (db/client.ts applyTenancyPolicies).
 */
export const organizationRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
