ALTER TABLE "reservations" ADD COLUMN "widget_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "widget_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
DROP INDEX "users_org_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_uq" ON "users" USING btree ("organization_id","email_normalized") WHERE "users"."is_deleted" = false AND "users"."email_normalized" IS NOT NULL AND "users"."widget_only" = false;--> statement-breakpoint
CREATE INDEX "users_org_widget_email_idx" ON "users" USING btree ("organization_id","email_normalized") WHERE "users"."widget_only" = true;--> statement-breakpoint
CREATE INDEX "reservations_widget_open_idx" ON "reservations" USING btree ("organization_id","ends_at") WHERE "reservations"."widget_address" IS NOT NULL AND "reservations"."status" = 'active';