CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" bigserial NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_event" uuid,
	"invoice_id" text,
	"id_location" uuid,
	"id_user" uuid,
	"reporter_name" text,
	"reporter_email" text,
	"reporter_phone" text,
	"team_member_id" uuid,
	"source" text DEFAULT 'console' NOT NULL,
	"id_condition" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issues_description_ck" CHECK (char_length("issues"."description") <= 200)
);
--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_id_event_transactions_id_fk" FOREIGN KEY ("id_event") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_id_location_locations_id_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_team_member_id_members_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_id_condition_conditions_id_fk" FOREIGN KEY ("id_condition") REFERENCES "public"."conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_org_created_idx" ON "issues" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "issues_org_event_idx" ON "issues" USING btree ("organization_id","id_event");--> statement-breakpoint
CREATE INDEX "issues_org_location_idx" ON "issues" USING btree ("organization_id","id_location","created_at");