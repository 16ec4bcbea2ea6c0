import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { members } from './identity';
import { locations } from './places';
import { domainEvents } from './transactions';

/**
 * Notification templates (spec: console §3 Notification, §4, §5). A template sends, for one mode and
 * event (`notification_type`), an e-mail and/or an SMS `time_amount` × `time_unit` before or after
 * the event. Only one default per mode and event: the partial unique index
 * `notifications_default_uq` refuses a second one, also under concurrent writes.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    /** The e-mail's subject line (templates made before it had one took their name). */
    subject: text('subject'),
    mode: text('mode').notNull(),
    notificationType: text('notification_type').notNull(),
    timeAmount: integer('time_amount').notNull().default(0),
    timeUnit: text('time_unit').notNull().default('immediately'),
    before: boolean('before').notNull().default(false),
    after: boolean('after').notNull().default(false),
    email: boolean('email').notNull().default(false),
    sms: boolean('sms').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    isTemplate: boolean('is_template').notNull().default(false),
    header: text('header'),
    footer: text('footer'),
    message: text('message'),
    messageEmail: text('message_email'),
    locationMessage: text('location_message'),
    memberMessage: text('member_message'),
    idMember: uuid('id_member').references(() => members.id, { onDelete: 'set null' }),
    headerImage: text('header_image'),
    bodyImage: text('body_image'),
    footerImage: text('footer_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_default_uq')
      .on(t.organizationId, t.mode, t.notificationType)
      .where(sql`${t.isDefault}`),
    index('notifications_org_event_idx').on(t.organizationId, t.mode, t.notificationType),
    index('notifications_org_name_idx').on(t.organizationId, t.name),
  ],
);

/** The locations whose per-location message a template adds (spec: console §3 `locations`). */
export const notificationLocations = pgTable(
  'notification_locations',
  {
    organizationId: organizationRef(),
    idNotification: uuid('id_notification')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    idLocation: uuid('id_location')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({
      name: 'notification_locations_id_notification_id_location_pk',
      columns: [t.idNotification, t.idLocation, t.organizationId],
    }),
  ],
);

/**
 * The delivery log and queue of notification messages. A row is queued in the transaction of the
 * step that emitted the domain event, with the rendered subject and body and `send_after` (the
 * template's delay); the sending job claims due rows (`sending`, committed before the provider is
 * called), then marks them `sent`, or re-queues them with backoff, `failed` after the last attempt.
 * `notification_deliveries_once_uq` keeps one message per event, template, channel and recipient
 * kind, so nothing is queued twice; a row left in `sending` by a dead worker is never sent again.
 * `recipient` is kept for sending; the log shows it masked.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    idNotification: uuid('id_notification').references(() => notifications.id, { onDelete: 'set null' }),
    idDomainEvent: uuid('id_domain_event').references(() => domainEvents.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    kind: text('kind', { enum: ['customer', 'member', 'test'] }).notNull(),
    /** Send test only: who sent it (a team member's or an API key's id), for the hourly limits. */
    sentBy: uuid('sent_by'),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    invoiceId: text('invoice_id'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerAnswer: text('provider_answer'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_deliveries_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('notification_deliveries_once_uq')
      .on(t.idDomainEvent, t.idNotification, t.channel, t.kind, t.organizationId)
      .where(sql`${t.idDomainEvent} IS NOT NULL`),
    index('notification_deliveries_due_idx').on(t.sendAfter).where(sql`${t.status} = 'queued'`),
    index('notification_deliveries_org_notification_idx').on(t.organizationId, t.idNotification, t.createdAt),
    index('notification_deliveries_test_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.kind} = 'test'`),
  ],
);
