CREATE TABLE "lock_vendor_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"base_url" text NOT NULL,
	"account_id" text,
	"token_url" text,
	"secret_enc" text NOT NULL,
	"secret_last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lock_vendor_accounts_vendor_ck" CHECK ("lock_vendor_accounts"."vendor" IN ('linka', 'ojmar', 'gantner', 'harbor', 'spintly', 'dclock'))
);
--> statement-breakpoint
ALTER TABLE "lock_vendor_accounts" ADD CONSTRAINT "lock_vendor_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lock_vendor_accounts_org_vendor_uq" ON "lock_vendor_accounts" USING btree ("organization_id","vendor");