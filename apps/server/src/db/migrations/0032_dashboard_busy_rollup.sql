CREATE TABLE "dashboard_busy_daily" (
	"organization_id" uuid NOT NULL,
	"id_location" uuid NOT NULL,
	"day" date NOT NULL,
	"busy_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_busy_daily_organization_id_id_location_day_pk" PRIMARY KEY("organization_id","id_location","day")
);
--> statement-breakpoint
ALTER TABLE "dashboard_busy_daily" ADD CONSTRAINT "dashboard_busy_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
END $$;
--> statement-breakpoint
-- The organizations that exist already.
SELECT rebuild_dashboard_busy_rollup(id) FROM organizations;
