import {
  bigint,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationRef } from './columns';

/**
 * Daily roll-up of transactions for the dashboard (spec: console §2 Dashboard, §7 metric reads):
 * one row per organization, location and local day (the day the transaction was created, read in
 * the location's time zone, else the organization's). A transaction without a location counts
 * under the nil uuid.
 *
 * Why a roll-up and why a trigger: at an operator's scale (2M transactions a year, 500 locations)
 * "this year" touches ~1.8M transaction rows but only ~165k roll-up rows (and with no location
 * filter the per-day sums read ~330 rows of `dashboard_org_daily`), so the cards stay within a few
 * milliseconds. A trigger on `transactions` notes each committed change (`dashboard_pending`,
 * below), so a rolled-back step leaves no trace; the fold adds the noted changes here once a second
 * and before every read, so a read is exact and no commit waits on a shared day row.
 * `rebuild_dashboard_rollup(org)` recomputes an organization's rows (after a time-zone change, or a
 * bulk load made with the triggers off).
 *
 * Money is numeric; `earnings` = charged total + penalties − refunds of transactions whose payment
 * succeeded. `time_sum`/`timed` give the average duration of transactions with a `total_time`.
 */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    organizationId: organizationRef(),
    idLocation: uuid('id_location').notNull(),
    day: date('day').notNull(),
    transactions: integer('transactions').notNull().default(0),
    rental: integer('rental').notNull().default(0),
    storage: integer('storage').notNull().default(0),
    delivery: integer('delivery').notNull().default(0),
    service: integer('service').notNull().default(0),
    vending: integer('vending').notNull().default(0),
    earnings: numeric('earnings', { precision: 14, scale: 2 }).notNull().default('0'),
    timeSum: bigint('time_sum', { mode: 'number' }).notNull().default(0),
    timed: integer('timed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.idLocation, t.day] }),
    index('dashboard_daily_org_day_idx').on(t.organizationId, t.day),
  ],
);

/** The same sums per organization and local day (the same day as above), read when no location is chosen. */
export const dashboardOrgDaily = pgTable(
  'dashboard_org_daily',
  {
    organizationId: organizationRef(),
    day: date('day').notNull(),
    transactions: integer('transactions').notNull().default(0),
    rental: integer('rental').notNull().default(0),
    storage: integer('storage').notNull().default(0),
    delivery: integer('delivery').notNull().default(0),
    service: integer('service').notNull().default(0),
    vending: integer('vending').notNull().default(0),
    earnings: numeric('earnings', { precision: 14, scale: 2 }).notNull().default('0'),
    timeSum: bigint('time_sum', { mode: 'number' }).notNull().default(0),
    timed: integer('timed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/**
 * Transactions per user and calendar period, for the dashboard's Top Users (spec: console §2
 * Dashboard, §7 `reports/top_users`): one row per organization, period kind (`m` month, `q`
 * quarter, `y` year), period start and user, counting the user's transactions whose local day
 * (the same day as in `dashboard_daily`) falls in that period. Rows that drop to 0 are deleted.
 *
 * Why: "this year" at an operator's scale groups ~1.8M transactions by user (over a second); the
 * index `dashboard_user_period_top_idx` answers the top N of a period by reading N entries. The
 * fold of the daily roll-up keeps it too (only inserts, deletes and changes of the user, location,
 * organization or creation time move it), and `rebuild_dashboard_rollup(org)` recomputes it with
 * the rest. Period `f` holds each user's first transaction (its local day), for the dashboard's
 * Transaction Rate (spec console §3 new_transaction_percentage: the share of a period's
 * transactions that were a customer's first), read from the primary key. Reads of a range
 * that is not one whole period up to today, or with a location filter, count the transactions
 * themselves (modules/dashboard/metrics.ts).
 */
export const dashboardUserPeriod = pgTable(
  'dashboard_user_period',
  {
    organizationId: organizationRef(),
    /** `m` month, `q` quarter, `y` year; `f` the user's first transaction (`start` its local day, 1). */
    period: char('period', { length: 1 }).notNull(),
    /** The period's first local day. */
    start: date('start').notNull(),
    idUser: uuid('id_user').notNull(),
    transactions: integer('transactions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.period, t.start, t.idUser] }),
    index('dashboard_user_period_top_idx').on(
      t.organizationId,
      t.period,
      t.start,
      t.transactions.desc(),
      t.idUser,
    ),
  ],
);

/**
 * Door-time in use per location and local day, for the dashboard's occupancy (spec: console §2
 * Dashboard, §7 `reports/occupancy_rate`): milliseconds that doors of the location spent in a
 * transaction that has ended, split over the local days it spanned (the location's zone, else the
 * organization's). A transaction holds a door from its start (else its creation) until it ended or
 * was canceled (else, once in a final status, its last update) — every mode but vending, with a
 * door. Transactions still open are not here: the read adds them from the transactions table
 * (a few thousand rows at most, read through `transactions_org_status_idx`).
 *
 * Why: occupancy over a range used to walk every transaction created before the range's end
 * (≈ 0.7 s at 2M transactions; an index on the end time is not usable under row-level security,
 * which treats the COALESCE as possibly leaky). Here a year is 500 locations × 365 rows. The fold
 * of the daily roll-up keeps it (`dashboard_pending`); `rebuild_dashboard_rollup(org)` recomputes it
 * with the rest.
 */
export const dashboardBusyDaily = pgTable(
  'dashboard_busy_daily',
  {
    organizationId: organizationRef(),
    idLocation: uuid('id_location').notNull(),
    day: date('day').notNull(),
    busyMs: bigint('busy_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.idLocation, t.day] }),
    // a range of days over every location (the key reads each location's days in turn)
    index('dashboard_busy_daily_org_day_idx').on(t.organizationId, t.day),
  ],
);

/**
 * Registrations per organization and local day (the organization's zone): the users created that
 * day and not deleted. The dashboard's user counts (`total_users`, `users`, `user_growth`) sum it
 * instead of counting the users table (≈ 30–70 ms for 200,000 users; a year is 365 rows here).
 * A row trigger on `users` keeps it in the same database transaction as each registration,
 * deletion (soft or hard) and restore; `rebuild_dashboard_rollup(org)` recomputes it with the rest
 * when the organization's zone changes.
 */
export const dashboardUsersDaily = pgTable(
  'dashboard_users_daily',
  {
    organizationId: organizationRef(),
    day: date('day').notNull(),
    users: integer('users').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/**
 * Transactions changed since the last fold of the roll-ups above (migration 0067): one row per
 * changed transaction, written at commit by the roll-up trigger, with `o` the figures the
 * transaction had before its first change since then (null for a transaction created since).
 * `dashboard_fold(org, n)` takes the figures out and puts the transaction's current ones in, in a
 * few grouped writes, and deletes the rows. It runs every second (`dashboardFoldRelay`) and
 * before every read of the roll-ups (`foldDashboard`), so the dashboard stays exact.
 *
 * Why: every commit of an organization used to update its day row of `dashboard_org_daily` (and its
 * location's day row), about 2.8 ms of PostgreSQL a storage life cycle, and those commits queued on
 * the row. Noting a change is one insert (none when the transaction is already noted).
 */
export const dashboardPending = pgTable(
  'dashboard_pending',
  {
    organizationId: organizationRef(),
    transactionId: uuid('transaction_id').notNull(),
    /** The transaction's roll-up fields before its first change since the last fold; null when new. */
    o: jsonb('o'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.transactionId] })],
);
