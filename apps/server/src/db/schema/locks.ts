import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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
import { devices, locations } from './places';

/**
 * The unlock timeline (CONTRIBUTING.md "Adapters (outside systems)": locks): one row per unlock of a door, written as
 * it goes. `state` is the latest step: requested → sent → acknowledged → opened, or jammed (the
 * board acknowledged but reported no open door within `LOCK_OPEN_TIMEOUT_MS`) or offline (the lock
 * did not answer, or a gantner lock in an unknown state was not tried). Each step keeps its time.
 * Who asked is the actor (`actor_type`, `actor_id`, `actor_name`), why is `reason`.
 */
export const deviceUnlocks = pgTable(
  'device_unlocks',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    idDevice: uuid('id_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('requested'),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    reason: text('reason').notNull(),
    detail: text('detail'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    jammedAt: timestamp('jammed_at', { withTimezone: true }),
    offlineAt: timestamp('offline_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'device_unlocks_pkey', columns: [t.id, t.organizationId] }),
    index('device_unlocks_device_idx').on(t.organizationId, t.idDevice, t.requestedAt),
    // "jams in the last 30 days" per device, for the devices list column and filter
    index('device_unlocks_jams_idx').on(t.idDevice, t.requestedAt).where(sql`${t.state} = 'jammed'`),
    // the unlocks still under way, for the job that resolves those a stopped server left behind
    index('device_unlocks_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.state} in ('requested', 'sent', 'acknowledged')`),
    check(
      'device_unlocks_state_ck',
      sql`${t.state} IN ('requested', 'sent', 'acknowledged', 'opened', 'jammed', 'offline')`,
    ),
  ],
);

/**
 * Lock settings of one location: the serial-to-TCP bridge of its Kerong/Headleader boards (a
 * board's own `ip` wins for Kerong), the simulated fleet of its virtual locks (latency, jam and
 * offline rates, 0–1), and the jams in a row that put a door into maintenance (null: the
 * server's `LOCK_JAM_LIMIT`).
 */
export const locationLockSettings = pgTable(
  'location_lock_settings',
  {
    idLocation: uuid('id_location')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    organizationId: organizationRef(),
    bridgeHost: text('bridge_host'),
    bridgePort: integer('bridge_port'),
    virtualLatencyMs: integer('virtual_latency_ms').notNull().default(0),
    virtualJamRate: doublePrecision('virtual_jam_rate').notNull().default(0),
    virtualOfflineRate: doublePrecision('virtual_offline_rate').notNull().default(0),
    jamLimit: integer('jam_limit'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'location_lock_settings_pkey', columns: [t.idLocation, t.organizationId] }),
    check(
      'location_lock_settings_rates_ck',
      sql`${t.virtualJamRate} BETWEEN 0 AND 1 AND ${t.virtualOfflineRate} BETWEEN 0 AND 1`,
    ),
  ],
);

/**
 * An organization's account at a cloud lock vendor (Linka, Ojmar, Gantner, Harbor, Spintly, DC
 * Lock): the API base URL, the account or client id, an optional token URL (OAuth vendors whose
 * token endpoint lives on another host) and the API secret, sealed with the server's secret box
 * (`SECRETS_KEY`); only its last 4 characters are kept readable.
 */
export const lockVendorAccounts = pgTable(
  'lock_vendor_accounts',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: organizationRef(),
    vendor: text('vendor').notNull(),
    baseUrl: text('base_url').notNull(),
    accountId: text('account_id'),
    tokenUrl: text('token_url'),
    secretEnc: text('secret_enc').notNull(),
    secretLast4: text('secret_last4').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'lock_vendor_accounts_pkey', columns: [t.id, t.organizationId] }),
    uniqueIndex('lock_vendor_accounts_org_vendor_uq').on(t.organizationId, t.vendor),
    check(
      'lock_vendor_accounts_vendor_ck',
      sql`${t.vendor} IN ('linka', 'ojmar', 'gantner', 'harbor', 'spintly', 'dclock')`,
    ),
  ],
);

/**
 * A door promised to one life-cycle step while its lock is called (CONTRIBUTING.md "Nothing outside inside a transaction"): the step's intent transaction takes the hold before any door
 * moves, so a concurrent step on the same door is refused (409) instead of opening it for
 * nothing. `token` is the step's; a hold lapses at `held_until` (a step whose server stopped) and
 * is released when the step ends either way.
 */
export const doorHolds = pgTable('door_holds', {
  idDevice: uuid('id_device')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  token: uuid('token').notNull(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
});
