-- Per-user roll-up of the dashboard's Top Users (see src/db/schema/dashboard.ts,
-- dashboard_user_period): transactions per user and local month, quarter and year, kept by the same
-- trigger as the daily roll-up. A transaction counts on the same local day as there (its location's
-- zone, else its organization's, else UTC); one without a user is not counted.
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
  ELSE
    -- the update locks the rows, so no other step changes them before the empty ones go
    UPDATE dashboard_user_period SET transactions = transactions - 1
    WHERE organization_id = r.organization_id AND id_user = r.id_user
      AND (period, start) IN (('m', m), ('q', q), ('y', y));
    DELETE FROM dashboard_user_period
    WHERE organization_id = r.organization_id AND id_user = r.id_user
      AND (period, start) IN (('m', m), ('q', q), ('y', y)) AND transactions <= 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_rollup_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sums boolean := true;
  per_user boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    sums := (OLD.organization_id, OLD.created_at, OLD.id_location, OLD.event_type, OLD.payment_status, OLD.total,
       OLD.penalize_charge, OLD.refunded_amount, OLD.total_time)
      IS DISTINCT FROM
      (NEW.organization_id, NEW.created_at, NEW.id_location, NEW.event_type, NEW.payment_status, NEW.total,
       NEW.penalize_charge, NEW.refunded_amount, NEW.total_time);
    per_user := (OLD.organization_id, OLD.created_at, OLD.id_location, OLD.id_user)
      IS DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.id_location, NEW.id_user);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF sums THEN
      PERFORM dashboard_rollup_apply(OLD, -1);
    END IF;
    IF per_user THEN
      PERFORM dashboard_user_rollup_apply(OLD, -1);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF sums THEN
      PERFORM dashboard_rollup_apply(NEW, 1);
    END IF;
    IF per_user THEN
      PERFORM dashboard_user_rollup_apply(NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes one organization's per-user roll-up from its transactions: one pass grouping by user
-- and local month, quarters and years summed from the months.
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
END $$;
--> statement-breakpoint
-- Recomputes one organization's roll-ups (daily sums and per user) from its transactions (after a
-- time-zone change, or a bulk load made with the trigger disabled).
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
END $$;
--> statement-breakpoint
-- The organizations that exist already.
SELECT rebuild_dashboard_user_rollup(id) FROM organizations;
