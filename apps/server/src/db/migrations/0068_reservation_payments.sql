-- The payment a reservation is booked with: a reservation widget booking of a priced window is
-- paid (sandbox or the organization's payment provider) before it holds a locker; one row per
-- verified contact code, so a retried booking pays once.
CREATE TABLE "reservation_payments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"verification_id" uuid NOT NULL,
	"id_reservation" uuid,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"tracking_number" text NOT NULL,
	"payment_method" text,
	"reference" text,
	"refund_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_payments_pkey" PRIMARY KEY("id","organization_id"),
	CONSTRAINT "reservation_payments_status_ck" CHECK ("reservation_payments"."status" IN ('pending', 'succeeded', 'failed', 'refunded')),
	CONSTRAINT "reservation_payments_source_ck" CHECK ("reservation_payments"."source" IN ('widget')),
	CONSTRAINT "reservation_payments_amount_ck" CHECK ("reservation_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_id_reservation_reservations_id_fk" FOREIGN KEY ("id_reservation") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_payments_verification_uq" ON "reservation_payments" USING btree ("organization_id","verification_id");--> statement-breakpoint
CREATE INDEX "reservation_payments_reservation_idx" ON "reservation_payments" USING btree ("organization_id","id_reservation") WHERE "reservation_payments"."id_reservation" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reservation_payments_unbooked_idx" ON "reservation_payments" USING btree ("updated_at") WHERE "reservation_payments"."booked_at" IS NULL AND "reservation_payments"."status" IN ('pending', 'succeeded');
