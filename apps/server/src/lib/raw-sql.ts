import { type Column, getTableColumns, is, SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from '../db/client';

/**
 * Statements written as text for the storage life cycle's hottest writes (the door's promise, the
 * lock's answer): Drizzle's query builder spent more of the server's CPU assembling those
 * statements (about 2.5 ms a life cycle, measured with a CPU profile under `npm run bench:load`)
 * than PostgreSQL spent running them. The text is still built from the schema's tables and
 * columns (names and value encodings come from Drizzle's column objects), so a renamed column
 * still fails the type check. Everywhere else, write Drizzle's builder: these helpers are for a
 * statement a profile shows is hot.
 */

/** One statement's parameters, numbered as they are added. */
export class RawParams {
  readonly values: unknown[] = [];

  /** `$n` for `value`, passed as it is. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /**
   * `$n` for a value of `column`, encoded as Drizzle encodes it (a date as ISO text, JSON as text);
   * a Drizzle `sql` expression is written in place, its own parameters renumbered after these.
   */
  of(column: Column, value: unknown): string {
    if (is(value, SQL)) return this.fragment(value);
    return this.add(value === null || value === undefined ? null : column.mapToDriverValue(value));
  }

  /** A Drizzle `sql` expression as text, its parameters added to these. */
  private fragment(expr: SQL): string {
    const q = dialect.sqlToQuery(expr);
    const base = this.values.length;
    this.values.push(...q.params);
    return `(${q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + base}`)})`;
  }
}

const dialect = new PgDialect();

const byTable = new WeakMap<Table, Record<string, Column>>();

/** The columns of `table` by their property name (cached). */
function columnsOf(table: Table): Record<string, Column> {
  let cols = byTable.get(table);
  if (!cols) {
    cols = getTableColumns(table) as Record<string, Column>;
    byTable.set(table, cols);
  }
  return cols;
}

/**
 * `"a" = $1, "b" = $2` of an update's `set` (property names of `table`), keys whose value is
 * undefined left out, as Drizzle's `.set()` does.
 */
export function setList(p: RawParams, table: Table, set: Record<string, unknown>): string {
  const cols = columnsOf(table);
  const parts: string[] = [];
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) continue;
    const col = cols[key];
    if (!col) throw new Error(`no column ${key}`);
    parts.push(`"${col.name}" = ${p.of(col, value)}`);
  }
  return parts.join(', ');
}

/**
 * `("a", "b") values ($1, $2), ($3, $4)` of an insert's rows (property names of `table`; every row
 * has the first row's keys; columns left out take their SQL defaults).
 */
export function valuesList(p: RawParams, table: Table, rows: Record<string, unknown>[]): string {
  const cols = columnsOf(table);
  const keys = Object.keys(rows[0]!).filter((k) => rows[0]![k] !== undefined);
  const names = keys.map((k) => {
    const col = cols[k];
    if (!col) throw new Error(`no column ${k}`);
    return `"${col.name}"`;
  });
  const tuples = rows.map((row) => `(${keys.map((k) => p.of(cols[k]!, row[k])).join(', ')})`);
  return `(${names.join(', ')}) values ${tuples.join(', ')}`;
}

/**
 * Answers of these types stay text, as Drizzle's drivers leave them for its columns to decode
 * (`rowOf`): date, timestamp, timestamptz, interval and their arrays, numeric[].
 */
const AS_TEXT = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];
const asIs = (v: string) => v;
const pgTypes = {
  getTypeParser: (id: number, format?: string) =>
    AS_TEXT.includes(id) ? asIs : pg.types.getTypeParser(id, format as 'text'),
};
const pgliteParsers = Object.fromEntries(AS_TEXT.map((id) => [id, asIs]));

/**
 * A row of `table` as Drizzle's builder answers it (property names, values decoded by their
 * columns: a timestamp as a Date, JSON parsed) from a row `runRaw` read with `returning *`.
 */
export function rowOf<T>(table: Table, row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(columnsOf(table))) {
    const v = row[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T;
}

/** The connection a Drizzle transaction runs on: node-postgres's client or PGlite's transaction. */
type Connection = {
  query(text: unknown, values?: unknown[], options?: unknown): Promise<{ rows: unknown[] }>;
  release?: unknown;
};

/**
 * Runs `text` with `params` on `tx`'s own connection and answers its rows as the driver parsed
 * them (snake_case names; an int as a number, a uuid or text as a string; dates and timestamps
 * as text, for `rowOf`). On node-postgres the text goes as a query object, so a write is kept prepared
 * by its text like every other (`db/client.ts`); `name` keeps a read by key prepared too (its plan
 * does not depend on the organization's size).
 */
export async function runRaw<R>(tx: Tx, text: string, params: RawParams, name?: string): Promise<R[]> {
  const client = (tx as unknown as { session: { client: Connection } }).session.client;
  const r =
    typeof client.release === 'function'
      ? await client.query(name ? { text, name, types: pgTypes } : { text, types: pgTypes }, params.values)
      : await client.query(text, params.values, { parsers: pgliteParsers });
  return r.rows as R[];
}
