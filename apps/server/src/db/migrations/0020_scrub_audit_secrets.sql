-- Audit entries never keep secret values (lock codes, PINs, access and pickup codes, reset codes,
-- tokens, secrets, keys): entries written before are rewritten to keep only the fact of a change.
-- Same field pattern as SECRET_FIELD in src/lib/crud/audit.ts.
UPDATE "audit_log" AS a
SET "changes" = (
  SELECT jsonb_object_agg(
    e.key,
    CASE
      WHEN e.key ~ '^(pin|pin_code|user_code|master_code|access_code|pickup_code|reset_code|code_hash|secret|token|api_key|key_hash|key)$|_(pin|pin_code|token|secret|password|key)$'
        AND jsonb_typeof(e.value) = 'object'
      THEN jsonb_build_object(
        'before', CASE WHEN coalesce(e.value -> 'before', 'null'::jsonb) = 'null'::jsonb THEN 'null'::jsonb ELSE '"changed"'::jsonb END,
        'after', CASE WHEN coalesce(e.value -> 'after', 'null'::jsonb) = 'null'::jsonb THEN 'null'::jsonb ELSE '"changed"'::jsonb END
      )
      ELSE e.value
    END
  )
  FROM jsonb_each(a."changes") AS e
)
WHERE jsonb_typeof(a."changes") = 'object'
  AND EXISTS (
    SELECT 1 FROM jsonb_object_keys(a."changes") AS k
    WHERE k ~ '^(pin|pin_code|user_code|master_code|access_code|pickup_code|reset_code|code_hash|secret|token|api_key|key_hash|key)$|_(pin|pin_code|token|secret|password|key)$'
  );
