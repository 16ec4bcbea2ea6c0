import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowsOf } from './schema-state';

/**
 * The rule that lets a distributed PostgreSQL (Citus) shard the schema by organization
 * (docs/scale-out.md): every table of the `public` schema either has an `organization_id` (a tenant
 * table, distributed by it) or is a reference table listed here (copied whole to every node); on a
 * tenant table the primary key and every unique index carry `organization_id`, and every foreign
 * key to another tenant table carries it on both sides, so that a row and everything it refers to
 * live on the same shard.
 */
export const REFERENCE_TABLES: readonly string[] = [
  'organizations',
  'app_secrets',
  'auth_attempts',
  'mail_outbox',
  'rate_limit_hits',
  'schema_state',
  'sms_outbox',
  'stripe_events',
];

/**
 * The keys that predate the rule, by table and key name; docs/scale-out.md gives the migration that
 * moves them and what it must keep (the doors a sub-organization occupies at its parent's shared
 * locations reference another organization's rows). The check accepts these and nothing else: a
 * new table or key breaking the rule fails it.
 */
export const KEYS_BEFORE_THE_RULE: ReadonlySet<string> = new Set(
  [
    'auth_sessions.auth_sessions_pkey conditions.conditions_pkey devices.devices_pkey',
    'domain_events.domain_events_pkey door_holds.door_holds_pkey groups.groups_pkey',
    'locations.locations_pkey locker_walls.locker_walls_pkey members.members_pkey',
    'memberships.memberships_pkey notifications.notifications_pkey prices.prices_pkey',
    'product_groups.product_groups_pkey products.products_pkey promos.promos_pkey reports.reports_pkey',
    'reservations.reservations_pkey sizes.sizes_pkey transactions.transactions_device_held_uq',
    'transactions.transactions_pkey users.users_pkey webhook_endpoints.webhook_endpoints_pkey',
    'webhook_messages.webhook_messages_pkey',
  ].flatMap((line) => line.split(' ')),
);

/** A key that breaks the rule: where, which, and what is wrong, in words. */
export interface ShardKeyProblem {
  table: string;
  key: string;
  problem: string;
}

interface KeyRow {
  table: string;
  key: string;
  kind: 'primary key' | 'unique index' | 'foreign key' | 'table';
  columns: string | null;
  references: string | null;
  /** For a foreign key: whether the referenced table has a unique key on its columns plus organization_id. */
  composite_possible: boolean | null;
}

/**
 * The keys of the schema that break the rule (`REFERENCE_TABLES`), read from pg_catalog; the
 * foreign keys to a tenant table that has no unique key on the referenced columns together with
 * `organization_id` yet are not counted (they move with that table's key).
 */
export async function shardKeyProblems(db: DbOrTx): Promise<ShardKeyProblem[]> {
  const reference = sql.join(
    REFERENCE_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = rowsOf<KeyRow>(
    await db.execute(sql`
      with tables as (
        select c.oid, c.relname::text as name,
          exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id'
                  and not a.attisdropped) as tenant
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
      ),
      org as (
        select a.attrelid, a.attnum from pg_attribute a join tables t on t.oid = a.attrelid
        where a.attname = 'organization_id'
      )
      select t.name as table, t.name as key, 'table' as kind, null as columns, null as references,
        null::boolean as composite_possible
      from tables t where not t.tenant and t.name not in (${reference})
      union all
      select t.name, ic.relname::text,
        case when i.indisprimary then 'primary key' else 'unique index' end,
        (select string_agg(coalesce(a.attname::text, 'expression'), ', ' order by k.ord)
           from unnest(i.indkey) with ordinality k(attnum, ord)
           left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum),
        null, null
      from tables t join pg_index i on i.indrelid = t.oid join pg_class ic on ic.oid = i.indexrelid
      where t.tenant and i.indisunique
        and not exists (select 1 from org o where o.attrelid = t.oid and o.attnum = any (i.indkey::int2[]))
      union all
      select t.name, con.conname::text, 'foreign key',
        (select string_agg(a.attname::text, ', ' order by k.ord)
           from unnest(con.conkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum),
        r.name,
        exists (
          select 1 from pg_index ri
          where ri.indrelid = r.oid and ri.indisunique
            and (select array_agg(x order by x) from unnest(ri.indkey::int2[]) x) =
                (select array_agg(x order by x) from (
                   select unnest(con.confkey) as x
                   union select o.attnum from org o where o.attrelid = r.oid) y)
        )
      from tables t join pg_constraint con on con.conrelid = t.oid and con.contype = 'f'
      join tables r on r.oid = con.confrelid
      where t.tenant and r.tenant
        and not exists (select 1 from org o where o.attrelid = t.oid and o.attnum = any (con.conkey))
      order by 1, 2`),
  );
  return rows
    .filter((r) => !KEYS_BEFORE_THE_RULE.has(`${r.table}.${r.key}`))
    .filter((r) => r.kind !== 'foreign key' || r.composite_possible)
    .map((r) => ({
      table: r.table,
      key: r.key,
      problem:
        r.kind === 'table'
          ? `table ${r.table} has no organization_id and is not a reference table: add organization_id, or list it in REFERENCE_TABLES (db/shard-keys.ts)`
          : r.kind === 'foreign key'
            ? `table ${r.table}: foreign key ${r.key} (${r.columns}) to tenant table ${r.references} lacks organization_id: make it (${r.columns}, organization_id) → ${r.references} (…, organization_id)`
            : `table ${r.table}: ${r.kind} ${r.key} (${r.columns}) lacks organization_id: make it (organization_id, ${r.columns})`,
    }));
}
