import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from './handles';
import { ensureRollupFunctions } from './rollups';
import { ensureTenancyPolicies } from './tenancy-policies';

export type { Db, DbOrTx, Tx, TxConfig } from './handles';

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the Drizzle handle plus what is needed to close it. */
export interface Database {
  kind: DatabaseKind;
  db: Db;
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * PostgreSQL with a read pool (`DATABASE_READ_POOL_SIZE`): a second, small pool that GET
   * requests use, so reads never queue behind the writes that hold the main pool. Absent: reads
   * use `db`.
   */
  readDb?: Db;
  readPool?: pg.Pool;
  /**
   * PostgreSQL with a streaming replica (`DATABASE_REPLICA_URL`): a pool on the replica, which the
   * console's reads use while it keeps up (db/replica.ts). Absent: every read goes to the primary.
   */
  replicaDb?: Db;
  replicaPool?: pg.Pool;
  close(): Promise<void>;
}

/** Sizes and limits of the node-postgres pools (`DATABASE_POOL_SIZE`, …). */
export interface PoolOptions {
  /** Connections of the main pool. */
  max: number;
  /** Connections of the read pool; 0 or absent: no read pool. */
  readMax?: number;
  /**
   * How long a query may wait for a free connection, ms; past it the query fails and the request
   * answers 503 with Retry-After. 0: wait without bound.
   */
  connectionTimeoutMs?: number;
  /** A streaming replica of the database: its URL and the connections of its pool. */
  replica?: { url: string; max: number };
}

export { APP_ROLE, applyTenancyPolicies } from './tenancy-policies';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens an embedded PGlite database in `dir` (created when absent), or from a dump. The btree_gist
 * extension is loaded on every open: the reservations' exclusion constraint needs it; pg_trgm too:
 * the trigram indexes of substring search need it.
 */
export async function openPglite(dir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const options = { extensions: { btree_gist, pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) };
  // Without a directory the options must be the first argument (an in-memory database).
  const client = dir ? new PGlite(dir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return { kind: 'pglite', db, pglite: client, close: () => client.close() };
}

/**
 * A node-postgres pool whose connections may die under it without taking the process along.
 * An idle client that loses its connection emits `error` on the pool; a client in use (checked
 * out by a transaction) emits it on itself — node-postgres does that besides failing its queries,
 * and an `error` event nobody listens to kills the process (`pg_terminate_backend` → 57P01, a
 * network reset). So every client gets its own listener: the queries on it fail (the request
 * answers 503, `errors.ts`), and pg-pool discards the client when it is released because it is
 * no longer queryable; the next request gets a new connection.
 */
function createPool(url: string, max: number, connectionTimeoutMs = 0): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectionTimeoutMs,
  });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on next use
  });
  pool.on('connect', (client) => {
    client.on('error', () => {
      // a client in use lost its connection; its queries have failed, the pool drops it on release
    });
    nameStatements(client);
  });
  return pool;
}

/**
 * The statements `nameStatements` keeps prepared: writes (an insert, update or delete, alone or in
 * a CTE), whose plans follow their keys whatever the values. Reads stay unnamed and are planned
 * for their values every time: after five runs PostgreSQL may settle a named statement on one
 * generic plan, chosen on average statistics, and a list filtered by organization must not serve
 * an operator with two million transactions the plan of a small one.
 */
const WRITES = /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*\b(insert\s+into|update|delete\s+from)\b/i;

/** Names of statement texts already hashed, shared by the connections (at most `NAMES_KEPT`). */
const names = new Map<string, string>();
const NAMES_KEPT = 1024;

/** A statement's name: the hash of its text (remembered, so a hot statement is hashed once). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < NAMES_KEPT) names.set(text, name);
  }
  return name;
}

/** Statements a connection keeps prepared by their text (`nameStatements`); past it, unnamed. */
const NAMED_PER_CONNECTION = 256;

/**
 * Makes every write with parameters that `client` runs (`WRITES`) a named prepared statement,
 * named by its text's hash, so PostgreSQL parses and plans each text once per connection instead
 * of on every run: a quarter of the database's CPU of a storage life cycle
 * went to parsing and planning the same inserts and updates again. At most
 * `NAMED_PER_CONNECTION` texts a connection (list queries with varying filters do not grow it
 * without bound); statements without parameters stay simple queries (a BEGIN with its settings
 * is several statements in one). A statement already named keeps its name.
 */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let named = new Set<string>();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    if (
      config &&
      typeof config === 'object' &&
      !(config as pg.QueryConfig).name &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      WRITES.test((config as pg.QueryConfig).text) &&
      Array.isArray(values) &&
      values.length
    ) {
      const name = statementName((config as pg.QueryConfig).text);
      if (named.has(name) || named.size < NAMED_PER_CONNECTION) {
        named.add(name);
        args[0] = { ...config, name };
      }
    }
    return query(...args);
  };
  client.once('end', () => {
    named = new Set();
  });
}

/**
 * Opens a node-postgres pool on `url`: `max` connections (or the sizes of `PoolOptions`), a read
 * pool when `readMax` is set, and a pool on the streaming replica when `replica` is.
 */
export async function openPostgres(url: string, max: number | PoolOptions = 10): Promise<Database> {
  const opts = typeof max === 'number' ? { max } : max;
  const pool = createPool(url, opts.max, opts.connectionTimeoutMs);
  const db = drizzleNodePg(pool) as unknown as Db;
  const readPool = opts.readMax ? createPool(url, opts.readMax, opts.connectionTimeoutMs) : undefined;
  const readDb = readPool ? (drizzleNodePg(readPool) as unknown as Db) : undefined;
  // a replica that is down must not hold a console read for long: the read goes to the primary
  const replicaPool = opts.replica
    ? createPool(opts.replica.url, opts.replica.max, Math.min(opts.connectionTimeoutMs || 2000, 2000))
    : undefined;
  const replicaDb = replicaPool ? (drizzleNodePg(replicaPool) as unknown as Db) : undefined;
  return {
    kind: 'postgres',
    db,
    pool,
    readDb,
    readPool,
    replicaDb,
    replicaPool,
    close: async () => {
      await Promise.all([pool.end(), readPool?.end(), replicaPool?.end()]);
    },
  };
}

/**
 * Applies the committed migrations, then the dashboard roll-up functions
 * (`ensureRollupFunctions`) and the tenancy policies (`ensureTenancyPolicies`) when they changed. Safe to run from several processes at once, and while other processes
 * serve requests: an advisory lock serializes the starting processes, and a start that finds
 * nothing to change runs no DDL at all. Answers whether the policies were applied.
 */
export async function migrate(database: Database): Promise<'unchanged' | 'applied'> {
  const { db } = database;
  if (database.kind === 'pglite') {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    await ensureRollupFunctions(db);
    return ensureTenancyPolicies(db);
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    const lockedDb = drizzleNodePg(client);
    await migrateNodePg(lockedDb, { migrationsFolder: MIGRATIONS_DIR });
    await ensureRollupFunctions(lockedDb as unknown as Db);
    return await ensureTenancyPolicies(lockedDb as unknown as Db);
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
  }
}

/**
 * Opens the configured database: PostgreSQL when a URL is given (with the pool sizes of `pool`),
 * else PGlite in `dataDir/db`.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  pool?: PoolOptions;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.pool ?? 10);
  return openPglite(path.join(opts.dataDir, 'db'));
}
