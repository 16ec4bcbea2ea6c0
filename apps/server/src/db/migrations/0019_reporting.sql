CREATE TABLE "report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"member_id" uuid,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assign_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recurrence" text NOT NULL,
	"weekday" integer,
	"month" integer,
	"when" text,
	"send_time" text NOT NULL,
	"include_sub_orgs" boolean DEFAULT false NOT NULL,
	"next_due_at" timestamp with time zone,
	"last_sent" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_weekday_ck" CHECK ("reports"."weekday" IS NULL OR "reports"."weekday" BETWEEN 0 AND 6),
	CONSTRAINT "reports_month_ck" CHECK ("reports"."month" IS NULL OR "reports"."month" BETWEEN 1 AND 12)
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_once_uq" ON "report_deliveries" USING btree ("report_id","due_at","recipient");--> statement-breakpoint
CREATE INDEX "report_deliveries_due_idx" ON "report_deliveries" USING btree ("send_after") WHERE "report_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "reports_org_name_idx" ON "reports" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "reports_due_idx" ON "reports" USING btree ("next_due_at");