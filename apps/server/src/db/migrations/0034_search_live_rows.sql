-- app_search_ids gains `deleted_col`: the name of a boolean soft-delete column whose true rows do not
-- match (users.is_deleted). The ids then are exactly the rows the list shows for the search alone,
-- so their number is the list's total without another count. The five-argument version is dropped
-- first: beside the new one, a call with five arguments would be ambiguous.
DROP FUNCTION IF EXISTS app_search_ids(regclass, text[], text, integer, boolean);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_search_ids(tbl regclass, cols text[], pattern text, cap integer,
  with_parent boolean DEFAULT false, deleted_col text DEFAULT NULL)
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
    'SELECT array_agg(id) FROM (SELECT id FROM %s WHERE (organization_id = $1 OR ($4 AND organization_id = app_shared_parent())) AND (%s) %s LIMIT $3) s',
    tbl, cond, CASE WHEN deleted_col IS NULL THEN '' ELSE format('AND NOT %I', deleted_col) END)
    INTO ids USING org, pattern, cap + 1, with_parent;
  IF coalesce(array_length(ids, 1), 0) > cap THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(ids, '{}'::uuid[]);
END
$$;
