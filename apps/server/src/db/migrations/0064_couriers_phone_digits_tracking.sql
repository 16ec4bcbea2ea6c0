-- Couriers are users of the organization: a group marked `couriers` holds them, and the courier
-- code of each stays in "couriers" (its keyed hash), now keyed by the user's id.
ALTER TABLE "groups" ADD COLUMN "couriers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each organization that had couriers gets a group "Couriers" marked as its couriers.
INSERT INTO "groups" ("organization_id", "name", "couriers")
  SELECT DISTINCT "organization_id", 'Couriers', true FROM "couriers";--> statement-breakpoint
-- Each courier becomes a user with the courier's id (so their code's hash and any session on a
-- screen stay valid), the name's first word as the first name and the rest as the last name.
INSERT INTO "users" ("id", "organization_id", "name", "last_name", "created_at")
  SELECT c."id", c."organization_id", split_part(btrim(c."name"), ' ', 1),
         nullif(btrim(substr(btrim(c."name"), length(split_part(btrim(c."name"), ' ', 1)) + 1)), ''),
         c."created_at"
  FROM "couriers" c
  ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "group_users" ("organization_id", "group_id", "user_id")
  SELECT c."organization_id", g."id", c."id"
  FROM "couriers" c JOIN "groups" g ON g."organization_id" = c."organization_id" AND g."couriers"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "couriers" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_org_couriers_idx" ON "groups" USING btree ("organization_id") WHERE "couriers";--> statement-breakpoint
-- A user's phone number as its digits alone (E.164 without the plus: every write path stores
-- `+` and the digits), kept by the database on every write, so a search by a whole number reads
-- one index entry instead of every user's number.
ALTER TABLE "users" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (nullif(regexp_replace("phone_number", '\D', '', 'g'), '')) STORED;--> statement-breakpoint
CREATE INDEX "users_org_phone_digits_idx" ON "users" USING btree ("organization_id", "phone_digits") WHERE "phone_digits" IS NOT NULL;
--> statement-breakpoint
-- A delivery's tracking number: the parcel's label read (or typed) at the screen. An expected
-- parcel (a delivery reservation with that number) is matched once: a delivery carrying the
-- number takes it.
ALTER TABLE "transactions" ADD COLUMN "tracking_number" text;--> statement-breakpoint
CREATE INDEX "transactions_org_tracking_idx" ON "transactions" USING btree ("organization_id", "tracking_number") WHERE "tracking_number" IS NOT NULL;
