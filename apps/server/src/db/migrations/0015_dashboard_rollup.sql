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
-- Earnings of one transaction: its total when the payment succeeded, plus penalties, minus refunds.
CREATE OR REPLACE FUNCTION dashboard_earnings(r transactions) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN r.payment_status = 'succeeded' THEN r.total ELSE 0 END)
    + coalesce(r.penalize_charge, 0) - coalesce(r.refunded_amount, 0)
$$;
--> statement-breakpoint
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
  INSERT INTO dashboard_daily AS x
    (organization_id, id_location, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
  VALUES (r.organization_id, loc, d, sign, rl, st, dl, sv, vd, e, ts, tm)
  ON CONFLICT (organization_id, id_location, day) DO UPDATE SET
    transactions = x.transactions + excluded.transactions,
    rental = x.rental + excluded.rental, storage = x.storage + excluded.storage,
    delivery = x.delivery + excluded.delivery, service = x.service + excluded.service,
    vending = x.vending + excluded.vending, earnings = x.earnings + excluded.earnings,
    time_sum = x.time_sum + excluded.time_sum, timed = x.timed + excluded.timed;
  INSERT INTO dashboard_org_daily AS x
    (organization_id, day, transactions, rental, storage, delivery, service, vending, earnings, time_sum, timed)
  VALUES (r.organization_id, d, sign, rl, st, dl, sv, vd, e, ts, tm)
  ON CONFLICT (organization_id, day) DO UPDATE SET
    transactions = x.transactions + excluded.transactions,
    rental = x.rental + excluded.rental, storage = x.storage + excluded.storage,
    delivery = x.delivery + excluded.delivery, service = x.service + excluded.service,
    vending = x.vending + excluded.vending, earnings = x.earnings + excluded.earnings,
    time_sum = x.time_sum + excluded.time_sum, timed = x.timed + excluded.timed;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_rollup_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND
    (OLD.organization_id, OLD.created_at, OLD.id_location, OLD.event_type, OLD.payment_status, OLD.total,
     OLD.penalize_charge, OLD.refunded_amount, OLD.total_time)
    IS NOT DISTINCT FROM
    (NEW.organization_id, NEW.created_at, NEW.id_location, NEW.event_type, NEW.payment_status, NEW.total,
     NEW.penalize_charge, NEW.refunded_amount, NEW.total_time) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_rollup_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM dashboard_rollup_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_dashboard_rollup
  AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION dashboard_rollup_trg();
--> statement-breakpoint
-- Recomputes one organization's roll-up from its transactions (after a time-zone change, or a bulk
-- load made with the trigger disabled).
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
END $$;
