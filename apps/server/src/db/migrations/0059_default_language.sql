ALTER TABLE "settings" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_default_language_ck" CHECK ("settings"."default_language" IN ('en', 'es', 'de'));
