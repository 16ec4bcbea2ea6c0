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
-- dashboard_fields
-- What the roll-ups read of a transaction, as noted in dashboard_pending before its first change
-- since the last fold (read back with jsonb_populate_record(NULL::transactions, o)).
CREATE OR REPLACE FUNCTION dashboard_fields(r transactions) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', r.id, 'organization_id', r.organization_id, 'created_at', r.created_at,
    'id_location', r.id_location, 'id_device', r.id_device, 'id_user', r.id_user, 'event_type', r.event_type,
    'event_status', r.event_status, 'payment_status', r.payment_status, 'total', r.total,
    'penalize_charge', r.penalize_charge, 'refunded_amount', r.refunded_amount, 'total_time', r.total_time,
    'started_at', r.started_at, 'ended_at', r.ended_at, 'canceled_at', r.canceled_at, 'updated_at', r.updated_at)
$$;
--> statement-breakpoint
-- dashboard_lock_key
-- The advisory lock of an organization's roll-ups: taken shared by every commit that notes a change
-- and by the fold, exclusively by a rebuild (which so sees no change half noted).
CREATE OR REPLACE FUNCTION dashboard_lock_key(org uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('dashboard:' || org::text, 0)
$$;
--> statement-breakpoint
-- dashboard_rollup_trg (0067: a change is noted in dashboard_pending, the fold writes the roll-ups)
-- Runs at commit (a deferred constraint trigger, 0047). A change that moves none of the figures the
-- roll-ups read is not noted; a transaction already noted since the last fold is noted once.
CREATE OR REPLACE FUNCTION dashboard_rollup_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organization_id, OLD.created_at, OLD.id_location, OLD.event_type, OLD.payment_status,
      OLD.total, OLD.penalize_charge, OLD.refunded_amount, OLD.total_time, OLD.id_user, OLD.id_device IS NULL,
      coalesce(OLD.started_at, OLD.created_at), dashboard_busy_end(OLD))
    IS NOT DISTINCT FROM
    (NEW.organization_id, NEW.created_at, NEW.id_location, NEW.event_type, NEW.payment_status,
      NEW.total, NEW.penalize_charge, NEW.refunded_amount, NEW.total_time, NEW.id_user, NEW.id_device IS NULL,
      coalesce(NEW.started_at, NEW.created_at), dashboard_busy_end(NEW)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_advisory_xact_lock_shared(dashboard_lock_key(OLD.organization_id));
    INSERT INTO dashboard_pending (organization_id, transaction_id, o)
    VALUES (OLD.organization_id, OLD.id, dashboard_fields(OLD))
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.organization_id <> OLD.organization_id) THEN
    PERFORM pg_advisory_xact_lock_shared(dashboard_lock_key(NEW.organization_id));
    INSERT INTO dashboard_pending (organization_id, transaction_id, o)
    VALUES (NEW.organization_id, NEW.id, NULL)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- dashboard_fold_sums
-- Adds the changes (each old row taken out, each current row put in) to the daily sums: one write
-- per location and local day, one per organization and day.
CREATE OR REPLACE FUNCTION dashboard_fold_sums(org uuid, zone text, olds transactions[], news transactions[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT r, -1 AS sign FROM unnest(olds) r
    UNION ALL SELECT r, 1 FROM unnest(news) r
  ), g AS (
    SELECT coalesce((c.r).id_location, '00000000-0000-0000-0000-000000000000'::uuid) AS loc,
      ((c.r).created_at AT TIME ZONE coalesce(l.time_zone, zone))::date AS day,
      sum(c.sign)::int AS n,
      sum(c.sign * ((c.r).event_type = 'rental')::int)::int AS rl,
      sum(c.sign * ((c.r).event_type = 'storage')::int)::int AS st,
      sum(c.sign * ((c.r).event_type = 'delivery')::int)::int AS dl,
      sum(c.sign * ((c.r).event_type = 'service')::int)::int AS sv,
      sum(c.sign * ((c.r).event_type = 'vending')::int)::int AS vd,
      sum(c.sign * dashboard_earnings(c.r)) AS e,
      sum(c.sign * coalesce((c.r).total_time, 0))::bigint AS ts,
      sum(c.sign * ((c.r).total_time IS NOT NULL)::int)::int AS tm
    FROM c LEFT JOIN locations l ON l.id = (c.r).id_location
    GROUP BY 1, 2
  ), nz AS (
    SELECT * FROM g WHERE n <> 0 OR rl <> 0 OR st <> 0 OR dl <> 0 OR sv <> 0 OR vd <> 0 OR e <> 0 OR ts <> 0 OR tm <> 0
  ), per_location AS (
    INSERT INTO dashboard_daily AS x
      (organization_id, id_location, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
    SELECT org, loc, day, n, rl, st, dl, sv, vd, e, ts, tm FROM nz
    ON CONFLICT (organization_id, id_location, day) DO UPDATE SET
      transactions = x.transactions + excluded.transactions,
      rental = x.rental + excluded.rental, storage = x.storage + excluded.storage,
      delivery = x.delivery + excluded.delivery, service = x.service + excluded.service,
      vending = x.vending + excluded.vending, earnings = x.earnings + excluded.earnings,
      time_sum = x.time_sum + excluded.time_sum, timed = x.timed + excluded.timed
  )
  INSERT INTO dashboard_org_daily AS x
    (organization_id, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
  SELECT org, day, sum(n), sum(rl), sum(st), sum(dl), sum(sv), sum(vd), sum(e), sum(ts), sum(tm) FROM nz GROUP BY day
  ON CONFLICT (organization_id, day) DO UPDATE SET
    transactions = x.transactions + excluded.transactions,
    rental = x.rental + excluded.rental, storage = x.storage + excluded.storage,
    delivery = x.delivery + excluded.delivery, service = x.service + excluded.service,
    vending = x.vending + excluded.vending, earnings = x.earnings + excluded.earnings,
    time_sum = x.time_sum + excluded.time_sum, timed = x.timed + excluded.timed;
END $$;
--> statement-breakpoint
-- dashboard_fold
-- Folds up to lim noted changes of one organization into its roll-ups, in the caller's database
-- transaction; answers how many it folded. A noted row another fold is working on, or whose
-- transaction a step is changing right now (its row lock), is left for the next fold; the current
-- rows of the others are kept from change (FOR SHARE) until this fold commits, so a change
-- committed meanwhile is noted anew with exactly the figures folded here.
CREATE OR REPLACE FUNCTION dashboard_fold(org uuid, lim integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  held uuid[];
  done uuid[];
  olds transactions[];
  news transactions[];
  zone text;
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(dashboard_lock_key(org)) THEN
    RETURN 0; -- a rebuild is recomputing the organization's roll-ups
  END IF;
  SELECT array_agg(transaction_id) INTO ids FROM (
    SELECT transaction_id FROM dashboard_pending WHERE organization_id = org
    ORDER BY transaction_id LIMIT lim FOR UPDATE SKIP LOCKED
  ) p;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  SELECT coalesce(array_agg(id), '{}') INTO held FROM (
    SELECT id FROM transactions WHERE organization_id = org AND id = ANY(ids) FOR SHARE SKIP LOCKED
  ) t;
  -- folded now: the transactions held, and those gone (deleted since they were noted)
  done := ARRAY(
    SELECT x FROM unnest(ids) x
    WHERE x = ANY(held) OR NOT EXISTS (SELECT 1 FROM transactions t WHERE t.organization_id = org AND t.id = x)
  );
  IF cardinality(done) = 0 THEN
    RETURN 0;
  END IF;
  WITH d AS (
    DELETE FROM dashboard_pending WHERE organization_id = org AND transaction_id = ANY(done) RETURNING o
  )
  SELECT coalesce(array_agg(jsonb_populate_record(NULL::transactions, o)) FILTER (WHERE o IS NOT NULL), '{}')
  INTO olds FROM d;
  SELECT coalesce(array_agg(t), '{}') INTO news FROM transactions t WHERE t.organization_id = org AND t.id = ANY(held);
  zone := coalesce((SELECT s.time_zone FROM settings s WHERE s.organization_id = org), 'UTC');
  PERFORM dashboard_fold_sums(org, zone, olds, news);
  PERFORM dashboard_fold_busy(org, zone, olds, news);
  PERFORM dashboard_fold_people(org, zone, olds, news);
  RETURN cardinality(done);
END $$;
--> statement-breakpoint
-- rebuild_dashboard_rollup (as of 0035_dashboard_users_rollup.sql)
-- (0067: with the organization's roll-up lock, so no commit notes a change meanwhile, and the
-- noted changes dropped, since the rows recomputed include them)
CREATE OR REPLACE FUNCTION rebuild_dashboard_rollup(org uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(dashboard_lock_key(org));
  DELETE FROM dashboard_pending WHERE organization_id = org;
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
-- dashboard_fold_busy
-- Adds the changes' door-time (each old row's taken out, each current row's put in), split at local
-- midnights in whole milliseconds per piece (the rebuild rounds the same pieces, so both agree to
-- the unit): one write per location and day.
CREATE OR REPLACE FUNCTION dashboard_fold_busy(org uuid, zone text, olds transactions[], news transactions[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT r, -1 AS sign FROM unnest(olds) r
    UNION ALL SELECT r, 1 FROM unnest(news) r
  ), h AS (
    SELECT c.sign, (c.r).id_location AS loc, coalesce((c.r).started_at, (c.r).created_at) AS s,
      dashboard_busy_end(c.r) AS e, coalesce(l.time_zone, zone) AS z
    FROM c LEFT JOIN locations l ON l.id = (c.r).id_location
    WHERE (c.r).event_type <> 'vending' AND (c.r).id_device IS NOT NULL AND (c.r).id_location IS NOT NULL
  ), pieces AS (
    SELECT h.loc, g.day, sum(h.sign * round(extract(epoch FROM
      least(h.e, (g.day + 1)::timestamp AT TIME ZONE h.z) - greatest(h.s, g.day::timestamp AT TIME ZONE h.z)
    ) * 1000))::bigint AS ms
    FROM h
    CROSS JOIN LATERAL (
      SELECT d::date AS day FROM generate_series((h.s AT TIME ZONE h.z)::date, (h.e AT TIME ZONE h.z)::date,
        interval '1 day') d
    ) g
    WHERE h.e IS NOT NULL AND h.e > h.s
      AND least(h.e, (g.day + 1)::timestamp AT TIME ZONE h.z) > greatest(h.s, g.day::timestamp AT TIME ZONE h.z)
    GROUP BY 1, 2
  )
  INSERT INTO dashboard_busy_daily AS x (organization_id, id_location, day, busy_ms)
  SELECT org, loc, day, ms FROM pieces WHERE ms <> 0
  ON CONFLICT (organization_id, id_location, day) DO UPDATE SET busy_ms = x.busy_ms + excluded.busy_ms;
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
