-- The trigram indexes of the searches (app_search_ids) keep a short pending list. A GIN index adds
-- new rows to an unsorted pending list (up to gin_pending_list_limit, 4 MB by default) that every
-- search reads whole until a vacuum merges it: 20,000 users just added made a search of one name
-- read 20,000 pending entries (10.4 ms; 0.06 ms once merged), and a busy table's list is seldom
-- empty. At 64 kB (the least) the list is merged by the insert that fills it, a few hundred rows
-- at a time, so a search reads at most that many.
DO $$
DECLARE ix regclass;
BEGIN
  FOR ix IN
    SELECT c.oid::regclass FROM pg_class c
      JOIN pg_am am ON am.oid = c.relam
      JOIN pg_index i ON i.indexrelid = c.oid
    WHERE am.amname = 'gin' AND c.relnamespace = current_schema()::regnamespace
      AND pg_get_indexdef(c.oid) LIKE '%gin_trgm_ops%'
  LOOP
    EXECUTE format('ALTER INDEX %s SET (gin_pending_list_limit = 64)', ix);
  END LOOP;
END $$;
