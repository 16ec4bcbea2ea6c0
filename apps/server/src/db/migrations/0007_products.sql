CREATE TABLE "conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"auto_report" boolean DEFAULT false NOT NULL,
	"auto_maintenance" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"id_size" uuid,
	"one_to_one" boolean DEFAULT true NOT NULL,
	"charging_time" integer,
	"auto_repair" boolean DEFAULT false NOT NULL,
	"transaction_number" bigint,
	"total_inventory" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_groups_charging_time_ck" CHECK ("product_groups"."charging_time" IS NULL OR "product_groups"."charging_time" BETWEEN 0 AND 999999),
	CONSTRAINT "product_groups_transaction_number_ck" CHECK ("product_groups"."transaction_number" IS NULL OR "product_groups"."transaction_number" BETWEEN 0 AND 9999999999)
);
--> statement-breakpoint
CREATE TABLE "product_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	"id_product" uuid NOT NULL,
	"state" text NOT NULL,
	"id_user" uuid,
	"actor_name" text,
	"id_condition" uuid,
	"id_device" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_tracking_state_ck" CHECK ("product_tracking"."state" IN ('new', 'incoming', 'outgoing', 'maintenance'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"serial_number" text,
	"sku" text,
	"price" numeric(12, 2),
	"sales_price" numeric(12, 2),
	"msrp" numeric(12, 2),
	"description" text,
	"id_product_group" uuid,
	"id_condition" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_ck" CHECK ("products"."price" IS NULL OR "products"."price" > 0),
	CONSTRAINT "products_sales_price_ck" CHECK ("products"."sales_price" IS NULL OR "products"."sales_price" > 0),
	CONSTRAINT "products_msrp_ck" CHECK ("products"."msrp" IS NULL OR "products"."msrp" > 0)
);
--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_id_size_sizes_id_fk" FOREIGN KEY ("id_size") REFERENCES "public"."sizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_id_product_products_id_fk" FOREIGN KEY ("id_product") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_id_condition_conditions_id_fk" FOREIGN KEY ("id_condition") REFERENCES "public"."conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_id_product_group_product_groups_id_fk" FOREIGN KEY ("id_product_group") REFERENCES "public"."product_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_id_condition_conditions_id_fk" FOREIGN KEY ("id_condition") REFERENCES "public"."conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conditions_org_name_idx" ON "conditions" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "product_groups_org_name_idx" ON "product_groups" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "product_tracking_product_idx" ON "product_tracking" USING btree ("organization_id","id_product","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_serial_uq" ON "products" USING btree ("organization_id","serial_number") WHERE "products"."serial_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_org_name_idx" ON "products" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "products_org_group_idx" ON "products" USING btree ("organization_id","id_product_group");--> statement-breakpoint
CREATE INDEX "products_org_condition_idx" ON "products" USING btree ("organization_id","id_condition");