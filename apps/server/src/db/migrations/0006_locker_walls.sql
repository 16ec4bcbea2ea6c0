CREATE TABLE "membership_locations" (
	"organization_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "membership_locations_membership_id_location_id_pk" PRIMARY KEY("membership_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "membership_users" (
	"organization_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"used_transactions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_users_membership_id_user_id_pk" PRIMARY KEY("membership_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"billing_type" text NOT NULL,
	"billing_period" text,
	"number_of_payments" integer,
	"membership_type" text NOT NULL,
	"value" numeric(12, 2),
	"stripe_product_id" text,
	"stripe_price_id" text,
	"card_on_file" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_billing_type_ck" CHECK ("memberships"."billing_type" IN ('one_time', 'recurring')),
	CONSTRAINT "memberships_type_ck" CHECK ("memberships"."membership_type" IN ('unlimited', 'limited', 'fixed', 'percentage'))
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_discount_type_ck" CHECK ("promos"."discount_type" IN ('fixed', 'percentage')),
	CONSTRAINT "promos_period_ck" CHECK ("promos"."end_time" >= "promos"."start_time"),
	CONSTRAINT "promos_amount_ck" CHECK ("promos"."amount" > 0 AND ("promos"."discount_type" <> 'percentage' OR "promos"."amount" BETWEEN 1 AND 100))
);
--> statement-breakpoint
CREATE TABLE "locker_wall_doors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"id_locker_wall" uuid NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"kiosk" boolean DEFAULT false NOT NULL,
	"id_device" uuid,
	CONSTRAINT "locker_wall_doors_kiosk_empty_ck" CHECK (NOT ("locker_wall_doors"."kiosk" AND "locker_wall_doors"."id_device" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "locker_walls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"id_location" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"custom_id" text,
	"image" text,
	"qty_tall" integer NOT NULL,
	"qty_wide" integer NOT NULL,
	"is_kiosk" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locker_walls_qty_tall_ck" CHECK ("locker_walls"."qty_tall" BETWEEN 1 AND 50),
	CONSTRAINT "locker_walls_qty_wide_ck" CHECK ("locker_walls"."qty_wide" BETWEEN 1 AND 50)
);
--> statement-breakpoint
ALTER TABLE "membership_locations" ADD CONSTRAINT "membership_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_locations" ADD CONSTRAINT "membership_locations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_locations" ADD CONSTRAINT "membership_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_users" ADD CONSTRAINT "membership_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_users" ADD CONSTRAINT "membership_users_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_users" ADD CONSTRAINT "membership_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_wall_doors" ADD CONSTRAINT "locker_wall_doors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_wall_doors" ADD CONSTRAINT "locker_wall_doors_id_locker_wall_locker_walls_id_fk" FOREIGN KEY ("id_locker_wall") REFERENCES "public"."locker_walls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_wall_doors" ADD CONSTRAINT "locker_wall_doors_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_walls" ADD CONSTRAINT "locker_walls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_walls" ADD CONSTRAINT "locker_walls_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_users_user_idx" ON "membership_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "memberships_org_name_idx" ON "memberships" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_org_code_uq" ON "promos" USING btree ("organization_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "locker_wall_doors_position_uq" ON "locker_wall_doors" USING btree ("id_locker_wall","x","y");--> statement-breakpoint
CREATE UNIQUE INDEX "locker_wall_doors_device_uq" ON "locker_wall_doors" USING btree ("id_device");--> statement-breakpoint
CREATE UNIQUE INDEX "locker_wall_doors_kiosk_uq" ON "locker_wall_doors" USING btree ("id_locker_wall") WHERE "locker_wall_doors"."kiosk";--> statement-breakpoint
CREATE INDEX "locker_wall_doors_org_idx" ON "locker_wall_doors" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "locker_walls_org_location_idx" ON "locker_walls" USING btree ("organization_id","id_location");