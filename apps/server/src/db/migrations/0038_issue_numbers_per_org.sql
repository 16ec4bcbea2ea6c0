CREATE TABLE "issue_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issues" ALTER COLUMN "number" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "issue_counters" ADD CONSTRAINT "issue_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issues_org_number_uq" ON "issues" USING btree ("organization_id","number");--> statement-breakpoint
ALTER TABLE "issues" ALTER COLUMN "number" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "issues_number_seq";--> statement-breakpoint
INSERT INTO "issue_counters" ("organization_id", "last")
  SELECT "organization_id", max("number") FROM "issues" GROUP BY "organization_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION issues_number_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issue_counters (organization_id, last) VALUES (NEW.organization_id, 1)
    ON CONFLICT (organization_id) DO UPDATE SET last = issue_counters.last + 1
    RETURNING last INTO NEW.number;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER issues_number_tg BEFORE INSERT ON "issues" FOR EACH ROW EXECUTE FUNCTION issues_number_fn();
