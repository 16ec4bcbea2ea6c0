-- Report schedules become wall-clock times of the organization's zone (weekday and send_time were
-- UTC). Each report keeps its next send instant: its weekday and HH:MM are rewritten to what that
-- instant reads in the organization's zone, so nothing moves today and daylight saving keeps the
-- local time from now on.
UPDATE reports r
SET send_time = to_char(r.next_due_at AT TIME ZONE s.time_zone, 'HH24:MI'),
    weekday = CASE
      WHEN r.recurrence IN ('weekly', 'biweekly')
        THEN extract(isodow FROM r.next_due_at AT TIME ZONE s.time_zone)::int - 1
      ELSE r.weekday
    END
FROM settings s
WHERE s.organization_id = r.organization_id
  AND r.next_due_at IS NOT NULL
  AND s.time_zone <> 'UTC';
