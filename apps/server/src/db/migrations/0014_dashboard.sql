CREATE TABLE "dashboard_daily" (
	"organization_id" uuid NOT NULL,
	"id_location" uuid NOT NULL,
	"day" date NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"rental" integer DEFAULT 0 NOT NULL,
	"storage" integer DEFAULT 0 NOT NULL,
	"delivery" integer DEFAULT 0 NOT NULL,
	"service" integer DEFAULT 0 NOT NULL,
	"vending" integer DEFAULT 0 NOT NULL,
	"earnings" numeric(14, 2) DEFAULT '0' NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_organization_id_id_location_day_pk" PRIMARY KEY("organization_id","id_location","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_org_daily" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"rental" integer DEFAULT 0 NOT NULL,
	"storage" integer DEFAULT 0 NOT NULL,
	"delivery" integer DEFAULT 0 NOT NULL,
	"service" integer DEFAULT 0 NOT NULL,
	"vending" integer DEFAULT 0 NOT NULL,
	"earnings" numeric(14, 2) DEFAULT '0' NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_org_daily_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "dashboard_daily" ADD CONSTRAINT "dashboard_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_org_daily" ADD CONSTRAINT "dashboard_org_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_daily_org_day_idx" ON "dashboard_daily" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "users_org_created_idx" ON "users" USING btree ("organization_id","created_at");