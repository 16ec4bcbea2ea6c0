import { type AnyColumn, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { APP_ROLE, type Db, type Tx } from '../db/client';
import { RecordedHttpError } from '../errors';

/**
 * Runs `fn` in one transaction acting for `organizationId`: the per-transaction setting
 * `app.organization_id` is set and the role is switched to the non-owner request role, so
 * PostgreSQL row-level security hides every other organization's rows even from a query that
 * forgets its filter (CONTRIBUTING.md "One shape for the tenant"; CONTRIBUTING.md "Conventions").
 * Repositories still put the organization in every `where`. `config` sets the isolation level
 * (e.g. one REPEATABLE READ snapshot for an export).
 */
export async function withTenant<T>(
  db: Db,
  organizationId: string,
  fn: (tx: Tx) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  // a standby takes read-only transactions only
  if (readOnlyDatabases.has(db)) config = { ...config, accessMode: 'read only' };
  // node-postgres: the settings go with the transaction's BEGIN, one round trip for both (the
  // access mode is the last word Drizzle writes into BEGIN unless `deferrable` is given)
  const settled = beginsWithSettings(db, organizationId);
  const run = <R>(f: (tx: Tx) => Promise<R>, c?: PgTransactionConfig) => {
    const withBegin = settled && c?.deferrable === undefined;
    return db.transaction(
      async (tx) => {
        // one round trip for every setting: `set_config('role', …, true)` is `SET LOCAL ROLE`; JIT
        // off, because PostgreSQL compiles any plan whose estimated cost passes jit_above_cost, and
        // row-level security inflates the estimates of these short reads: compiling took 27 of the
        // 36 ms of the occupancy read at 2M transactions (docs/benchmarks.md). Per transaction, so it
        // also holds behind a pooler that refuses startup options.
        if (!withBegin)
          await tx.execute(
            sql`select set_config('app.organization_id', ${organizationId}, true), set_config('role', ${APP_ROLE}, true), set_config('jit', 'off', true)`,
          );
        acting.set(tx, organizationId);
        openedOn.set(tx, db);
        return f(tx as Tx);
      },
      withBegin
        ? { ...c, accessMode: `${c?.accessMode ?? 'read write'}; ${settingsOf(organizationId)}` as never }
        : c,
    );
  };
  try {
    return await run(fn, config);
  } catch (err) {
    // a refusal that must still be recorded (a declined payment): written once the step rolled back
    if (err instanceof RecordedHttpError) await run(err.afterRollback);
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant transaction's settings as one statement with its values written out (a uuid, the role). */
const settingsOf = (organizationId: string) =>
  `select set_config('app.organization_id', '${organizationId}', true), set_config('role', '${APP_ROLE}', true), set_config('jit', 'off', true)`;

/**
 * Whether `withTenant` sends its settings with the transaction's BEGIN: on node-postgres, where a
 * statement without parameters goes as a simple query, which may hold several statements, so
 * `begin read write; select set_config(…)` is one round trip instead of two (one statement fewer
 * per transaction). Drizzle writes the transaction's access mode into its BEGIN as given; the
 * organization is written out only when it is a uuid. PGlite (which prepares every statement)
 * keeps the settings as a statement of their own.
 */
function beginsWithSettings(db: Db, organizationId: string): boolean {
  const session = (db as unknown as { session?: unknown }).session;
  return session instanceof NodePgSession && UUID.test(organizationId) && /^\w+$/.test(APP_ROLE);
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The organization label of a Host header: its first label when the host has a sub-domain
 * (`acme.localhost:3000` → `acme`), else undefined (plain `localhost`, an IP address, or the
 * configured public host) so the caller falls back to the default organization.
 */
export function organizationLabelFromHost(host: string | undefined, publicHost?: string): string | undefined {
  if (!host) return undefined;
  const hostname = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (!hostname || IPV4.test(hostname) || hostname.includes(':')) return undefined;
  if (publicHost && hostname === publicHost.toLowerCase()) return undefined;
  const labels = hostname.split('.');
  if (labels.length < 2) return undefined;
  return labels[0] || undefined;
}

/**
 * The organization each open tenant transaction acts for, as `withTenant` and `actFor` set it, so
 * reading it back costs no round trip.
 */
const acting = new WeakMap<object, string>();

/** Databases that take read-only transactions only (`readsOnly`). */
const readOnlyDatabases = new WeakSet<object>();

/**
 * Marks `db` as a server that takes read-only transactions only (a streaming replica): every tenant
 * transaction `withTenant` opens on it is `read only`.
 */
export function readsOnly(db: Db): Db {
  readOnlyDatabases.add(db);
  return db;
}

/** The database each open tenant transaction runs on (the primary, its read pool or a replica). */
const openedOn = new WeakMap<object, Db>();

/**
 * The database `tx` runs on, as `withTenant` opened it: where another connection must go to act on
 * the same server (cancelling its statement). Undefined for a transaction `withTenant` did not open.
 */
export function databaseOf(tx: Tx): Db | undefined {
  return openedOn.get(tx);
}

/**
 * Makes the rest of a tenant transaction act for `organizationId` (`app.organization_id`): row-level
 * security and `actingOrganizationId` follow it. For a step that creates an organization and then
 * writes its first rows.
 */
export async function actFor(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true)`);
  acting.set(tx, organizationId);
}

/**
 * The organization the current tenant transaction acts for (`app.organization_id`), or null
 * outside one. Lets a wire shape tell the organization's own rows from the read-only rows row-level
 * security also lets it see (a parent's shared locations). Known without a round trip in the
 * transaction `withTenant` opened; read from the database in any other (a nested one).
 */
export async function actingOrganizationId(tx: Tx): Promise<string | null> {
  const known = acting.get(tx);
  if (known) return known;
  const r = (await tx.execute(sql`select current_setting('app.organization_id', true) as id`)) as unknown as
    | { rows: Array<{ id: string | null }> }
    | Array<{ id: string | null }>;
  const rows = Array.isArray(r) ? r : r.rows;
  return rows[0]?.id || null;
}

/**
 * The rows of `table` that are a super-tenant parent's shared locations (or devices at them),
 * which a sub-organization lists read-only besides its own; `app_shared_parent()` is null for an
 * organization without such a parent, so the condition then matches nothing. Row-level security
 * (`shared_from_parent`) enforces the same.
 */
export const sharedFromParent = {
  locations: (t: { organizationId: AnyColumn; shared: AnyColumn }) =>
    sql`(${t.shared} and ${t.organizationId} = app_shared_parent())`,
  devices: (t: { organizationId: AnyColumn; idLocation: AnyColumn }) =>
    sql`(${t.organizationId} = app_shared_parent() and exists (select 1 from locations l where l.id = ${t.idLocation} and l.organization_id = ${t.organizationId} and l.shared))`,
};
