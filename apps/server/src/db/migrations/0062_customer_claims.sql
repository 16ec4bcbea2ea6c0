CREATE TABLE "customer_claims" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_claims_organization_id_user_id_kind_pk" PRIMARY KEY("organization_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "customer_claims" ADD CONSTRAINT "customer_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
