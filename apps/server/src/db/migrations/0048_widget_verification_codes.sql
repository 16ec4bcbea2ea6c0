CREATE TABLE "widget_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"contact" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"address" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_verifications" ADD CONSTRAINT "widget_verifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_verifications_contact_idx" ON "widget_verifications" USING btree ("organization_id","contact","created_at");--> statement-breakpoint
CREATE INDEX "widget_verifications_address_idx" ON "widget_verifications" USING btree ("organization_id","address","created_at");
