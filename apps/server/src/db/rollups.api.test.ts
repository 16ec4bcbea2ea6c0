import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrate, openPglite } from './client';
import { ensureRollupFunctions } from './rollups';
import { rowsOf } from './schema-state';

describe('the dashboard roll-up functions, one repeatable definition', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await migrate(database);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  const definition = async (name: string) =>
    rowsOf<{ src: string }>(
      await database.db.execute(sql`SELECT prosrc AS src FROM pg_proc WHERE proname = ${name}`),
    )[0]?.src;

  it('is recorded after the migrations, and a start that finds it unchanged runs no DDL', async () => {
    const [row] = rowsOf<{ key: string }>(
      await database.db.execute(sql`SELECT key FROM schema_state WHERE key = 'rollup_functions'`),
    );
    expect(row?.key).toBe('rollup_functions');
    expect(await ensureRollupFunctions(database.db)).toBe('unchanged');
  });

  it('puts a function back when something else replaced it', async () => {
    const before = await definition('dashboard_earnings');
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION dashboard_earnings(r transactions) RETURNS numeric
        LANGUAGE sql IMMUTABLE AS $$ SELECT 0::numeric $$`),
    );
    expect(await definition('dashboard_earnings')).not.toBe(before);
    expect(await ensureRollupFunctions(database.db)).toBe('applied');
    expect(await definition('dashboard_earnings')).toBe(before);
  });
});
