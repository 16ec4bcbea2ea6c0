import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './handles';
import { applyWhenChanged } from './schema-state';

/**
 * Row-level security of every tenant table (CONTRIBUTING.md "One shape for the tenant"): the policies'
 * SQL, and their re-application at start when they or the tables changed (`migrate` in client.ts).
 */

/** The non-owner role every request runs as, so row-level security applies to it. */
export const APP_ROLE = 'lockerops_app';

/** The `schema_state` key of the tenancy policies. */
const POLICIES_KEY = 'tenancy_policies';

/**
 * What the tenancy policies depend on and produce, read from the catalog of the current schema:
 * every table, view and sequence with its row-level security flags, grants, NOT NULL
 * `organization_id` and policies; the `app_*` functions; the schema's grants; the request role and
 * whether the current user may act as it. A new migration's table, a dropped policy or a lost grant
 * changes it. Catalog reads only: no table lock.
 */
const CATALOG_STATE = `
  SELECT coalesce(string_agg(line, E'\n' ORDER BY line), '') AS state FROM (
    SELECT format('rel %s %s rls=%s force=%s acl=%s org=%s pol=%s', c.relname, c.relkind,
        c.relrowsecurity, c.relforcerowsecurity, coalesce(c.relacl::text, ''),
        coalesce((SELECT a.attnotnull::text FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped), '-'),
        coalesce((SELECT string_agg(format('%s/%s/%s/%s/%s', p.polname, p.polcmd, p.polroles::text,
            pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid)), ';' ORDER BY p.polname)
          FROM pg_policy p WHERE p.polrelid = c.oid), '')) AS line
      FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
    UNION ALL
    SELECT format('fn %s %s %s %s', p.proname, md5(p.prosrc), p.prosecdef, coalesce(p.proconfig::text, ''))
      FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'app_%'
    UNION ALL
    SELECT format('schema %s %s', n.nspname, coalesce(n.nspacl::text, ''))
      FROM pg_namespace n WHERE n.nspname = current_schema()
    UNION ALL
    SELECT format('role %s member=%s', r.rolname, EXISTS (SELECT 1 FROM pg_auth_members m
        WHERE m.roleid = r.oid AND m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)))
      FROM pg_roles r WHERE r.rolname = '${APP_ROLE}'
  ) s`;

/**
 * Applies the tenancy policies (`applyTenancyPolicies`) only when they or the tables changed
 * (`applyWhenChanged`: the hash of their SQL and of `CATALOG_STATE` in `schema_state`), so a
 * restart under traffic runs no DDL (issue: restart and failure without harm). Call it under the
 * migration's advisory lock. Answers whether it applied anything.
 */
export function ensureTenancyPolicies(
  db: Db,
  opts: { lockTimeoutMs?: number; attempts?: number } = {},
): Promise<'unchanged' | 'applied'> {
  return applyWhenChanged(
    db,
    { key: POLICIES_KEY, ddl: tenancyPoliciesSql(), catalogState: CATALOG_STATE },
    opts,
  );
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
 * Row-level security, the second wall of tenancy (CONTRIBUTING.md "One shape for the tenant").
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
export async function applyTenancyPolicies(db: DbOrTx): Promise<void> {
  await db.execute(sql.raw(tenancyPoliciesSql()));
}

/** The SQL of `applyTenancyPolicies`: one DO block, idempotent. */
function tenancyPoliciesSql(): string {
  return `
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
        SELECT c.table_name, k.relrowsecurity, k.relforcerowsecurity FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
        JOIN pg_class k ON k.relname = c.table_name AND k.relnamespace = current_schema()::regnamespace
        WHERE c.table_schema = current_schema() AND c.column_name = 'organization_id'
          AND c.is_nullable = 'NO' AND tb.table_type = 'BASE TABLE'
      LOOP
        -- ALTER TABLE takes an ACCESS EXCLUSIVE lock: only where something is missing
        IF NOT t.relrowsecurity THEN
          EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
        END IF;
        IF NOT t.relforcerowsecurity THEN
          EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
        END IF;
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
      IF NOT (SELECT relrowsecurity AND relforcerowsecurity FROM pg_class
          WHERE relname = 'organizations' AND relnamespace = current_schema()::regnamespace) THEN
        ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
        ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
      END IF;
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
      -- Tables the request role never needs: the token signing key, the message outboxes (they
      -- hold temporary passwords and codes) and the start-up state. Only the owner reads and writes
      -- them, and row-level security (forced, owner-only policy) keeps them closed even if a grant
      -- came back.
      EXECUTE format('REVOKE ALL ON TABLE %I.app_secrets, %I.mail_outbox, %I.sms_outbox, %I.schema_state FROM ${APP_ROLE}',
        current_schema(), current_schema(), current_schema(), current_schema());
      FOR t IN SELECT k.relname AS table_name, k.relrowsecurity, k.relforcerowsecurity FROM pg_class k
          WHERE k.relname IN ('app_secrets', 'mail_outbox', 'sms_outbox', 'schema_state')
            AND k.relnamespace = current_schema()::regnamespace LOOP
        IF NOT t.relrowsecurity THEN
          EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
        END IF;
        IF NOT t.relforcerowsecurity THEN
          EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t.table_name AND policyname = 'owner_access') THEN
          EXECUTE format('CREATE POLICY owner_access ON %I TO CURRENT_USER USING (true) WITH CHECK (true)', t.table_name);
        END IF;
      END LOOP;
    END $$;
  `;
}
