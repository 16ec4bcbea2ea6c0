/**
 * Query log of the benchmarked server (loaded with `--import` into the server process only, never
 * by the product): while the file `${LOCKEROPS_QUERY_LOG}.on` exists, every statement node-postgres
 * sends (text, parameters and a prepared statement's name; cursors included) is appended to
 * `LOCKEROPS_QUERY_LOG` as one JSON line, so the benchmark can re-run exactly the SQL of one call.
 * Costs one `stat` per query when off.
 */
import fs from 'node:fs';
import pg from 'pg';

const file = process.env.LOCKEROPS_QUERY_LOG;
if (file) {
  const flag = `${file}.on`;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function query(this: unknown, ...args: unknown[]) {
    if (fs.existsSync(flag)) {
      const [first, second] = args as [unknown, unknown];
      const text =
        typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? undefined);
      const values = Array.isArray(second)
        ? second
        : ((first as { values?: unknown[] } | null)?.values ?? undefined);
      // a named (prepared) statement is replayed under its name, so its plan is reused there too
      const name = typeof first === 'object' ? (first as { name?: string } | null)?.name : undefined;
      if (text && !text.includes('pgboss')) {
        fs.appendFileSync(file, `${JSON.stringify({ name, text, values: values ?? [] })}\n`);
      }
    }
    return original.apply(this, args);
  };
}
