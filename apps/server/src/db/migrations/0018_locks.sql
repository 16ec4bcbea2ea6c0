CREATE TABLE "device_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"id_device" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"reason" text NOT NULL,
	"detail" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"jammed_at" timestamp with time zone,
	"offline_at" timestamp with time zone,
	CONSTRAINT "device_unlocks_state_ck" CHECK ("device_unlocks"."state" IN ('requested', 'sent', 'acknowledged', 'opened', 'jammed', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "location_lock_settings" (
	"id_location" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"bridge_host" text,
	"bridge_port" integer,
	"virtual_latency_ms" integer DEFAULT 0 NOT NULL,
	"virtual_jam_rate" double precision DEFAULT 0 NOT NULL,
	"virtual_offline_rate" double precision DEFAULT 0 NOT NULL,
	"jam_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_lock_settings_rates_ck" CHECK ("location_lock_settings"."virtual_jam_rate" BETWEEN 0 AND 1 AND "location_lock_settings"."virtual_offline_rate" BETWEEN 0 AND 1)
);
--> statement-breakpoint
ALTER TABLE "device_unlocks" ADD CONSTRAINT "device_unlocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_unlocks" ADD CONSTRAINT "device_unlocks_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_lock_settings" ADD CONSTRAINT "location_lock_settings_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_lock_settings" ADD CONSTRAINT "location_lock_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_unlocks_device_idx" ON "device_unlocks" USING btree ("organization_id","id_device","requested_at");--> statement-breakpoint
CREATE INDEX "device_unlocks_jams_idx" ON "device_unlocks" USING btree ("id_device","requested_at") WHERE "device_unlocks"."state" = 'jammed';