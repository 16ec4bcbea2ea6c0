CREATE TABLE "door_health" (
	"organization_id" uuid NOT NULL,
	"id_device" uuid NOT NULL,
	"commanded" text DEFAULT 'locked' NOT NULL,
	"commanded_by" text,
	"commanded_at" timestamp with time zone,
	"last_unlock_id" uuid,
	"sensed" text DEFAULT 'unknown' NOT NULL,
	"sensed_at" timestamp with time zone,
	"sensed_since" timestamp with time zone,
	"online" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"misses" integer DEFAULT 0 NOT NULL,
	"successes" integer DEFAULT 0 NOT NULL,
	"battery" integer,
	"signal" integer,
	"faults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_health_organization_id_id_device_pk" PRIMARY KEY("organization_id","id_device"),
	CONSTRAINT "door_health_commanded_ck" CHECK ("door_health"."commanded" IN ('locked', 'unlocked')),
	CONSTRAINT "door_health_sensed_ck" CHECK ("door_health"."sensed" IN ('open', 'closed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "door_health_samples" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"id_device" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"commanded" text NOT NULL,
	"sensed" text NOT NULL,
	"online" boolean NOT NULL,
	"battery" integer,
	"signal" integer,
	CONSTRAINT "door_health_samples_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "device_alerts" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"id_device" uuid,
	"id_location" uuid,
	"detail" text NOT NULL,
	"id_issue" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "device_alerts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "device_alerts_kind_ck" CHECK ("device_alerts"."kind" IN ('door_left_open', 'forced_open', 'unlock_not_confirmed', 'lock_offline', 'bridge_offline', 'battery_low', 'unlock_failures')),
	CONSTRAINT "device_alerts_state_ck" CHECK ("device_alerts"."state" IN ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "fleet_health_polls" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "door_health" ADD CONSTRAINT "door_health_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_health" ADD CONSTRAINT "door_health_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_health_samples" ADD CONSTRAINT "door_health_samples_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_health_samples" ADD CONSTRAINT "door_health_samples_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alerts" ADD CONSTRAINT "device_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alerts" ADD CONSTRAINT "device_alerts_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alerts" ADD CONSTRAINT "device_alerts_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_health_polls" ADD CONSTRAINT "fleet_health_polls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_health_samples_device_idx" ON "door_health_samples" USING btree ("organization_id","id_device","at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_alerts_open_uq" ON "device_alerts" USING btree ("organization_id","subject","kind") WHERE "device_alerts"."state" = 'open';--> statement-breakpoint
CREATE INDEX "device_alerts_org_state_idx" ON "device_alerts" USING btree ("organization_id","state","opened_at");--> statement-breakpoint
CREATE INDEX "device_alerts_org_device_idx" ON "device_alerts" USING btree ("organization_id","id_device","opened_at");
