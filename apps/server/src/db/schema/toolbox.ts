import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * The toolbox settings of an organization (spec: console §2 Apps and widgets, Integrations), one
 * row each: the Lite App and Reservation Widget customizers (JSON of the contract's shapes), the
 * widget's publishable key (public by design: it only reads public data and books), and the
 * organization's own Twilio account (the auth token encrypted with `SECRETS_KEY`).
 */
export const toolboxSettings = pgTable(
  'toolbox_settings',
  {
    organizationId: organizationRef().primaryKey(),
    liteApp: jsonb('lite_app'),
    widget: jsonb('widget'),
    publishableKey: text('publishable_key'),
    twilioAccountSid: text('twilio_account_sid'),
    /** AES-256-GCM ciphertext (`v1:iv:tag:data`, base64url parts) of the auth token. */
    twilioAuthTokenEnc: text('twilio_auth_token_enc'),
    twilioAuthTokenLast4: text('twilio_auth_token_last4'),
    twilioFrom: text('twilio_from'),
    /** The Twilio dialog's 'Enable Verification and Identity': codes and access messages by SMS. */
    twilioVerification: boolean('twilio_verification').notNull().default(true),
    /** The Twilio dialog's 'Enable Alerts and Notifications': notification templates' SMS. */
    twilioAlerts: boolean('twilio_alerts').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('toolbox_settings_publishable_key_uq').on(t.publishableKey, t.organizationId)],
);

/**
 * A webhook endpoint of an organization: where its domain events are POSTed, signed the Standard
 * Webhooks way with `secret` (encrypted at rest like other secrets). `events` empty means every event.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    secretEnc: text('secret_enc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId)],
);

/**
 * The webhook outbox: one message per endpoint and domain event, written in the emitting
 * transaction. `status` pending (due at `next_attempt_at`) → sending (claimed by a delivery
 * worker until `lease_until`; a crashed worker's claim lapses) → pending again after a failed
 * attempt (backoff), or succeeded | failed. `attempts` counts the attempts of the current
 * dispatch; `queued_at` is when that dispatch began (the 24-hour retry window). `webhook_id` is
 * the Standard Webhooks `webhook-id`, the same on every attempt and replay.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    /** How many times the message was handed to delivery: 1, then one more per replay. */
    dispatches: integer('dispatches').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_messages_due_idx')
      .on(t.organizationId, t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    index('webhook_messages_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** One delivery attempt of a webhook message: the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    replay: boolean('replay').notNull().default(false),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    succeeded: boolean('succeeded').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'webhook_attempts_pkey', columns: [t.id, t.organizationId] }),
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/**
 * A code the public widget sent to a contact: a booking needs it, so a door is held and
 * a message sent only for a contact that proved it reads them. `contact` is the e-mail (lower-case)
 * or the phone number in E.164; `code_hash` the HMAC-SHA256 of the code under the server's secret
 * (`SecretBox.mac`), never the code. Valid until `expires_at` (10 minutes), void after 5 wrong
 * tries from one address (`code_tries`) or `attempts` in all, used once (`consumed_at`). `address`
 * is the client address that asked (an IPv6 /64): codes are limited per contact, per address and
 * per organization. `purpose`: `widget` (a booking), `app` (a Lite App sign-in) or `cap-notice`
 * (the mark that the operator was told the hourly cap was reached).
 */
export const widgetVerifications = pgTable(
  'widget_verifications',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    contact: text('contact').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    address: text('address').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    purpose: text('purpose').notNull().default('widget'),
  },
  (t) => [
    primaryKey({ name: 'widget_verifications_pkey', columns: [t.id, t.organizationId] }),
    index('widget_verifications_contact_idx').on(t.organizationId, t.contact, t.createdAt),
    index('widget_verifications_address_idx').on(t.organizationId, t.address, t.createdAt),
    index('widget_verifications_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Wrong tries of one code from one client address (an IPv6 /64): a stranger cannot void a customer's code. */
export const codeTries = pgTable(
  'code_tries',
  {
    organizationId: organizationRef(),
    codeId: uuid('code_id').notNull(),
    address: text('address').notNull(),
    tries: integer('tries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.codeId, t.address] })],
);

/**
 * A Lite App customer's session: the organization's user who proved a contact with a one-time
 * code. The cookie carries the id and a secret; only the secret's HMAC is kept.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    organizationId: organizationRef(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('customer_sessions_user_idx').on(t.organizationId, t.userId),
  ],
);

/**
 * A door a Lite App customer holds while they pay (README "Lite App"): the first free door of the
 * size they chose, kept from every other customer of the app until `held_until` (5 minutes
 * after the hold); an abandoned payment frees it then. One hold per door; the customer's start
 * on it removes the hold.
 */
export const customerDoorHolds = pgTable(
  'customer_door_holds',
  {
    organizationId: organizationRef(),
    id: uuid('id').notNull().defaultRandom(),
    idDevice: uuid('id_device').notNull(),
    userId: uuid('user_id').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('customer_door_holds_device_uq').on(t.organizationId, t.idDevice),
    index('customer_door_holds_user_idx').on(t.organizationId, t.userId),
  ],
);

/**
 * A Lite App customer's claim on one kind of act while it runs (README "Lite App"): a rental start
 * without "Allow multiple assets" claims `rental` before its door opens and drops the claim after,
 * so that two requests of one customer at the same moment cannot both pass the one-rental check
 * (the second finds the claim and answers 409). `token` is the request's; a claim lapses at
 * `held_until`, should its server stop mid-way.
 */
export const customerClaims = pgTable(
  'customer_claims',
  {
    organizationId: organizationRef(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['rental'] }).notNull(),
    token: uuid('token').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.kind] })],
);
