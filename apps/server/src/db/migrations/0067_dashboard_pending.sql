-- The dashboard roll-ups are folded off the request path: at commit, a step's change to a
-- transaction is only noted here (a row per changed transaction, with the figures it had before
-- its first change since the last fold); the fold (`dashboard_fold`, run every second and before
-- each dashboard read) turns the noted rows into a few grouped writes of the roll-ups. The roll-up
-- rows (one per organization and day) are then written by one fold a second instead of by every
-- commit, which both saves the work and stops an organization's commits from queueing on its day row.
CREATE TABLE "dashboard_pending" (
	"organization_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"o" jsonb,
	CONSTRAINT "dashboard_pending_organization_id_transaction_id_pk" PRIMARY KEY("organization_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_pending" ADD CONSTRAINT "dashboard_pending_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
