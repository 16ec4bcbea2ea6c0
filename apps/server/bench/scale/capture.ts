/**
 * Query log of the benchmarked server (loaded with `--import` into the server process only, never
 * by the product): while the file `${LOCKEROPS_QUERY_LOG}.on` exists, every statement node-postgres
 * sends (text, parameters and a prepared statement's name; cursors included) is appended to
 * `LOCKEROPS_QUERY_LOG` as one JSON line, so the benchmark can re-run exactly the SQL of one call
 * (statements sent outside an HTTP request, a scheduled job's, are left out). Costs one `stat`
 * per query when off.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const file = process.env.LOCKEROPS_QUERY_LOG;
if (file) {
  const flag = `${file}.on`;
  // only statements sent while answering an HTTP request: a scheduled job's (every minute) that
  // runs meanwhile is not the call's
  const inRequest = new AsyncLocalStorage<true>();
  type Emit = (this: http.Server, event: string, ...args: unknown[]) => boolean;
  const emit = http.Server.prototype.emit as Emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    return event === 'request'
      ? inRequest.run(true, () => emit.call(this, event, ...args))
      : emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function query(this: unknown, ...args: unknown[]) {
    if (inRequest.getStore() && fs.existsSync(flag)) {
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
