-- Substring search at scale (docs/benchmarks.md). Trigram indexes answer ILIKE '%…%', but row-level
-- security keeps a non-leakproof operator such as ILIKE from using an index for the request role.
-- app_search_ids runs the match as the owner, restricted to the organization of the tenant
-- transaction (app.organization_id, never an argument), and answers the matching ids, or NULL when
-- more than `cap` rows match (the caller then filters without the ids).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_search_ids(tbl regclass, cols text[], pattern text, cap integer, with_parent boolean DEFAULT false)
RETURNS uuid[] LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  org uuid := nullif(current_setting('app.organization_id', true), '')::uuid;
  cond text;
  ids uuid[];
BEGIN
  IF org IS NULL OR coalesce(array_length(cols, 1), 0) = 0 THEN
    RETURN '{}'::uuid[];
  END IF;
  SELECT string_agg(format('%I::text ILIKE $2', c), ' OR ') INTO cond FROM unnest(cols) c;
  EXECUTE format(
    'SELECT array_agg(id) FROM (SELECT id FROM %s WHERE (organization_id = $1 OR ($4 AND organization_id = app_shared_parent())) AND (%s) LIMIT $3) s',
    tbl, cond)
    INTO ids USING org, pattern, cap + 1, with_parent;
  IF coalesce(array_length(ids, 1), 0) > cap THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(ids, '{}'::uuid[]);
END
$$;
