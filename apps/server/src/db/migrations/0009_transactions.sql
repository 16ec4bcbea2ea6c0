CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_ref" uuid,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"driver" text NOT NULL,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"id_event" uuid NOT NULL,
	"action" text NOT NULL,
	"status_before" text,
	"status_after" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"order_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_status" text NOT NULL,
	"id_user" uuid,
	"id_device" uuid,
	"device_held" boolean DEFAULT false NOT NULL,
	"id_location" uuid,
	"id_product" uuid,
	"id_price" uuid,
	"id_promo" uuid,
	"id_membership" uuid,
	"id_condition" uuid,
	"currency" text DEFAULT 'usd' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"canceled_by" text,
	"expires_at" timestamp with time zone,
	"subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_time" integer,
	"weight" numeric(12, 3),
	"refunded_amount" numeric(12, 2),
	"penalize_charge" numeric(12, 2),
	"penalize_reason" text,
	"payment_status" text DEFAULT 'none' NOT NULL,
	"payment_ref" text,
	"status_after_payment" text,
	"notification_status" text,
	"notification_date" timestamp with time zone,
	"courier_pin_code" text,
	"pickup_code" text,
	"pickup_attempts" integer DEFAULT 0 NOT NULL,
	"phone_number" text,
	"email" text,
	"signature_url" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type_ck" CHECK ("transactions"."event_type" IN ('rental', 'storage', 'delivery', 'service', 'vending')),
	CONSTRAINT "transactions_status_ck" CHECK ("transactions"."event_status" IN ('in_progress', 'awaiting_service_pickup', 'awaiting_service_dropoff', 'awaiting_user_pickup', 'awaiting_payment_confirmation', 'finished', 'canceled', 'refunded', 'expired', 'removed')),
	CONSTRAINT "transactions_payment_status_ck" CHECK ("transactions"."payment_status" IN ('none', 'pending', 'succeeded', 'failed')),
	CONSTRAINT "transactions_penalize_reason_ck" CHECK ("transactions"."penalize_reason" IS NULL OR "transactions"."penalize_reason" IN ('missing_items', 'damaged_items', 'misconduct', 'other')),
	CONSTRAINT "transactions_money_ck" CHECK ("transactions"."total" >= 0 AND "transactions"."subtotal" >= 0 AND "transactions"."discount" >= 0),
	CONSTRAINT "transactions_held_device_ck" CHECK (NOT "transactions"."device_held" OR "transactions"."id_device" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_counters" ADD CONSTRAINT "transaction_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_logs" ADD CONSTRAINT "transaction_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_logs" ADD CONSTRAINT "transaction_logs_id_event_transactions_id_fk" FOREIGN KEY ("id_event") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_product_products_id_fk" FOREIGN KEY ("id_product") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_price_prices_id_fk" FOREIGN KEY ("id_price") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_promo_promos_id_fk" FOREIGN KEY ("id_promo") REFERENCES "public"."promos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_membership_memberships_id_fk" FOREIGN KEY ("id_membership") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_id_condition_conditions_id_fk" FOREIGN KEY ("id_condition") REFERENCES "public"."conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_org_created_idx" ON "domain_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_events_subject_idx" ON "domain_events" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "transaction_logs_event_idx" ON "transaction_logs" USING btree ("organization_id","id_event","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_uq" ON "transactions" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_order_uq" ON "transactions" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_device_held_uq" ON "transactions" USING btree ("id_device") WHERE "transactions"."device_held";--> statement-breakpoint
CREATE INDEX "transactions_org_created_idx" ON "transactions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_org_status_idx" ON "transactions" USING btree ("organization_id","event_status");--> statement-breakpoint
CREATE INDEX "transactions_org_user_idx" ON "transactions" USING btree ("organization_id","id_user","created_at");--> statement-breakpoint
CREATE INDEX "transactions_org_location_idx" ON "transactions" USING btree ("organization_id","id_location");--> statement-breakpoint
CREATE INDEX "transactions_expiry_idx" ON "transactions" USING btree ("expires_at") WHERE "transactions"."event_status" = 'awaiting_user_pickup';