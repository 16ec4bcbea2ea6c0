-- Receipts by e-mail to Lite App customers: the e-mail address the customer proved with a sign-in
-- code (a receipt goes only to it, and only while it is still the user's e-mail), the language
-- the customer reads the app in, their switch for receipt e-mails, and when a transaction's
-- receipt was mailed (taken once, so a retried end sends one).
ALTER TABLE "users" ADD COLUMN "verified_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "app_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receipt_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_mailed_at" timestamp with time zone;
