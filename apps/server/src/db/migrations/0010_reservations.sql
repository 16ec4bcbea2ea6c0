CREATE TABLE "reservation_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"id_reservation" uuid NOT NULL,
	"id_device" uuid NOT NULL,
	"during" "tstzrange" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"max_rental_time" integer,
	"max_rental_time_period" text,
	"max_reservation_time" integer,
	"max_reservation_time_period" text,
	"transaction_buffer_time" integer DEFAULT 0 NOT NULL,
	"transaction_buffer_time_period" text,
	"locker_buffer_time" integer DEFAULT 0 NOT NULL,
	"locker_buffer_time_period" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_settings_buffers_ck" CHECK ("reservation_settings"."transaction_buffer_time" >= 0 AND "reservation_settings"."locker_buffer_time" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"tracking_number" text,
	"id_user" uuid,
	"id_location" uuid,
	"id_device" uuid,
	"id_size" uuid,
	"id_product" uuid,
	"phone_number" text,
	"email" text,
	"sender_details" text,
	"recurring" boolean DEFAULT false NOT NULL,
	"monday" boolean DEFAULT false NOT NULL,
	"tuesday" boolean DEFAULT false NOT NULL,
	"wednesday" boolean DEFAULT false NOT NULL,
	"thursday" boolean DEFAULT false NOT NULL,
	"friday" boolean DEFAULT false NOT NULL,
	"saturday" boolean DEFAULT false NOT NULL,
	"sunday" boolean DEFAULT false NOT NULL,
	"from_time" text,
	"to_time" text,
	"start_date" date,
	"end_date" date,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_mode_ck" CHECK ("reservations"."mode" IN ('service', 'storage', 'delivery', 'rental')),
	CONSTRAINT "reservations_status_ck" CHECK ("reservations"."status" IN ('active', 'expired')),
	CONSTRAINT "reservations_range_ck" CHECK ("reservations"."ends_at" > "reservations"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "reservation_holds" ADD CONSTRAINT "reservation_holds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_holds" ADD CONSTRAINT "reservation_holds_id_reservation_reservations_id_fk" FOREIGN KEY ("id_reservation") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_holds" ADD CONSTRAINT "reservation_holds_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_id_size_sizes_id_fk" FOREIGN KEY ("id_size") REFERENCES "public"."sizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_id_product_products_id_fk" FOREIGN KEY ("id_product") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_holds_reservation_idx" ON "reservation_holds" USING btree ("id_reservation");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_delivery_tracking_uq" ON "reservations" USING btree ("organization_id","tracking_number") WHERE "reservations"."mode" = 'delivery' AND "reservations"."tracking_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reservations_org_created_idx" ON "reservations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_org_user_idx" ON "reservations" USING btree ("organization_id","id_user","status");--> statement-breakpoint
CREATE INDEX "reservations_expiry_idx" ON "reservations" USING btree ("ends_at") WHERE "reservations"."status" = 'active';