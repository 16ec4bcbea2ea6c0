CREATE TABLE "door_holds" (
	"id_device" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"token" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "door_holds" ADD CONSTRAINT "door_holds_id_device_devices_id_fk" FOREIGN KEY ("id_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_holds" ADD CONSTRAINT "door_holds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_unlocks_open_idx" ON "device_unlocks" USING btree ("requested_at") WHERE "device_unlocks"."state" in ('requested', 'sent', 'acknowledged');