import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * The demo's time shift. The partner API has no way to act in the past (the life cycle reads the
 * server clock), so the demo drives every step in the present and then moves the rows that step
 * produced back in time: between two steps of one transaction, everything it has so far moves
 * back by the planned gap (so the next step sees the planned elapsed time and the pricing module
 * charges for it); after its last step, everything moves back to where the plan put it. Rows are
 * never written here, only their timestamps moved by whole intervals.
 */

/** The rows of a raw query's answer (PGlite and node-postgres both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The highest product tracking sequence number so far: rows above it belong to what follows. */
export async function trackingSeq(db: Db): Promise<number> {
  const r = rowsOf<{ n: string | number | null }>(
    await db.execute(sql`SELECT max(seq) AS n FROM product_tracking`),
  );
  return Number(r[0]?.n ?? 0);
}

/**
 * Moves one transaction back by `ms` milliseconds: its own timestamps, its history log, its
 * domain events and, for a product, the tracking entries written since `sinceSeq`. One statement.
 */
export async function shiftTransaction(
  db: Db,
  id: string,
  ms: number,
  product?: { id: string; sinceSeq: number },
): Promise<void> {
  if (ms <= 0) return;
  const by = `${Math.round(ms)} milliseconds`;
  await db.execute(sql`
    WITH logs AS (
      UPDATE transaction_logs SET created_at = created_at - ${by}::interval WHERE id_event = ${id}
    ), evs AS (
      UPDATE domain_events SET created_at = created_at - ${by}::interval
      WHERE subject_type = 'transaction' AND subject_id = ${id}
    ), tracking AS (
      UPDATE product_tracking SET created_at = created_at - ${by}::interval
      WHERE id_product = ${product?.id ?? null}::uuid AND seq > ${product?.sinceSeq ?? 0}
    )
    UPDATE transactions SET
      created_at = created_at - ${by}::interval,
      updated_at = updated_at - ${by}::interval,
      started_at = started_at - ${by}::interval,
      ended_at = ended_at - ${by}::interval,
      canceled_at = canceled_at - ${by}::interval,
      expires_at = expires_at - ${by}::interval,
      notification_date = notification_date - ${by}::interval
    WHERE id = ${id}`);
}

/** Rows a transaction's steps wrote beside it: door unlocks (with their timeline) and issues. */
export interface StepRows {
  unlocks: string[];
  issues: string[];
}

/**
 * The unlocks and issues written since the database time `since` (`dbClock`), and the database
 * time of the look (the mark of the next step): the demo drives one step at a time, so they are
 * the step's own. One statement.
 */
export async function rowsSince(db: Db, since: string): Promise<StepRows & { at: string }> {
  const r = rowsOf<{ unlocks: string[] | null; issues: string[] | null; at: string | Date }>(
    await db.execute(sql`SELECT
      (SELECT array_agg(id::text) FROM device_unlocks WHERE requested_at >= ${since}::timestamptz) AS unlocks,
      (SELECT array_agg(id::text) FROM issues WHERE created_at >= ${since}::timestamptz) AS issues,
      clock_timestamp() AS at`),
  )[0]!;
  return {
    unlocks: r.unlocks ?? [],
    issues: r.issues ?? [],
    at: r.at instanceof Date ? r.at.toISOString() : String(r.at),
  };
}

/** The database's clock now (ISO text), the mark before a transaction's first step. */
export async function dbClock(db: Db): Promise<string> {
  const r = rowsOf<{ t: string | Date }>(await db.execute(sql`SELECT clock_timestamp() AS t`));
  const t = r[0]!.t;
  return t instanceof Date ? t.toISOString() : String(t);
}

/**
 * Moves a transaction's unlocks (every step of their timeline) and issues back by `ms`, with the
 * transaction they belong to (no more entries stamped with the minute the demo ran).
 */
export async function shiftStepRows(db: Db, rows: StepRows, ms: number): Promise<void> {
  if (ms <= 0) return;
  const by = `${Math.round(ms)} milliseconds`;
  if (rows.unlocks.length)
    await db.execute(sql`UPDATE device_unlocks SET
        requested_at = requested_at - ${by}::interval,
        sent_at = sent_at - ${by}::interval,
        acknowledged_at = acknowledged_at - ${by}::interval,
        opened_at = opened_at - ${by}::interval,
        jammed_at = jammed_at - ${by}::interval,
        offline_at = offline_at - ${by}::interval
      WHERE id IN (${sql.join(
        rows.unlocks.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  if (rows.issues.length)
    await db.execute(sql`UPDATE issues SET
        created_at = created_at - ${by}::interval,
        updated_at = updated_at - ${by}::interval
      WHERE id IN (${sql.join(
        rows.issues.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
}

/** Tables whose set-up rows (created by the demo's API calls) move back to before the history. */
const SETUP_TABLES = [
  'sizes',
  'locations',
  'locker_walls',
  'devices',
  'prices',
  'promos',
  'memberships',
  'membership_users',
  'users',
  'conditions',
  'product_groups',
  'products',
  'product_tracking',
  'audit_log',
  'api_keys',
] as const;

/**
 * Moves the organization's set-up (places, prices, people, products and their audit entries)
 * created since `since` back by `ms`, so the operator looks as if it opened before its history
 * began. One UPDATE per table, on `created_at` and, where the table has it, `updated_at`.
 * Tables that do not exist (yet) are skipped.
 */
export async function shiftSetup(db: Db, organizationId: string, since: Date, ms: number): Promise<void> {
  const by = `${Math.round(ms)} milliseconds`;
  const cols = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name IN ('created_at', 'updated_at', 'organization_id')`),
  );
  const has = new Map<string, Set<string>>();
  for (const r of cols) {
    const set = has.get(r.table_name) ?? new Set<string>();
    set.add(r.column_name);
    has.set(r.table_name, set);
  }
  for (const table of SETUP_TABLES) {
    const c = has.get(table);
    if (!c?.has('created_at') || !c.has('organization_id')) continue;
    const updated = c.has('updated_at') ? sql`, updated_at = updated_at - ${by}::interval` : sql``;
    await db.execute(sql`
      UPDATE ${sql.identifier(table)} SET created_at = created_at - ${by}::interval ${updated}
      WHERE organization_id = ${organizationId} AND created_at >= ${since.toISOString()}::timestamptz`);
  }
}
