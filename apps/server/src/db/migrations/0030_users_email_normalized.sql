DROP INDEX "users_org_email_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_normalized" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_uq" ON "users" USING btree ("organization_id","email_normalized") WHERE "users"."is_deleted" = false AND "users"."email_normalized" IS NOT NULL;