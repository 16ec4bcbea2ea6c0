import type { Db } from './handles';
import { PEOPLE_ROLLUP_SQL } from './rollups-people';
import { applyWhenChanged } from './schema-state';

/**
 * The dashboard roll-up functions, in one repeatable place (see `schema/dashboard.ts` for why
 * roll-ups kept by triggers): each function's current definition, applied after the migrations
 * whenever this text or the functions in the database differ (`ensureRollupFunctions`). The
 * migrations that first created them stay as they were; a change to a roll-up function is made
 * here, not in a new migration. The triggers that call them are the migrations' (0015, 0035,
 * 0047). The functions about people (per user, first transactions, registrations) are in
 * `rollups-people.ts`, appended last.
 */
export const ROLLUP_FUNCTIONS_SQL = `
-- dashboard_zone (as of 0015_dashboard_rollup.sql)
-- Dashboard roll-up (see src/db/schema/dashboard.ts for why a roll-up kept by triggers).
-- A transaction counts on the local day of its creation, in its location's zone, else its
-- organization's, else UTC.
CREATE OR REPLACE FUNCTION dashboard_zone(org uuid, loc uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT l.time_zone FROM locations l WHERE l.id = loc),
    (SELECT s.time_zone FROM settings s WHERE s.organization_id = org),
    'UTC')
$$;
--> statement-breakpoint
-- dashboard_earnings (as of 0015_dashboard_rollup.sql)
-- Earnings of one transaction: its total when the payment succeeded, plus penalties, minus refunds.
CREATE OR REPLACE FUNCTION dashboard_earnings(r transactions) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN r.payment_status = 'succeeded' THEN r.total ELSE 0 END)
    + coalesce(r.penalize_charge, 0) - coalesce(r.refunded_amount, 0)
$$;
--> statement-breakpoint
-- dashboard_rollup_add
-- Adds figures to one location's day and to its organization's day: n transactions, of which
-- rl rental, st storage, dl delivery, sv service, vd vending; e earnings; ts seconds over tm
-- timed transactions (negative figures take away).
CREATE OR REPLACE FUNCTION dashboard_rollup_add(p_org uuid, p_loc uuid, p_day date, p_n integer,
  p_rl integer, p_st integer, p_dl integer, p_sv integer, p_vd integer, p_e numeric, p_ts bigint, p_tm integer)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily AS x
    (organization_id, id_location, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
  VALUES (p_org, p_loc, p_day, p_n, p_rl, p_st, p_dl, p_sv, p_vd, p_e, p_ts, p_tm)
  ON CONFLICT (organization_id, id_location, day) DO UPDATE SET
    transactions = x.transactions + excluded.transactions,
    rental = x.rental + excluded.rental, storage = x.storage + excluded.storage,
    delivery = x.delivery + excluded.delivery, service = x.service + excluded.service,
    vending = x.vending + excluded.vending, earnings = x.earnings + excluded.earnings,
    time_sum = x.time_sum + excluded.time_sum, timed = x.timed + excluded.timed;
  INSERT INTO dashboard_org_daily AS x
    (organization_id, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
  VALUES (p_org, p_day, p_n, p_rl, p_st, p_dl, p_sv, p_vd, p_e, p_ts, p_tm)
  ON CONFLICT (organization_id, day) DO UPDATE SET
    transactions = x.transactions + excluded.transactions,
    rental = x.rental + excluded.rental, storage = x.storage + excluded.storage,
    delivery = x.delivery + excluded.delivery, service = x.service + excluded.service,
    vending = x.vending + excluded.vending, earnings = x.earnings + excluded.earnings,
    time_sum = x.time_sum + excluded.time_sum, timed = x.timed + excluded.timed;
END $$;
--> statement-breakpoint
-- dashboard_rollup_apply (as of 0015_dashboard_rollup.sql, its writes in dashboard_rollup_add)
CREATE OR REPLACE FUNCTION dashboard_rollup_apply(r transactions, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d date := (r.created_at AT TIME ZONE dashboard_zone(r.organization_id, r.id_location))::date;
  loc uuid := coalesce(r.id_location, '00000000-0000-0000-0000-000000000000'::uuid);
  e numeric := sign * dashboard_earnings(r);
  ts bigint := sign * coalesce(r.total_time, 0);
  tm integer := CASE WHEN r.total_time IS NULL THEN 0 ELSE sign END;
  rl integer := CASE WHEN r.event_type = 'rental' THEN sign ELSE 0 END;
  st integer := CASE WHEN r.event_type = 'storage' THEN sign ELSE 0 END;
  dl integer := CASE WHEN r.event_type = 'delivery' THEN sign ELSE 0 END;
  sv integer := CASE WHEN r.event_type = 'service' THEN sign ELSE 0 END;
  vd integer := CASE WHEN r.event_type = 'vending' THEN sign ELSE 0 END;
BEGIN
  PERFORM dashboard_rollup_add(r.organization_id, loc, d, sign, rl, st, dl, sv, vd, e, ts, tm);
END $$;
--> statement-breakpoint
-- dashboard_rollup_delta
-- An update that keeps a transaction on its day and location (its organization, creation and
-- location unchanged): the difference added once, instead of taking the old row's figures out
-- and putting the new row's in (half the writes of a step such as a pickup).
CREATE OR REPLACE FUNCTION dashboard_rollup_delta(o transactions, n transactions) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d date := (n.created_at AT TIME ZONE dashboard_zone(n.organization_id, n.id_location))::date;
  loc uuid := coalesce(n.id_location, '00000000-0000-0000-0000-000000000000'::uuid);
  e numeric := dashboard_earnings(n) - dashboard_earnings(o);
  ts bigint := coalesce(n.total_time, 0) - coalesce(o.total_time, 0);
  tm integer := (n.total_time IS NOT NULL)::int - (o.total_time IS NOT NULL)::int;
  rl integer := (n.event_type = 'rental')::int - (o.event_type = 'rental')::int;
  st integer := (n.event_type = 'storage')::int - (o.event_type = 'storage')::int;
  dl integer := (n.event_type = 'delivery')::int - (o.event_type = 'delivery')::int;
  sv integer := (n.event_type = 'service')::int - (o.event_type = 'service')::int;
  vd integer := (n.event_type = 'vending')::int - (o.event_type = 'vending')::int;
BEGIN
  PERFORM dashboard_rollup_add(n.organization_id, loc, d, 0, rl, st, dl, sv, vd, e, ts, tm);
END $$;
--> statement-breakpoint
-- dashboard_rollup_trg (as of 0032_dashboard_busy_rollup.sql; the same day's update as one
-- difference, dashboard_rollup_delta)
CREATE OR REPLACE FUNCTION dashboard_rollup_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sums boolean := true;
  per_user boolean := true;
  busy boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    sums := (OLD.organization_id, OLD.created_at, OLD.id_location, OLD.event_type, OLD.payment_status, OLD.total,
       OLD.penalize_charge, OLD.refunded_amount, OLD.total_time)
      IS DISTINCT FROM
      (NEW.organization_id, NEW.created_at, NEW.id_location, NEW.event_type, NEW.payment_status, NEW.total,
       NEW.penalize_charge, NEW.refunded_amount, NEW.total_time);
    per_user := (OLD.organization_id, OLD.created_at, OLD.id_location, OLD.id_user)
      IS DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.id_location, NEW.id_user);
    busy := (OLD.organization_id, OLD.id_location, OLD.id_device IS NULL, OLD.event_type,
       coalesce(OLD.started_at, OLD.created_at), dashboard_busy_end(OLD))
      IS DISTINCT FROM
      (NEW.organization_id, NEW.id_location, NEW.id_device IS NULL, NEW.event_type,
       coalesce(NEW.started_at, NEW.created_at), dashboard_busy_end(NEW));
  END IF;
  IF sums AND TG_OP = 'UPDATE' AND (OLD.organization_id, OLD.created_at, OLD.id_location)
    IS NOT DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.id_location) THEN
    PERFORM dashboard_rollup_delta(OLD, NEW);
    sums := false;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF sums THEN
      PERFORM dashboard_rollup_apply(OLD, -1);
    END IF;
    IF per_user THEN
      PERFORM dashboard_user_rollup_apply(OLD, -1);
    END IF;
    IF busy THEN
      PERFORM dashboard_busy_apply(OLD, -1);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF sums THEN
      PERFORM dashboard_rollup_apply(NEW, 1);
    END IF;
    IF per_user THEN
      PERFORM dashboard_user_rollup_apply(NEW, 1);
    END IF;
    IF busy THEN
      PERFORM dashboard_busy_apply(NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- rebuild_dashboard_rollup (as of 0035_dashboard_users_rollup.sql)
CREATE OR REPLACE FUNCTION rebuild_dashboard_rollup(org uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_daily WHERE organization_id = org;
  DELETE FROM dashboard_org_daily WHERE organization_id = org;
  INSERT INTO dashboard_daily
    (organization_id, id_location, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
  SELECT t.organization_id,
    coalesce(t.id_location, '00000000-0000-0000-0000-000000000000'::uuid),
    (t.created_at AT TIME ZONE coalesce(l.time_zone, s.time_zone, 'UTC'))::date,
    count(*), count(*) FILTER (WHERE t.event_type = 'rental'), count(*) FILTER (WHERE t.event_type = 'storage'),
    count(*) FILTER (WHERE t.event_type = 'delivery'), count(*) FILTER (WHERE t.event_type = 'service'),
    count(*) FILTER (WHERE t.event_type = 'vending'), coalesce(sum(dashboard_earnings(t)), 0),
    coalesce(sum(t.total_time), 0), count(t.total_time)
  FROM transactions t
  LEFT JOIN locations l ON l.id = t.id_location
  LEFT JOIN settings s ON s.organization_id = t.organization_id
  WHERE t.organization_id = org
  GROUP BY 1, 2, 3;
  INSERT INTO dashboard_org_daily
    (organization_id, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
  SELECT organization_id, day, sum(transactions), sum(rental), sum(storage), sum(delivery), sum(service),
    sum(vending), sum(earnings), sum(time_sum), sum(timed)
  FROM dashboard_daily WHERE organization_id = org
  GROUP BY 1, 2;
  PERFORM rebuild_dashboard_user_rollup(org);
  PERFORM rebuild_dashboard_busy_rollup(org);
  PERFORM rebuild_dashboard_users_rollup(org);
END $$;
--> statement-breakpoint
-- dashboard_busy_end (as of 0032_dashboard_busy_rollup.sql)
-- Door-time roll-up (see src/db/schema/dashboard.ts, dashboard_busy_daily): when a transaction that
-- holds a door stops holding it, its busy time is added to each local day it spanned.
-- The end of a transaction's hold on its door: when it ended or was canceled, else, once in a final
-- status, its last update; null while it still holds the door.
CREATE OR REPLACE FUNCTION dashboard_busy_end(r transactions) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(r.ended_at, r.canceled_at,
    CASE WHEN r.event_status IN ('finished', 'canceled', 'refunded', 'expired', 'removed') THEN r.updated_at END)
$$;
--> statement-breakpoint
-- dashboard_busy_apply (as of 0032_dashboard_busy_rollup.sql)
-- Adds (sign 1) or removes (sign -1) one transaction's door-time, split at local midnights, in
-- whole milliseconds per piece (the rebuild rounds the same pieces, so both agree to the unit).
CREATE OR REPLACE FUNCTION dashboard_busy_apply(r transactions, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s timestamptz := coalesce(r.started_at, r.created_at);
  e timestamptz := dashboard_busy_end(r);
  zone text;
  d date;
  last date;
  a timestamptz;
  b timestamptz;
BEGIN
  IF r.event_type = 'vending' OR r.id_device IS NULL OR r.id_location IS NULL OR e IS NULL OR e <= s THEN
    RETURN;
  END IF;
  zone := dashboard_zone(r.organization_id, r.id_location);
  d := (s AT TIME ZONE zone)::date;
  last := (e AT TIME ZONE zone)::date;
  WHILE d <= last LOOP
    a := greatest(s, d::timestamp AT TIME ZONE zone);
    b := least(e, (d + 1)::timestamp AT TIME ZONE zone);
    IF b > a THEN
      INSERT INTO dashboard_busy_daily AS x (organization_id, id_location, day, busy_ms)
      VALUES (r.organization_id, r.id_location, d, sign * round(extract(epoch FROM b - a) * 1000)::bigint)
      ON CONFLICT (organization_id, id_location, day) DO UPDATE SET busy_ms = x.busy_ms + excluded.busy_ms;
    END IF;
    d := d + 1;
  END LOOP;
END $$;
--> statement-breakpoint
-- rebuild_dashboard_busy_rollup (as of 0032_dashboard_busy_rollup.sql)
-- Recomputes one organization's door-time roll-up from its transactions: every ended hold cut at
-- the local midnights it spans, in one statement.
CREATE OR REPLACE FUNCTION rebuild_dashboard_busy_rollup(org uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_busy_daily WHERE organization_id = org;
  INSERT INTO dashboard_busy_daily (organization_id, id_location, day, busy_ms)
  SELECT org, h.id_location, g.day,
    sum(round(extract(epoch FROM
      least(h.e, (g.day + 1)::timestamp AT TIME ZONE h.zone) - greatest(h.s, g.day::timestamp AT TIME ZONE h.zone)
    ) * 1000))::bigint
  FROM (
    SELECT t.id_location, coalesce(t.started_at, t.created_at) AS s, dashboard_busy_end(t) AS e,
      coalesce(l.time_zone, st.time_zone, 'UTC') AS zone
    FROM transactions t
    LEFT JOIN locations l ON l.id = t.id_location
    LEFT JOIN settings st ON st.organization_id = t.organization_id
    WHERE t.organization_id = org AND t.event_type <> 'vending' AND t.id_device IS NOT NULL
      AND t.id_location IS NOT NULL
  ) h
  CROSS JOIN LATERAL (
    SELECT d::date AS day FROM generate_series((h.s AT TIME ZONE h.zone)::date, (h.e AT TIME ZONE h.zone)::date,
      interval '1 day') d
  ) g
  WHERE h.e > h.s
    AND least(h.e, (g.day + 1)::timestamp AT TIME ZONE h.zone) > greatest(h.s, g.day::timestamp AT TIME ZONE h.zone)
  GROUP BY h.id_location, g.day;
END $$;
--> statement-breakpoint
${PEOPLE_ROLLUP_SQL}
`;

/** The roll-up functions as the database has them now (catalog read, no lock). */
const ROLLUP_CATALOG_STATE = `
  SELECT coalesce(string_agg(format('%s %s', p.proname, md5(p.prosrc)), E'\n' ORDER BY p.proname), '') AS state
  FROM pg_proc p
  WHERE p.pronamespace = current_schema()::regnamespace
    AND (p.proname LIKE 'dashboard\\_%' OR p.proname LIKE 'rebuild\\_dashboard\\_%')`;

/**
 * Applies `ROLLUP_FUNCTIONS_SQL` when it or the functions in the database changed (a new version
 * here, or a migration that replaced one), under the migration's advisory lock. Answers whether
 * it applied anything.
 */
export function ensureRollupFunctions(db: Db): Promise<'unchanged' | 'applied'> {
  return applyWhenChanged(db, {
    key: 'rollup_functions',
    ddl: ROLLUP_FUNCTIONS_SQL,
    catalogState: ROLLUP_CATALOG_STATE,
  });
}
