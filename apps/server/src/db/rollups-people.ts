/**
 * The roll-up functions about people (part of `ROLLUP_FUNCTIONS_SQL`, `rollups.ts`): transactions
 * per user and period, each user's first transaction, and registrations per day.
 */
export const PEOPLE_ROLLUP_SQL = `
-- dashboard_fold_people
-- Adds the changes (each old row taken out, each current row put in) to the per-user counts of
-- their local month, quarter and year (one write per user and period; rows that drop to 0 go), and
-- finds again the first transaction of each user whose first may have moved: a user without one, a
-- change on a day before it, or a row taken out on its day.
CREATE OR REPLACE FUNCTION dashboard_fold_people(org uuid, zone text, olds transactions[], news transactions[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  ku uuid[];
  kp text[];
  ks date[];
  kn integer[];
  firsts uuid[];
BEGIN
  WITH c AS (
    SELECT (r).id_user AS usr, -1 AS sign,
      ((r).created_at AT TIME ZONE coalesce(l.time_zone, zone))::date AS day
    FROM unnest(olds) r LEFT JOIN locations l ON l.id = (r).id_location WHERE (r).id_user IS NOT NULL
    UNION ALL
    SELECT (r).id_user, 1, ((r).created_at AT TIME ZONE coalesce(l.time_zone, zone))::date
    FROM unnest(news) r LEFT JOIN locations l ON l.id = (r).id_location WHERE (r).id_user IS NOT NULL
  ), g AS (
    SELECT c.usr, p.period, p.start, sum(c.sign)::int AS n
    FROM c CROSS JOIN LATERAL (VALUES
      ('m', date_trunc('month', c.day::timestamp)::date),
      ('q', date_trunc('quarter', c.day::timestamp)::date),
      ('y', date_trunc('year', c.day::timestamp)::date)) p(period, start)
    GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0
  ), f AS (
    SELECT DISTINCT c.usr FROM c
    LEFT JOIN dashboard_user_period x
      ON x.organization_id = org AND x.period = 'f' AND x.id_user = c.usr
    WHERE (c.sign > 0 AND (x.start IS NULL OR x.start > c.day)) OR (c.sign < 0 AND x.start = c.day)
  )
  SELECT (SELECT array_agg(usr) FROM g), (SELECT array_agg(period) FROM g), (SELECT array_agg(start) FROM g),
    (SELECT array_agg(n) FROM g), (SELECT array_agg(usr) FROM f)
  INTO ku, kp, ks, kn, firsts;
  IF ku IS NOT NULL THEN
    INSERT INTO dashboard_user_period AS x (organization_id, period, start, id_user, transactions)
    SELECT org, k.p, k.s, k.u, k.n FROM unnest(ku, kp, ks, kn) k(u, p, s, n)
    ON CONFLICT (organization_id, period, start, id_user) DO UPDATE SET transactions = x.transactions + excluded.transactions;
    DELETE FROM dashboard_user_period x USING unnest(ku, kp, ks) k(u, p, s)
    WHERE x.organization_id = org AND x.period = k.p AND x.start = k.s AND x.id_user = k.u AND x.transactions <= 0;
  END IF;
  IF firsts IS NOT NULL THEN
    DELETE FROM dashboard_user_period WHERE organization_id = org AND period = 'f' AND id_user = ANY(firsts);
    INSERT INTO dashboard_user_period (organization_id, period, start, id_user, transactions)
    SELECT org, 'f', t.day, u, 1 FROM unnest(firsts) u
    CROSS JOIN LATERAL (
      SELECT (t.created_at AT TIME ZONE coalesce(l.time_zone, zone))::date AS day
      FROM transactions t LEFT JOIN locations l ON l.id = t.id_location
      WHERE t.organization_id = org AND t.id_user = u
      ORDER BY t.created_at, t.id
      LIMIT 1
    ) t;
  END IF;
END $$;
--> statement-breakpoint
-- rebuild_dashboard_user_rollup (as of 0044_dashboard_first_transactions.sql)
-- Recomputes one organization's per-user roll-up from its transactions: one pass grouping by user
-- and local month, quarters and years summed from the months, and each user's first transaction.
CREATE OR REPLACE FUNCTION rebuild_dashboard_user_rollup(org uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_user_period WHERE organization_id = org;
  INSERT INTO dashboard_user_period (organization_id, period, start, id_user, transactions)
  WITH per_month AS (
    SELECT t.id_user,
      date_trunc('month', (t.created_at AT TIME ZONE coalesce(l.time_zone, s.time_zone, 'UTC'))::date::timestamp)::date AS start,
      count(*)::int AS n
    FROM transactions t
    LEFT JOIN locations l ON l.id = t.id_location
    LEFT JOIN settings s ON s.organization_id = t.organization_id
    WHERE t.organization_id = org AND t.id_user IS NOT NULL
    GROUP BY 1, 2
  )
  SELECT org, 'm', start, id_user, n FROM per_month
  UNION ALL
  SELECT org, 'q', date_trunc('quarter', start::timestamp)::date, id_user, sum(n)::int FROM per_month GROUP BY 3, 4
  UNION ALL
  SELECT org, 'y', date_trunc('year', start::timestamp)::date, id_user, sum(n)::int FROM per_month GROUP BY 3, 4;
  INSERT INTO dashboard_user_period (organization_id, period, start, id_user, transactions)
  SELECT DISTINCT ON (t.id_user) org, 'f',
    (t.created_at AT TIME ZONE coalesce(l.time_zone, s.time_zone, 'UTC'))::date, t.id_user, 1
  FROM transactions t
  LEFT JOIN locations l ON l.id = t.id_location
  LEFT JOIN settings s ON s.organization_id = t.organization_id
  WHERE t.organization_id = org AND t.id_user IS NOT NULL
  ORDER BY t.id_user, t.created_at, t.id;
END $$;
--> statement-breakpoint
-- dashboard_users_apply (as of 0035_dashboard_users_rollup.sql)
-- Registrations roll-up (see src/db/schema/dashboard.ts, dashboard_users_daily): a user counts on
-- the local day of its creation in its organization's zone, while it is not deleted.
CREATE OR REPLACE FUNCTION dashboard_users_apply(r users, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF r.is_deleted THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_users_daily AS x (organization_id, day, users)
  VALUES (r.organization_id, (r.created_at AT TIME ZONE dashboard_zone(r.organization_id, NULL))::date, sign)
  ON CONFLICT (organization_id, day) DO UPDATE SET users = x.users + excluded.users;
END $$;
--> statement-breakpoint
-- dashboard_users_trg (as of 0035_dashboard_users_rollup.sql)
CREATE OR REPLACE FUNCTION dashboard_users_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organization_id, OLD.created_at, OLD.is_deleted)
    IS NOT DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.is_deleted) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_users_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM dashboard_users_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- rebuild_dashboard_users_rollup (as of 0035_dashboard_users_rollup.sql)
-- Recomputes one organization's registrations roll-up from its users, in one statement.
CREATE OR REPLACE FUNCTION rebuild_dashboard_users_rollup(org uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  zone text := dashboard_zone(org, NULL);
BEGIN
  DELETE FROM dashboard_users_daily WHERE organization_id = org;
  INSERT INTO dashboard_users_daily (organization_id, day, users)
  SELECT org, (u.created_at AT TIME ZONE zone)::date, count(*)
  FROM users u WHERE u.organization_id = org AND NOT u.is_deleted
  GROUP BY 2;
END $$;
--> statement-breakpoint
-- the per-row functions the trigger called before the fold (0067), no longer used
DROP FUNCTION IF EXISTS dashboard_rollup_delta(transactions, transactions);
--> statement-breakpoint
DROP FUNCTION IF EXISTS dashboard_rollup_apply(transactions, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS dashboard_rollup_add(uuid, uuid, date, integer, integer, integer, integer, integer, integer, numeric, bigint, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS dashboard_busy_apply(transactions, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS dashboard_user_rollup_apply(transactions, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS dashboard_first_transaction_refresh(uuid, uuid);
`;
