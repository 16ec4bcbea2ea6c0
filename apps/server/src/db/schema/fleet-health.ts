import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
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
import { devices, locations } from './places';

/** Faults a simulated (virtual) lock is told to show; every field absent means none. */
export interface DoorFaults {
  offline?: boolean;
  /** The door sensor keeps reporting this state whatever the door does. */
  stuck_sensor?: 'open' | 'closed';
  /** The door reports open (left open after a pickup, or forced). */
  door_open?: boolean;
  /** Battery percentage the lock reports (low-battery fault). */
  battery?: number;
}

/**
 * The two facts of each door (fleet health): what it was told (`commanded`: locked or unlocked,
 * by whom, when — from its unlock timeline, and `locked` again once it is seen closed after an
 * unlock) and what its lock reports (`sensed`: open, closed or unknown, when reported, and since
 * when it holds). `online` follows the heartbeats with hysteresis: `misses` unanswered polls in a
 * row take a door offline, `successes` answered ones bring it back. `battery` and `signal` are
 * percentages where the lock reports them. `faults` are the simulator's (virtual locks only).
 */
export const doorHealth = pgTable(
  'door_health',
  {
    organizationId: organizationRef(),
    idDevice: uuid('id_device').notNull(),
    commanded: text('commanded').notNull().default('locked'),
    commandedBy: text('commanded_by'),
    commandedAt: timestamp('commanded_at', { withTimezone: true }),
    /** The last unlock of the timeline taken into `commanded`. */
    lastUnlockId: uuid('last_unlock_id'),
    sensed: text('sensed').notNull().default('unknown'),
    sensedAt: timestamp('sensed_at', { withTimezone: true }),
    sensedSince: timestamp('sensed_since', { withTimezone: true }),
    online: boolean('online').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    misses: integer('misses').notNull().default(0),
    successes: integer('successes').notNull().default(0),
    battery: integer('battery'),
    signal: integer('signal'),
    faults: jsonb('faults').$type<DoorFaults>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.idDevice] }),
    foreignKey({ columns: [t.idDevice], foreignColumns: [devices.id] }).onDelete('cascade'),
    check('door_health_commanded_ck', sql`${t.commanded} IN ('locked', 'unlocked')`),
    check('door_health_sensed_ck', sql`${t.sensed} IN ('open', 'closed', 'unknown')`),
  ],
);

/**
 * A door's state over time: one row each time its sensed state, its link, its battery or its
 * command changes (not one per heartbeat), for the device's state timeline.
 */
export const doorHealthSamples = pgTable(
  'door_health_samples',
  {
    organizationId: organizationRef(),
    id: uuid('id').notNull().defaultRandom(),
    idDevice: uuid('id_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    commanded: text('commanded').notNull(),
    sensed: text('sensed').notNull(),
    online: boolean('online').notNull(),
    battery: integer('battery'),
    signal: integer('signal'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('door_health_samples_device_idx').on(t.organizationId, t.idDevice, t.at),
  ],
);

/**
 * Alerts about doors and bridges: one row per condition while it holds (`open`), `resolved` when
 * it clears. `subject` is what it is about: a device id, or `bridge:<vendor>:<host>:<port>` for a
 * bridge (one alert for every door behind it). At most one open alert per subject and kind
 * (`device_alerts_open_uq`); `id_issue` is the one issue it opened or updated.
 */
export const deviceAlerts = pgTable(
  'device_alerts',
  {
    organizationId: organizationRef(),
    id: uuid('id').notNull().defaultRandom(),
    subject: text('subject').notNull(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('open'),
    idDevice: uuid('id_device').references(() => devices.id, { onDelete: 'cascade' }),
    idLocation: uuid('id_location').references(() => locations.id, { onDelete: 'cascade' }),
    detail: text('detail').notNull(),
    // no foreign key: the issue may be deleted by the operator (the next alert opens a new one), and
    // a key to another tenant table would have to carry organization_id (docs/scale-out.md)
    idIssue: uuid('id_issue'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('device_alerts_open_uq')
      .on(t.organizationId, t.subject, t.kind)
      .where(sql`${t.state} = 'open'`),
    index('device_alerts_org_state_idx').on(t.organizationId, t.state, t.openedAt),
    index('device_alerts_org_device_idx').on(t.organizationId, t.idDevice, t.openedAt),
    check(
      'device_alerts_kind_ck',
      sql`${t.kind} IN ('door_left_open', 'forced_open', 'unlock_not_confirmed', 'lock_offline', 'bridge_offline', 'battery_low', 'unlock_failures')`,
    ),
    check('device_alerts_state_ck', sql`${t.state} IN ('open', 'resolved')`),
  ],
);

/**
 * When each organization's doors are next polled: a poll claims its organization's row by moving
 * `next_at` forward (so two server processes never poll one organization at once).
 */
export const fleetHealthPolls = pgTable('fleet_health_polls', {
  organizationId: organizationRef().primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});
