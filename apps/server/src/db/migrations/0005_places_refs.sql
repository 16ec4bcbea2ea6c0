ALTER TABLE "location_assignments" DROP CONSTRAINT "location_assignments_subject_ck";--> statement-breakpoint
DROP INDEX "location_assignments_group_uq";--> statement-breakpoint
ALTER TABLE "location_assignments" ALTER COLUMN "id_user" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_id_price_prices_id_fk" FOREIGN KEY ("id_price") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_assignments" ADD CONSTRAINT "location_assignments_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_assignments_user_idx" ON "location_assignments" USING btree ("id_user");--> statement-breakpoint
ALTER TABLE "location_assignments" DROP COLUMN "assignment_type";--> statement-breakpoint
ALTER TABLE "location_assignments" DROP COLUMN "id_group";