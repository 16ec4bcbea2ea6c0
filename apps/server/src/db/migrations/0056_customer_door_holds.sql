CREATE TABLE "customer_door_holds" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"id_device" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_door_holds_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_door_holds" ADD CONSTRAINT "customer_door_holds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_door_holds_device_uq" ON "customer_door_holds" USING btree ("organization_id","id_device");--> statement-breakpoint
CREATE INDEX "customer_door_holds_user_idx" ON "customer_door_holds" USING btree ("organization_id","user_id");
