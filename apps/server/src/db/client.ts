import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every repository function takes one of these or the Db. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the Drizzle handle plus what is needed to close it. */
export interface Database {
  kind: DatabaseKind;
  db: Db;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** The non-owner role every request runs as, so row-level security applies to it. */
export const APP_ROLE = 'lockerops_app';

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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite: client, close: () => client.close() };
}

/** Opens a node-postgres pool on `url`. */
export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on next use
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}

/**
 * Applies the committed migrations, then the tenancy policies. Safe to run from several processes
 * at once: an advisory lock serializes them.
 */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  if (database.kind === 'pglite') {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const client = await database.pool!.connect();
    try {
      await client.query('select pg_advisory_lock(727001)');
      const lockedDb = drizzleNodePg(client, { schema });
      await migrateNodePg(lockedDb, { migrationsFolder: MIGRATIONS_DIR });
      await applyTenancyPolicies(lockedDb as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
      client.release();
    }
    return;
  }
  await applyTenancyPolicies(db);
}

/**
 * The acting organization as the policies read it: a scalar subquery, so PostgreSQL evaluates it
 * once per statement (an InitPlan) instead of once per row — `current_setting` and the cast to uuid
 * cost about a third of an RLS-filtered count over 20,000 rows when read per row.
 */
const ACTING = "(SELECT nullif(current_setting('app.organization_id', true), '')::uuid)";
/** The same inside a quoted SQL literal (the `format` of the per-table policies). */
const ACTING_QUOTED = ACTING.replaceAll("'", "''");

/**
 * Row-level security, the second wall of tenancy (ARCHITECTURE: Tenancy is structural).
 * Every table with a NOT NULL `organization_id` gets RLS enabled and forced, a policy that lets the
 * request role see only the rows of the organization set for the transaction
 * (`app.organization_id`), and a policy that lets the owner (migrations, seed, jobs, identity
 * look-ups made before an organization is known) see all. Idempotent; new tables of later
 * migrations are covered by the same call. One exception widens reads, and only reads: a
 * sub-organization sees its super-tenant parent's shared locations and their devices
 * (`shared_from_parent`, through `app_shared_parent()`). Its transactions may occupy such a door,
 * whose state then moves only through the SECURITY DEFINER functions `app_shared_door_*` (lock,
 * hold, release, lock status, the parent's reservations, lock settings and vendor account), never through an
 * UPDATE policy (see `modules/devices/shared-doors.ts`). The request role has no access at all to
 * `app_secrets`, `mail_outbox` and `sms_outbox` (owner-only, RLS forced).
 */
export async function applyTenancyPolicies(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`
    DO $$
    DECLARE t record;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} NOLOGIN;
      END IF;
      IF NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
        EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
      END IF;
      EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${APP_ROLE}', current_schema());
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO ${APP_ROLE}', current_schema());
      EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO ${APP_ROLE}', current_schema());
      FOR t IN
        SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND c.column_name = 'organization_id'
          AND c.is_nullable = 'NO' AND tb.table_type = 'BASE TABLE'
      LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
        IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t.table_name AND policyname = 'tenant_isolation') THEN
          EXECUTE format('CREATE POLICY tenant_isolation ON %I TO ${APP_ROLE} USING (organization_id = ${ACTING_QUOTED}) WITH CHECK (organization_id = ${ACTING_QUOTED})', t.table_name);
        ELSIF EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t.table_name AND policyname = 'tenant_isolation' AND qual NOT ILIKE '%select%') THEN
          -- a policy of an earlier version, which read the setting once per row
          EXECUTE format('ALTER POLICY tenant_isolation ON %I USING (organization_id = ${ACTING_QUOTED}) WITH CHECK (organization_id = ${ACTING_QUOTED})', t.table_name);
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t.table_name AND policyname = 'owner_access') THEN
          EXECUTE format('CREATE POLICY owner_access ON %I TO CURRENT_USER USING (true) WITH CHECK (true)', t.table_name);
        END IF;
      END LOOP;
      ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
      ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
      IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'organizations' AND policyname = 'tenant_isolation') THEN
        CREATE POLICY tenant_isolation ON organizations TO ${APP_ROLE}
          USING (id = ${ACTING} OR parent_id = ${ACTING})
          WITH CHECK (id = ${ACTING} OR parent_id = ${ACTING});
      ELSIF EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'organizations' AND policyname = 'tenant_isolation' AND qual NOT ILIKE '%select%') THEN
        ALTER POLICY tenant_isolation ON organizations
          USING (id = ${ACTING} OR parent_id = ${ACTING})
          WITH CHECK (id = ${ACTING} OR parent_id = ${ACTING});
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'organizations' AND policyname = 'owner_access') THEN
        CREATE POLICY owner_access ON organizations TO CURRENT_USER USING (true) WITH CHECK (true);
      END IF;
      -- Shared locations (spec operational §4 Location, console §6): the organization whose shared
      -- locations the acting organization may read, i.e. its parent when that parent is a
      -- super-tenant with the Shared Locations flag, else null. SECURITY DEFINER because the acting
      -- organization cannot read its parent's row itself.
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_parent() RETURNS uuid
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = %I AS $b$
          SELECT p.id FROM organizations o JOIN organizations p ON p.id = o.parent_id
          WHERE o.id = nullif(current_setting('app.organization_id', true), '')::uuid
            AND p.super_tenant AND p.shared_locations
        $b$
      $f$, current_schema());
      -- Read-only, and only that: a sub-organization may SELECT its parent's shared locations and
      -- the devices at them; no other row of the parent, no row of a sibling, and no write.
      IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'locations' AND policyname = 'shared_from_parent') THEN
        CREATE POLICY shared_from_parent ON locations FOR SELECT TO ${APP_ROLE}
          USING (shared AND organization_id = (SELECT app_shared_parent()));
      ELSIF EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'locations' AND policyname = 'shared_from_parent' AND qual NOT ILIKE '%select app_shared_parent%') THEN
        ALTER POLICY shared_from_parent ON locations USING (shared AND organization_id = (SELECT app_shared_parent()));
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'devices' AND policyname = 'shared_from_parent') THEN
        CREATE POLICY shared_from_parent ON devices FOR SELECT TO ${APP_ROLE}
          USING (organization_id = (SELECT app_shared_parent()) AND EXISTS (
            SELECT 1 FROM locations l
            WHERE l.id = devices.id_location AND l.organization_id = devices.organization_id AND l.shared));
      ELSIF EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = 'devices' AND policyname = 'shared_from_parent' AND qual NOT ILIKE '%select app_shared_parent%') THEN
        ALTER POLICY shared_from_parent ON devices
          USING (organization_id = (SELECT app_shared_parent()) AND EXISTS (
            SELECT 1 FROM locations l
            WHERE l.id = devices.id_location AND l.organization_id = devices.organization_id AND l.shared));
      END IF;
      -- Shared doors (issue: shared locations "can be used for their transactions"). A
      -- sub-organization's transaction may occupy a door of its parent's shared location, but the
      -- sub-organization still cannot UPDATE the parent's devices: the door's state moves only
      -- through these SECURITY DEFINER functions, each checking the acting organization itself.
      -- (a) app_shared_door_at_shared: the door stands at a location its parent shares now;
      -- (b) app_shared_door_held: a transaction of the acting organization holds the door (so a
      --     transaction under way can finish even if the location stops being shared).
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_at_shared(p_device uuid) RETURNS boolean
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = %I AS $b$
          SELECT EXISTS (SELECT 1 FROM devices d JOIN locations l
              ON l.id = d.id_location AND l.organization_id = d.organization_id AND l.shared
            WHERE d.id = p_device AND d.organization_id = app_shared_parent())
        $b$
      $f$, current_schema());
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_held(p_device uuid) RETURNS boolean
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = %I AS $b$
          SELECT EXISTS (SELECT 1 FROM devices d JOIN transactions t
              ON t.id_device = d.id AND t.device_held
            WHERE d.id = p_device
              AND t.organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
              AND d.organization_id <> t.organization_id)
        $b$
      $f$, current_schema());
      -- The door row, locked for the step (FOR UPDATE needs UPDATE rights the request role lacks).
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door(p_device uuid) RETURNS SETOF devices
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = %I AS $b$
          SELECT d.* FROM devices d
          WHERE d.id = p_device AND (app_shared_door_at_shared(p_device) OR app_shared_door_held(p_device))
          FOR UPDATE
        $b$
      $f$, current_schema());
      -- Occupy: available → reserved, only at a location shared now. False when not available.
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_hold(p_device uuid) RETURNS boolean
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = %I AS $b$
        BEGIN
          IF NOT app_shared_door_at_shared(p_device) THEN RETURN false; END IF;
          UPDATE devices SET status = 'reserved', updated_at = now()
            WHERE id = p_device AND status = 'available';
          RETURN FOUND;
        END $b$
      $f$, current_schema());
      -- Free: reserved → available, only while a transaction of the acting organization holds it.
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_release(p_device uuid) RETURNS boolean
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = %I AS $b$
        BEGIN
          IF NOT app_shared_door_held(p_device) THEN RETURN false; END IF;
          UPDATE devices SET status = 'available', updated_at = now()
            WHERE id = p_device AND status = 'reserved';
          RETURN FOUND;
        END $b$
      $f$, current_schema());
      -- The lock's report after the sub-organization opened the door in a step.
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_lock_status(p_device uuid, p_lock_status text) RETURNS boolean
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = %I AS $b$
        BEGIN
          IF NOT (app_shared_door_at_shared(p_device) OR app_shared_door_held(p_device)) THEN RETURN false; END IF;
          UPDATE devices SET lock_status = p_lock_status, lock_status_at = now(), updated_at = now()
            WHERE id = p_device;
          RETURN FOUND;
        END $b$
      $f$, current_schema());
      -- Whether an active reservation of another organization (the parent's) holds the door at p_at.
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_reserved(p_device uuid, p_at timestamptz) RETURNS boolean
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = %I AS $b$
          SELECT app_shared_door_at_shared(p_device) AND EXISTS (
            SELECT 1 FROM reservation_holds h JOIN reservations r ON r.id = h.id_reservation
            WHERE h.id_device = p_device AND h.during @> p_at AND r.status = 'active'
              AND r.organization_id IS DISTINCT FROM nullif(current_setting('app.organization_id', true), '')::uuid)
        $b$
      $f$, current_schema());
      -- The door's location lock settings (bridge address, jam limit), needed to open it.
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_lock_settings(p_device uuid) RETURNS SETOF location_lock_settings
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = %I AS $b$
          SELECT s.* FROM location_lock_settings s JOIN devices d
            ON d.id_location = s.id_location AND d.organization_id = s.organization_id
          WHERE d.id = p_device AND (app_shared_door_at_shared(p_device) OR app_shared_door_held(p_device))
        $b$
      $f$, current_schema());
      -- The parent's account at the door's cloud lock vendor (secret sealed), needed to open it.
      EXECUTE format($f$
        CREATE OR REPLACE FUNCTION app_shared_door_vendor_account(p_device uuid) RETURNS SETOF lock_vendor_accounts
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = %I AS $b$
          SELECT a.* FROM lock_vendor_accounts a JOIN devices d
            ON d.organization_id = a.organization_id AND d.hardware_type = a.vendor
          WHERE d.id = p_device AND (app_shared_door_at_shared(p_device) OR app_shared_door_held(p_device))
        $b$
      $f$, current_schema());
      -- Tables the request role never needs: the token signing key and the message outboxes (they
      -- hold temporary passwords and codes). Only the owner reads and writes them, and row-level
      -- security (forced, owner-only policy) keeps them closed even if a grant came back.
      EXECUTE format('REVOKE ALL ON TABLE %I.app_secrets, %I.mail_outbox, %I.sms_outbox FROM ${APP_ROLE}',
        current_schema(), current_schema(), current_schema());
      FOR t IN SELECT unnest(ARRAY['app_secrets', 'mail_outbox', 'sms_outbox']) AS table_name LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
        IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t.table_name AND policyname = 'owner_access') THEN
          EXECUTE format('CREATE POLICY owner_access ON %I TO CURRENT_USER USING (true) WITH CHECK (true)', t.table_name);
        END IF;
      END LOOP;
    END $$;
  `),
  );
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `dataDir/db`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(path.join(opts.dataDir, 'db'));
}
