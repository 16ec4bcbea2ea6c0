import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { shardKeyProblems } from './shard-keys';

/**
 * The migrated schema keeps the rule a distributed PostgreSQL needs to shard it by organization
 * (db/shard-keys.ts, docs/scale-out.md); a table made to break it is named with its key.
 */
describe('keys a distributed PostgreSQL can shard by organization', () => {
  let database: Database & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database.dispose();
  });

  it('holds on the migrated schema', async () => {
    const problems = await shardKeyProblems(database.db);
    expect(problems.map((p) => p.problem).join('\n')).toBe('');
  });

  it('names the table and the key that break it', async () => {
    const statements = `
        create table shard_check_bad (
          id uuid primary key,
          organization_id uuid not null,
          code text not null,
          id_location uuid
        );
        create unique index shard_check_bad_code_uq on shard_check_bad (code);
        create unique index shard_check_bad_org_code_uq on shard_check_bad (organization_id, code);
        create table shard_check_target (
          organization_id uuid not null,
          id uuid not null,
          primary key (organization_id, id)
        );
        create unique index shard_check_target_id_uq on shard_check_target (id);
        create table shard_check_child (
          organization_id uuid not null,
          id uuid not null,
          id_target uuid references shard_check_target (id),
          primary key (organization_id, id)
        );
        create table shard_check_global (id uuid primary key, name text)`;
    for (const statement of statements.split(';')) await database.db.execute(sql.raw(statement));
    try {
      const problems = await shardKeyProblems(database.db);
      expect(problems.map((p) => `${p.table}.${p.key}`).sort()).toEqual([
        'shard_check_bad.shard_check_bad_code_uq',
        'shard_check_bad.shard_check_bad_pkey',
        'shard_check_child.shard_check_child_id_target_fkey',
        'shard_check_global.shard_check_global',
        // the target's own unique index on id alone breaks it too
        'shard_check_target.shard_check_target_id_uq',
      ]);
      const words = problems.map((p) => p.problem).join('\n');
      expect(words).toContain(
        'table shard_check_bad: unique index shard_check_bad_code_uq (code) lacks organization_id',
      );
      expect(words).toContain(
        'table shard_check_bad: primary key shard_check_bad_pkey (id) lacks organization_id',
      );
      expect(words).toContain(
        'table shard_check_child: foreign key shard_check_child_id_target_fkey (id_target) to tenant table shard_check_target lacks organization_id',
      );
      expect(words).toContain('table shard_check_global has no organization_id and is not a reference table');
    } finally {
      await database.db.execute(
        sql.raw('drop table shard_check_child, shard_check_target, shard_check_bad, shard_check_global'),
      );
    }
  });
});
