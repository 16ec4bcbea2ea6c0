import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';

/**
 * The organization's API key (spec: console §3 API key, §4 "none to generated once"). One per
 * organization. Only the key's SHA-256 (`key_hash`) is stored: the key is shown once, when it is
 * generated or rotated; requests are looked up by the hash.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    keyHash: text('key_hash').notNull(),
    /** The first characters of the key (`lo_` + 4), shown so a partner can tell which key it holds. */
    prefix: text('prefix').notNull().default(''),
    /** What the key may call (`API_KEY_SCOPES`); the partner/kiosk scope by default. */
    scope: text('scope', { enum: ['partner'] })
      .notNull()
      .default('partner'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'api_keys_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('api_keys_org_uq').on(t.organizationId),
    uniqueIndex('api_keys_hash_uq').on(t.keyHash, t.organizationId),
  ],
);

/**
 * Column choice and filters of one table page, per team member (spec: console §7 `filters/{page}`).
 * `subject_id` is the team member, or the API key for calls made with one.
 */
export const tableFilters = pgTable(
  'table_filters',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    subjectId: uuid('subject_id').notNull(),
    page: text('page').notNull(),
    columns: jsonb('columns').$type<string[] | null>(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'table_filters_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('table_filters_subject_page_uq').on(t.organizationId, t.subjectId, t.page),
  ],
);

/**
 * Verification links of the notification (support) contact e-mail (spec: console §7
 * `notification-contact/verify`). The link carries a random token; only its hash is stored.
 */
export const contactVerifications = pgTable(
  'contact_verifications',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'contact_verifications_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('contact_verifications_token_uq').on(t.tokenHash, t.organizationId),
    index('contact_verifications_org_email_idx').on(t.organizationId, t.email),
  ],
);
