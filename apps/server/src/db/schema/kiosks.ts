import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';
import { users } from './people';

/**
 * A screen at a locker wall (README: The screen at the wall), serving one location (or one wall
 * of it). Made in the console with a one-time pairing code (`pairing_code_hash`, its SHA-256,
 * until `pairing_expires_at`), which the tablet exchanges once for its kiosk token
 * (`token_hash`, the token's SHA-256: the token itself is never stored). `revoked_at` ends the
 * token at once. `last_seen_at` and `app_version` are written by the kiosk's calls;
 * `offline_since` by the offline alert's job.
 */
export const kiosks = pgTable(
  'kiosks',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    idLocation: uuid('id_location').notNull(),
    idLockerWall: uuid('id_locker_wall'),
    pairingCodeHash: text('pairing_code_hash'),
    pairingExpiresAt: timestamp('pairing_expires_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    appVersion: text('app_version'),
    /** When the team was told the screen is offline (one alert per outage); null while it calls. */
    offlineSince: timestamp('offline_since', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('kiosks_org_location_idx').on(t.organizationId, t.idLocation),
    // looked up by hash before the organization is known (the tablet brings only the code or token)
    index('kiosks_token_idx').on(t.tokenHash).where(sql`${t.tokenHash} IS NOT NULL`),
    index('kiosks_pairing_idx').on(t.pairingCodeHash).where(sql`${t.pairingCodeHash} IS NOT NULL`),
  ],
);

/**
 * The courier code of a user who drops parcels at the organization's kiosks (`id` is the user's
 * id). The user is a courier while a member of a group marked `couriers`; the code is stored as
 * its HMAC-SHA256 under the server's secret only (`code_hash`), shown once when made; a new code
 * voids the old one. Two couriers of one organization never share a code.
 */
export const couriers = pgTable(
  'couriers',
  {
    id: uuid('id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationRef(),
    codeHash: text('code_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('couriers_org_code_uq').on(t.organizationId, t.codeHash),
  ],
);

/**
 * Wrong codes typed at a kiosk (pickup codes, courier codes) and couriers' recipient searches, counted in PostgreSQL so the limit
 * holds across server processes; rows older than an hour are pruned when one is written.
 */
export const kioskAttempts = pgTable(
  'kiosk_attempts',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    idKiosk: uuid('id_kiosk').notNull(),
    kind: text('kind', { enum: ['pickup', 'courier', 'search'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('kiosk_attempts_org_kiosk_idx').on(t.organizationId, t.idKiosk, t.createdAt),
  ],
);
