import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';

/**
 * The `Idempotency-Key`s of an organization's write calls (README: Idempotent writes). One row per
 * organization, credential (`member:<id>` for a signed-in person, `api_key:<id>` for a key) and key:
 * `request_hash` is the SHA-256 of the method, the URL and the body of the first call; `state` is
 * `running` while that call is under way (a second one answers 409) and `done` once its answer
 * (`status`, `content_type`, `body_enc`) is stored, which a repeat within 24 hours answers again. A
 * 5xx answer removes the row, so a retry runs. Rows older than 24 hours are reused lazily and
 * removed by the `idempotency-purge` job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    credential: text('credential').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull().default('running'),
    status: integer('status'),
    contentType: text('content_type'),
    /** The answer's body, encrypted like other secrets (it may hold a key or a secret shown once). */
    bodyEnc: text('body_enc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the running call took the key: a `running` row older than the lease is abandoned (a crashed process). */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('idempotency_keys_org_key_uq').on(t.organizationId, t.credential, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
