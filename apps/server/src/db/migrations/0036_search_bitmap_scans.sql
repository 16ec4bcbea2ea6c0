-- app_search_ids reads its matches through the trigram indexes only (bitmap scans). With a small
-- cap (a list that stops its search past 1,000 matches) the planner otherwise prefers a sequential
-- scan that stops early, since a bitmap is built whole before the first row: for a common last name
-- among 200,000 users that scan ILIKE-tests every row until the 1,001st match (68 ms, against 9 ms
-- through the bitmap). A table whose searched columns lack a trigram index is still read, at the
-- planner's next-best cost.
ALTER FUNCTION app_search_ids(regclass, text[], text, integer, boolean, text) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION app_search_ids(regclass, text[], text, integer, boolean, text) SET enable_indexscan = off;
