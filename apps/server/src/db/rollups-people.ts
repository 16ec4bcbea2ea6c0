/**
 * The roll-up functions about people (part of `ROLLUP_FUNCTIONS_SQL`, `rollups.ts`): transactions
 * per user and period, each user's first transaction, and registrations per day.
 */
export const PEOPLE_ROLLUP_SQL = `
-- dashboard_user_rollup_apply (as of 0044_dashboard_first_transactions.sql)
CREATE OR REPLACE FUNCTION dashboard_user_rollup_apply(r transactions, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d timestamp;
  m date;
  q date;
  y date;
BEGIN
  IF r.id_user IS NULL THEN
    RETURN;
  END IF;
  d := (r.created_at AT TIME ZONE dashboard_zone(r.organization_id, r.id_location))::date::timestamp;
  m := date_trunc('month', d)::date;
  q := date_trunc('quarter', d)::date;
  y := date_trunc('year', d)::date;
  IF sign > 0 THEN
    INSERT INTO dashboard_user_period AS x (organization_id, period, start, id_user, transactions)
    VALUES (r.organization_id, 'm', m, r.id_user, 1), (r.organization_id, 'q', q, r.id_user, 1),
      (r.organization_id, 'y', y, r.id_user, 1)
    ON CONFLICT (organization_id, period, start, id_user) DO UPDATE SET transactions = x.transactions + 1;
    -- the user's first transaction when none of the user's came before it
    IF NOT EXISTS (
      SELECT 1 FROM transactions p
      WHERE p.organization_id = r.organization_id AND p.id_user = r.id_user
        AND (p.created_at, p.id) < (r.created_at, r.id)
    ) THEN
      PERFORM dashboard_first_transaction_refresh(r.organization_id, r.id_user);
    END IF;
  ELSE
    -- the update locks the rows, so no other step changes them before the empty ones go
    UPDATE dashboard_user_period SET transactions = transactions - 1
    WHERE organization_id = r.organization_id AND id_user = r.id_user
      AND (period, start) IN (('m', m), ('q', q), ('y', y));
    DELETE FROM dashboard_user_period
    WHERE organization_id = r.organization_id AND id_user = r.id_user
      AND (period, start) IN (('m', m), ('q', q), ('y', y)) AND transactions <= 0;
    -- a transaction gone from its day may have been the user's first: found again from the rest
    IF EXISTS (
      SELECT 1 FROM dashboard_user_period
      WHERE organization_id = r.organization_id AND period = 'f' AND id_user = r.id_user AND start = d::date
    ) THEN
      PERFORM dashboard_first_transaction_refresh(r.organization_id, r.id_user);
    END IF;
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
-- dashboard_first_transaction_refresh (as of 0044_dashboard_first_transactions.sql)
-- Each customer's first transaction, for the dashboard's Transaction Rate (spec console §3
-- new_transaction_percentage: the share of a period's transactions that were a customer's first).
-- Kept in the per-user roll-up (dashboard_user_period) as a row of period 'f' per user: \`start\` is
-- the local day of the user's first transaction (its location's zone, else its organization's,
-- else UTC, as every roll-up), \`transactions\` 1. A range's first transactions are then read from
-- the primary key instead of checking every transaction of the range for an earlier one.
CREATE OR REPLACE FUNCTION dashboard_first_transaction_refresh(org uuid, usr uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_user_period WHERE organization_id = org AND period = 'f' AND id_user = usr;
  INSERT INTO dashboard_user_period (organization_id, period, start, id_user, transactions)
  SELECT org, 'f', (t.created_at AT TIME ZONE dashboard_zone(org, t.id_location))::date, usr, 1
  FROM transactions t
  WHERE t.organization_id = org AND t.id_user = usr
  ORDER BY t.created_at, t.id
  LIMIT 1;
END $$;
`;
