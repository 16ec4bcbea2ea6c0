import { type Column, getTableColumns, type Table } from 'drizzle-orm';
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

  /** `$n` for a value of `column`, encoded as Drizzle encodes it (a date as ISO text, JSON as text). */
  of(column: Column, value: unknown): string {
    return this.add(value === null || value === undefined ? null : column.mapToDriverValue(value));
  }
}

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

/** The quoted SQL name of `table`'s column whose property is `key` (throws on an unknown key). */
export function columnName(table: Table, key: string): string {
  const col = columnsOf(table)[key];
  if (!col) throw new Error(`no column ${key}`);
  return `"${col.name}"`;
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

/** The connection a Drizzle transaction runs on: node-postgres's client or PGlite's transaction. */
type Connection = {
  query(text: unknown, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release?: unknown;
};

/**
 * Runs `text` with `params` on `tx`'s own connection and answers its rows as the driver parsed
 * them (snake_case names; an int as a number, a uuid or text as a string, a timestamp as the
 * driver gives it). On node-postgres the text goes as a query object, so a write is kept prepared
 * by its text like every other (`db/client.ts`); `name` keeps a read by key prepared too (its plan
 * does not depend on the organization's size).
 */
export async function runRaw<R>(tx: Tx, text: string, params: RawParams, name?: string): Promise<R[]> {
  const client = (tx as unknown as { session: { client: Connection } }).session.client;
  const r =
    typeof client.release === 'function'
      ? await client.query(name ? { text, name } : { text }, params.values)
      : await client.query(text, params.values);
  return r.rows as R[];
}
