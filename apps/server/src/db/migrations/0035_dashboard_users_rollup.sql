CREATE TABLE "dashboard_users_daily" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_users_daily_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
ALTER TABLE "dashboard_users_daily" ADD CONSTRAINT "dashboard_users_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE TRIGGER dashboard_users_rollup AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION dashboard_users_trg();
--> statement-breakpoint
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
-- The organizations that exist already.
SELECT rebuild_dashboard_users_rollup(id) FROM organizations;
