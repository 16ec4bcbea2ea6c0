import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';
import { members } from './identity';
import { users } from './people';
import { locations } from './places';
import { conditions } from './products';
import { transactions } from './transactions';

/**
 * Issues reported about a rental (spec: console §3 Issue, §4 issue status, §5 issue rules). An
 * issue is tied to one transaction (`id_event`, with its `invoice_id` kept as written) of the same
 * organization; `id_user` is the customer it concerns, `reporter_*` who filed it (the team member
 * or API key, or the condition that opened it), `team_member_id` the member it is assigned to.
 * `source` says whether a person filed it (`console`) or a condition with Report Issue opened it
 * (`condition`, with `id_condition`), or the server raised it about a lock that keeps failing
 * (`lock`). The dashboard's `issue_rate` counts these rows.
 */
export const issues = pgTable(
  'issues',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    /**
     * Readable number (`issue_id` on the wire is `ISS-<number>`), counted per organization: the
     * trigger `issues_number_tg` sets it from `issue_counters` on insert (the 0 here is replaced).
     */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .$defaultFn(() => 0),
    status: text('status', { enum: ['pending', 'in_progress', 'resolved'] })
      .notNull()
      .default('pending'),
    description: text('description').notNull(),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    transactionId: uuid('id_event').references(() => transactions.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id'),
    idLocation: uuid('id_location').references(() => locations.id, { onDelete: 'set null' }),
    idUser: uuid('id_user').references(() => users.id, { onDelete: 'set null' }),
    reporterName: text('reporter_name'),
    reporterEmail: text('reporter_email'),
    reporterPhone: text('reporter_phone'),
    teamMemberId: uuid('team_member_id').references(() => members.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['console', 'condition', 'lock'] })
      .notNull()
      .default('console'),
    idCondition: uuid('id_condition').references(() => conditions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'issues_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('issues_org_number_uq').on(t.organizationId, t.number),
    index('issues_org_created_idx').on(t.organizationId, t.createdAt),
    index('issues_org_event_idx').on(t.organizationId, t.transactionId),
    index('issues_org_location_idx').on(t.organizationId, t.idLocation, t.createdAt),
    check('issues_description_ck', sql`char_length(${t.description}) <= 200`),
  ],
);

/**
 * The last issue number of each organization (numbers per organization, not one global
 * sequence that tells every tenant how many issues the others file). Bumped by the insert trigger
 * of `issues` in the inserting transaction, so concurrent inserts of one organization queue on its
 * row and never share a number.
 */
export const issueCounters = pgTable('issue_counters', {
  organizationId: organizationRef().primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});
