import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, migrate, openPglite, openPostgres } from '../../src/db/client';
import { seed } from '../../src/db/seed';

export const BENCH_PASSWORD = 'Bench-Passw0rd!';
export const BENCH_ADMIN = 'admin@demo-org.test';

/** Where the scale data lives: a database on the PostgreSQL server, or a PGlite directory. */
export interface ScaleTarget {
  kind: 'postgres' | 'pglite';
  /** postgres: the URL of the scale database. */
  url?: string;
  /** pglite: the DATA_DIR of the server (the database is in `dataDir/db`). */
  dataDir?: string;
  /** Human-readable name for the report. */
  label: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The scale database: with DATABASE_URL, the database `BENCH_SCALE_DB` (default `lockerops_scale`)
 * on that server, created when absent; without it, a PGlite directory (`BENCH_DATA_DIR`, default
 * `.data-bench-scale` at the repository root).
 */
export async function scaleTarget(env = process.env): Promise<ScaleTarget> {
  if (env.DATABASE_URL) {
    const name = env.BENCH_SCALE_DB ?? 'lockerops_scale';
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_SCALE_DB: not a plain name: ${name}`);
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!found.rowCount) await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(env.DATABASE_URL);
    url.pathname = `/${name}`;
    return { kind: 'postgres', url: url.toString(), label: `PostgreSQL database ${name}` };
  }
  const dataDir = path.resolve(env.BENCH_DATA_DIR ?? path.join(repoRoot, '.data-bench-scale'));
  return { kind: 'pglite', dataDir, label: `PGlite in ${dataDir}` };
}

/** Opens the scale database, migrated, with `demo-org` and its admin (password BENCH_PASSWORD). */
export async function openScale(target: ScaleTarget): Promise<Database> {
  const database =
    target.kind === 'postgres'
      ? await openPostgres(target.url!, 2)
      : await openPglite(path.join(target.dataDir!, 'db'));
  await migrate(database);
  await seed(database.db, { adminEmail: BENCH_ADMIN, adminPassword: BENCH_PASSWORD });
  return database;
}
