ALTER TABLE "widget_verifications" ADD COLUMN "purpose" text DEFAULT 'widget' NOT NULL;--> statement-breakpoint
CREATE INDEX "widget_verifications_created_idx" ON "widget_verifications" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE TABLE "code_tries" (
	"organization_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"address" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "code_tries_organization_id_code_id_address_pk" PRIMARY KEY("organization_id","code_id","address")
);
--> statement-breakpoint
ALTER TABLE "code_tries" ADD CONSTRAINT "code_tries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_sessions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_sessions_user_idx" ON "customer_sessions" USING btree ("organization_id","user_id");
