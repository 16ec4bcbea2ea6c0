import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
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

/**
 * Scheduled reports (spec: console §3 Report, §4 recurrence). `assign_to` holds team member ids of
 * the organization; `weekday` Monday=0…Sunday=6 for weekly/biweekly, `month` 1–12 and `when`
 * start|end for monthly/bimonthly; `send_time` is `HH:MM` in UTC. `next_due_at` is the next send
 * the job will make (recomputed on every write and after every send); `last_sent` the due time
 * of the last period that went out, `last_error` the last failed attempt's answer (null once sent).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    contents: jsonb('contents').$type<string[]>().notNull().default([]),
    assignTo: jsonb('assign_to').$type<string[]>().notNull().default([]),
    recurrence: text('recurrence', { enum: ['weekly', 'biweekly', 'monthly', 'bimonthly'] }).notNull(),
    weekday: integer('weekday'),
    month: integer('month'),
    when: text('when', { enum: ['start', 'end'] }),
    sendTime: text('send_time').notNull(),
    includeSubOrgs: boolean('include_sub_orgs').notNull().default(false),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    lastSent: timestamp('last_sent', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_org_name_idx').on(t.organizationId, t.name),
    index('reports_due_idx').on(t.nextDueAt),
    check('reports_weekday_ck', sql`${t.weekday} IS NULL OR ${t.weekday} BETWEEN 0 AND 6`),
    check('reports_month_ck', sql`${t.month} IS NULL OR ${t.month} BETWEEN 1 AND 12`),
  ],
);

/**
 * The outbox of scheduled sends: one row per report, due time and recipient (unique, so a due
 * time is queued once however many workers run). A row is `queued`, `sending` (claimed until
 * `locked_until`), `sent` or `failed` (after the last attempt).
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'report_deliveries_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('report_deliveries_once_uq').on(t.reportId, t.dueAt, t.recipient, t.organizationId),
    index('report_deliveries_due_idx').on(t.sendAfter).where(sql`${t.status} = 'queued'`),
  ],
);
