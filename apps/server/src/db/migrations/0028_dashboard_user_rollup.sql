CREATE TABLE "dashboard_user_period" (
	"organization_id" uuid NOT NULL,
	"period" char(1) NOT NULL,
	"start" date NOT NULL,
	"id_user" uuid NOT NULL,
	"transactions" integer NOT NULL,
	CONSTRAINT "dashboard_user_period_organization_id_period_start_id_user_pk" PRIMARY KEY("organization_id","period","start","id_user")
);
--> statement-breakpoint
ALTER TABLE "dashboard_user_period" ADD CONSTRAINT "dashboard_user_period_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_user_period_top_idx" ON "dashboard_user_period" USING btree ("organization_id","period","start","transactions" DESC NULLS LAST,"id_user");