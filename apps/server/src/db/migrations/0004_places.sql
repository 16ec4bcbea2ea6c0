CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"custom_identifier" text,
	"locker_number" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"lock_status" text DEFAULT 'locked' NOT NULL,
	"hardware_type" text NOT NULL,
	"id_location" uuid NOT NULL,
	"id_size" uuid,
	"id_price" uuid,
	"id_product" uuid,
	"item" text,
	"item_description" text,
	"price_required" boolean DEFAULT false NOT NULL,
	"ada_compliance" boolean DEFAULT false NOT NULL,
	"require_image" boolean DEFAULT false NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"image" text,
	"mac_address" text,
	"integration_id" integer,
	"locker_udn" text,
	"user_code" text,
	"master_code" text,
	"gantner_id" text,
	"harbor_tower_id" text,
	"harbor_locker_id" text,
	"dclock_terminal_no" text,
	"dclock_box_no" text,
	"ip" text,
	"circuit_unit" text,
	"board_unit" text,
	"hook_port" text,
	"headboard" integer,
	"port" integer,
	"lock_status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_status_ck" CHECK ("devices"."status" IN ('available', 'reserved', 'maintenance')),
	CONSTRAINT "devices_lock_status_ck" CHECK ("devices"."lock_status" IN ('open', 'locked', 'unknown', 'offline')),
	CONSTRAINT "devices_mode_ck" CHECK ("devices"."mode" IN ('rental', 'storage', 'delivery', 'service', 'vending')),
	CONSTRAINT "devices_hardware_type_ck" CHECK ("devices"."hardware_type" IN ('linka', 'headleader', 'spintly', 'ojmar', 'gantner', 'harbor', 'dclock', 'virtual', 'kerong'))
);
--> statement-breakpoint
CREATE TABLE "location_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"id_location" uuid NOT NULL,
	"assignment_type" text NOT NULL,
	"id_user" uuid,
	"id_group" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_assignments_subject_ck" CHECK (("location_assignments"."assignment_type" = 'user' AND "location_assignments"."id_user" IS NOT NULL AND "location_assignments"."id_group" IS NULL) OR ("location_assignments"."assignment_type" = 'group' AND "location_assignments"."id_group" IS NOT NULL AND "location_assignments"."id_user" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"image" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"custom_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"contact_email" text,
	"contact_phone" text,
	"require_image" boolean DEFAULT false NOT NULL,
	"restriction_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_restriction_type_ck" CHECK ("locations"."restriction_type" IS NULL OR "locations"."restriction_type" IN ('users', 'groups'))
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_id_size_sizes_id_fk" FOREIGN KEY ("id_size") REFERENCES "public"."sizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_assignments" ADD CONSTRAINT "location_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_assignments" ADD CONSTRAINT "location_assignments_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_locker_number_uq" ON "devices" USING btree ("organization_id","id_location","locker_number");--> statement-breakpoint
CREATE INDEX "devices_org_location_idx" ON "devices" USING btree ("organization_id","id_location");--> statement-breakpoint
CREATE INDEX "devices_org_size_status_idx" ON "devices" USING btree ("organization_id","id_size","status");--> statement-breakpoint
CREATE INDEX "devices_org_product_idx" ON "devices" USING btree ("organization_id","id_product");--> statement-breakpoint
CREATE UNIQUE INDEX "location_assignments_user_uq" ON "location_assignments" USING btree ("id_location","id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "location_assignments_group_uq" ON "location_assignments" USING btree ("id_location","id_group");--> statement-breakpoint
CREATE INDEX "locations_org_name_idx" ON "locations" USING btree ("organization_id","name");