import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './handles';

/**
 * The start-up DDL that is not a migration — the tenancy policies, the dashboard roll-up
 * functions — applied only when it changed (`applyWhenChanged`), so a start that finds nothing
 * to change runs no DDL and takes no lock while other processes serve traffic.
 */

/** Rows of a `db.execute` answer, whichever driver gave it. */
export const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows);

/**
 * A piece of start-up DDL: its `schema_state` key, its SQL (statements parted by
 * `--> statement-breakpoint`, as in the migrations), and the catalog state it produces.
 */
export interface StartupDdl {
  key: string;
  ddl: string;
  /** a catalog read (no table lock) of what the DDL depends on and produces, as one text */
  catalogState: string;
}

/** SHA-256 of the DDL and of the catalog state as it is now. */
async function ddlHash(db: DbOrTx, d: StartupDdl): Promise<string> {
  const [row] = rowsOf<{ state: string }>(await db.execute(sql.raw(d.catalogState)));
  return createHash('sha256')
    .update(d.ddl)
    .update('\n')
    .update(row?.state ?? '')
    .digest('hex');
}

/** PostgreSQL errors after which applying the DDL again may succeed. */
const RETRYABLE_DDL = new Set([
  '55P03', // lock_not_available: lock_timeout passed while serving transactions held a table
  '40P01', // deadlock_detected: the DDL chose itself as the victim (deadlock_timeout below)
  '40001', // serialization_failure
  'XX000', // "tuple concurrently updated": another role's GRANT on the same catalog row
]);

/**
 * Applies `d` only when it changed: the SHA-256 of its SQL and of the catalog state it produced is
 * kept in `schema_state` under its key; a start that finds the same hash runs no DDL and takes no
 * table lock, so processes can start and restart while others serve traffic. When it did change
 * (a new migration, new code), it runs in one transaction with a short `lock_timeout`
 * (`lockTimeoutMs`, default 1 s) and, when the role may set it, a `deadlock_timeout` of 50 ms, so
 * a serving transaction is never the one waiting or chosen as a deadlock's victim: the DDL gives up
 * instead and is retried after a growing pause (`attempts`, default 20: about 40 s in all), then
 * throws. Call it under the migration's advisory lock. Answers whether it applied anything.
 */
export async function applyWhenChanged(
  db: Db,
  d: StartupDdl,
  opts: { lockTimeoutMs?: number; attempts?: number } = {},
): Promise<'unchanged' | 'applied'> {
  const stored = async () => {
    const [row] = rowsOf<{ hash: string }>(
      await db.execute(sql`SELECT hash FROM schema_state WHERE key = ${d.key}`),
    );
    return row?.hash;
  };
  if ((await stored()) === (await ddlHash(db, d))) return 'unchanged';
  const attempts = opts.attempts ?? 20;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT set_config('lock_timeout', ${`${opts.lockTimeoutMs ?? 1000}ms`}, true),
            CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
              THEN set_config('deadlock_timeout', '50ms', true) END`,
        );
        // statement by statement where the text marks them (the embedded database runs one at a time)
        for (const part of d.ddl.split('--> statement-breakpoint'))
          if (part.trim()) await tx.execute(sql.raw(part));
        const hash = await ddlHash(tx, d);
        await tx.execute(sql`INSERT INTO schema_state (key, hash) VALUES (${d.key}, ${hash})
          ON CONFLICT (key) DO UPDATE SET hash = excluded.hash, applied_at = now()`);
      });
      return 'applied';
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !RETRYABLE_DDL.has(code) || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, Math.min(attempt, 10) * 200 + Math.random() * 200));
    }
  }
}

/** The SQLSTATE of a driver error, looked up through the `cause` chain (Drizzle wraps them). */
function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
