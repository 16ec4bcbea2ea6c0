import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';

/** Mail handed to the mail adapter; the local driver keeps it here as the outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationRef: uuid('organization_ref'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    driver: text('driver').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);

/**
 * Audit log: one entry per create, update, delete or action, written in the same transaction as
 * the change. `changes` maps each changed field to `{ before, after }`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    actorType: text('actor_type', { enum: ['member', 'api_key', 'system'] }).notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.id, t.organizationId] }),
    index('audit_log_entity_idx').on(t.organizationId, t.entity, t.entityId, t.createdAt),
  ],
);

/** Feedback sent from the console's Help dialog (spec: console §2 Shell, §3 Feedback). */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    memberId: uuid('member_id'),
    location: text('location').notNull().default(''),
    device: text('device').notNull().default(''),
    member: text('member').notNull().default(''),
    department: text('department'),
    description: text('description').notNull(),
    notes: text('notes').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'feedback_pkey', columns: [t.id, t.organizationId] })],
);

/**
 * Stripe events already handled by `POST /stripe/webhook`, by event id: a replayed event (same id,
 * even freshly signed) is refused. Platform-wide (events of every connected account), no tenant.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  account: text('account'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the start-up DDL last left behind (`db/client.ts ensureTenancyPolicies`): `key` names the
 * step (`tenancy_policies`), `hash` is the SHA-256 of its generated SQL and of the catalog state it
 * produced (tables, grants, row-level security, policies, functions). A start whose hash matches
 * runs no DDL, so starting a process never takes a table lock the serving processes need.
 * Owner-only (no grant to the request role, row-level security forced).
 */
export const schemaState = pgTable('schema_state', {
  key: text('key').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
