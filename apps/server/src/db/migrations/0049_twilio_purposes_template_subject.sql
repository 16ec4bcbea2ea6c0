ALTER TABLE "toolbox_settings" ADD COLUMN "twilio_verification" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "toolbox_settings" ADD COLUMN "twilio_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
UPDATE "notifications" SET "subject" = "name" WHERE "subject" IS NULL;
