-- Two holds of one device may not overlap (buffers are part of each hold's range). Drizzle cannot
-- declare an exclusion constraint, hence this hand-written migration. btree_gist gives gist the
-- equality operators for the uuid columns; PGlite loads the extension when the database opens.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservation_holds" ADD CONSTRAINT "reservation_holds_no_overlap" EXCLUDE USING gist ("organization_id" WITH =, "id_device" WITH =, "during" WITH &&);
