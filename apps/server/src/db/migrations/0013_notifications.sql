CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"id_notification" uuid,
	"id_domain_event" uuid,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"invoice_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_answer" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_locations" (
	"organization_id" uuid NOT NULL,
	"id_notification" uuid NOT NULL,
	"id_location" uuid NOT NULL,
	CONSTRAINT "notification_locations_id_notification_id_location_pk" PRIMARY KEY("id_notification","id_location")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"notification_type" text NOT NULL,
	"time_amount" integer DEFAULT 0 NOT NULL,
	"time_unit" text DEFAULT 'immediately' NOT NULL,
	"before" boolean DEFAULT false NOT NULL,
	"after" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"header" text,
	"footer" text,
	"message" text,
	"message_email" text,
	"location_message" text,
	"member_message" text,
	"id_member" uuid,
	"header_image" text,
	"body_image" text,
	"footer_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_id_notification_notifications_id_fk" FOREIGN KEY ("id_notification") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_id_domain_event_domain_events_id_fk" FOREIGN KEY ("id_domain_event") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_locations" ADD CONSTRAINT "notification_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_locations" ADD CONSTRAINT "notification_locations_id_notification_notifications_id_fk" FOREIGN KEY ("id_notification") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_locations" ADD CONSTRAINT "notification_locations_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_id_member_members_id_fk" FOREIGN KEY ("id_member") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_once_uq" ON "notification_deliveries" USING btree ("id_domain_event","id_notification","channel","kind") WHERE "notification_deliveries"."id_domain_event" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("send_after") WHERE "notification_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notification_deliveries_org_notification_idx" ON "notification_deliveries" USING btree ("organization_id","id_notification","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_default_uq" ON "notifications" USING btree ("organization_id","mode","notification_type") WHERE "notifications"."is_default";--> statement-breakpoint
CREATE INDEX "notifications_org_event_idx" ON "notifications" USING btree ("organization_id","mode","notification_type");--> statement-breakpoint
CREATE INDEX "notifications_org_name_idx" ON "notifications" USING btree ("organization_id","name");