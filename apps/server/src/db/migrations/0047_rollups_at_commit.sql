-- The dashboard roll-ups are kept at commit time instead of at each row change: the trigger on
-- transactions becomes a deferred constraint trigger, so the shared roll-up rows (per organization
-- and day, per location and day) are locked only while a step commits, not from its first write to
-- its end — an operator's kiosks no longer wait on each other for the length of a whole step.
-- Each queued event still carries the row versions of its own change (OLD and NEW), so the sums
-- are the same as before.
DROP TRIGGER IF EXISTS transactions_dashboard_rollup ON transactions;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transactions_dashboard_rollup
  AFTER INSERT OR UPDATE OR DELETE ON transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION dashboard_rollup_trg();
