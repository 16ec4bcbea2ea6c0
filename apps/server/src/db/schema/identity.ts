import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';

/**
 * Team members: the operator's staff who sign in to the console (spec: operational §3 Team member).
 * `status` follows the identity service: CONFIRMED, or FORCE_CHANGE_PASSWORD for an invited account.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name'),
    role: text('role', { enum: ['admin', 'member', 'viewer'] }).notNull(),
    status: text('status').notNull().default('CONFIRMED'),
    enabled: boolean('enabled').notNull().default(true),
    verified: boolean('verified').notNull().default(false),
    pinCode: text('pin_code'),
    sendReportedIssues: boolean('send_reported_issues').notNull().default(false),
    /** The console's and the system e-mails' language (en, es, de); null: the browser decides. */
    language: text('language', { enum: ['en', 'es', 'de'] }),
    passwordHash: text('password_hash').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('members_org_email_uq').on(t.organizationId, sql`lower(${t.email})`)],
);

/** A signed-in session: one refresh-token family. Revoking it voids its id tokens too. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_member_idx').on(t.memberId)],
);

/** Rotating refresh tokens, stored as SHA-256 hashes. A reused one revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    unique('refresh_tokens_token_hash_unique').on(t.tokenHash, t.organizationId),
    primaryKey({ name: 'refresh_tokens_pkey', columns: [t.id, t.organizationId] }),
  ],
);

/** E-mailed password-reset codes: 6 digits, 60 minutes, one use, five wrong tries void it. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'password_reset_codes_pkey', columns: [t.id, t.organizationId] }),
    index('password_reset_codes_member_idx').on(t.memberId),
  ],
);

/** Server-wide secrets generated on first start (the token signing key), shared by all processes. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed authentication attempts (wrong password, wrong reset code, every forgot-password call),
 * one row per subject: `e:<organization>|<e-mail>` and `a:<client address>`. The limits of
 * `AUTH_RATE_LIMIT` count the rows of the last minute, so every server process sees the same count;
 * rows older than an hour are pruned as new ones arrive.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    kind: text('kind', { enum: ['sign-in', 'forgot', 'confirm', 'password'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_attempts_subject_idx').on(t.subject, t.createdAt),
    index('auth_attempts_created_idx').on(t.createdAt),
  ],
);

/**
 * Hits of the request rate limits (`@fastify/rate-limit`'s store, see lib/rate-limit): one row per
 * limited key (hashed: a client address is never stored as such) and fixed window, counted by an
 * upsert, so every server process shares one count. Rows of windows past an hour are pruned as new
 * hits arrive.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);
