import type { Tx } from '../db/client';

/** What Drizzle's `.prepare(name)` answers: a statement run with its placeholders' values. */
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** A transaction's session as Drizzle keeps it: its driver's class and the connection it runs on. */
type Session = { client: unknown; constructor: unknown };

/**
 * A named prepared statement that Drizzle builds once, then runs on each caller's transaction:
 * `build` (a query with `sql.placeholder(…)` for every value, ending in `.prepare(name)`) is
 * called with the first transaction of each driver (node-postgres, PGlite), and each call points
 * the statement at its own transaction's connection before it runs. The query builder, its SQL
 * text and the statement's configuration are not made again on every call (the hot path's
 * statements: the door's and the transaction's locks, the answer's read); PostgreSQL parses the
 * named statement once per connection as before. Answers what `execute` answers (the rows).
 *
 * Drizzle reads the statement's connection (`client`) synchronously when `execute` starts, so
 * concurrent calls on different connections do not mix.
 */
export function preparedOnce<V extends Record<string, unknown>, R>(
  build: (tx: Tx) => Prepared<R>,
): (tx: Tx, values: V) => Promise<R> {
  const byDriver = new Map<unknown, Prepared<R> & { client?: unknown }>();
  return (tx, values) => {
    const session = (tx as unknown as { session: Session }).session;
    let q = byDriver.get(session.constructor);
    if (!q) {
      q = build(tx);
      byDriver.set(session.constructor, q);
    }
    q.client = session.client;
    return q.execute(values);
  };
}
