-- Webhook deliveries leave the shared pg-boss queue: the outbox itself is the queue, claimed
-- per organization in turn by a bounded pool of workers (modules/webhooks/worker.ts).
ALTER TABLE "webhook_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_messages" ALTER COLUMN "dispatches" SET DEFAULT 1;--> statement-breakpoint
-- messages handed to the old queue are due again; one never handed over counts its first dispatch
UPDATE "webhook_messages" SET "status" = 'pending', "queued_at" = coalesce("queued_at", "created_at") WHERE "status" = 'queued';--> statement-breakpoint
UPDATE "webhook_messages" SET "dispatches" = 1 WHERE "dispatches" = 0;--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP COLUMN "job_id";--> statement-breakpoint
DROP INDEX IF EXISTS "webhook_messages_pending_idx";--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" USING btree ("organization_id","next_attempt_at") WHERE "webhook_messages"."status" IN ('pending', 'sending');
