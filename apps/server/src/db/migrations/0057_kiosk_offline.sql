-- A screen's outage (README: The screen at the wall): when the alert of a paired kiosk not seen
-- for longer than its organization's limit went out (cleared once it calls again), and that
-- limit per organization (null: KIOSK_OFFLINE_MINUTES of the environment).
ALTER TABLE "kiosks" ADD COLUMN IF NOT EXISTS "offline_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN IF NOT EXISTS "kiosk_offline_minutes" integer;
