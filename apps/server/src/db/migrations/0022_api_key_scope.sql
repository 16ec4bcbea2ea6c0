ALTER TABLE "api_keys" ADD COLUMN "prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scope" text DEFAULT 'partner' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- Keys made before: key_hash already holds their SHA-256; keep their first characters, then the
-- clear key column is dropped (next migration).
UPDATE "api_keys" SET "prefix" = left("key", 7);
