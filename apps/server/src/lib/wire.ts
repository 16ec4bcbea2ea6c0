import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The one naming boundary between the database and the wire. Columns are camelCase properties of
 * Drizzle rows (`lockerNumber`); the partner API's names are snake_case (`locker_number`), as the
 * spec writes them. Every area maps rows to answers and requests to columns through these helpers
 * instead of writing the field list out twice; only what is not a plain rename (relations, money,
 * computed fields, a wire name that is not the column's) is written by hand beside them.
 */

/** `lockerNumber` → `locker_number`, at the type level. */
export type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

/** `locker_number` → `lockerNumber`, at the type level. */
export type CamelCase<S extends string> = S extends `${infer H}_${infer T}`
  ? `${H}${Capitalize<CamelCase<T>>}`
  : S;

/** A stored value as the wire carries it: timestamps as ISO 8601 text, the rest unchanged. */
type WireValue<V> = V extends Date ? string : V;

/** A row type under its wire names, timestamps as text. */
export type Wire<T> = { [K in keyof T & string as SnakeCase<K>]: WireValue<T[K]> };

/**
 * Remembers the renames: names come from the code's field lists (a few hundred), and every answer
 * renames each field of each row, so a regular expression per field per row was a measurable part
 * of a list call. Bounded, in case a caller ever passes names it did not write.
 */
function memo<S extends string, R>(f: (s: S) => R): (s: S) => R {
  const cache = new Map<S, R>();
  return (s) => {
    let r = cache.get(s);
    if (r === undefined) {
      r = f(s);
      if (cache.size < 10_000) cache.set(s, r);
    }
    return r;
  };
}

const toSnake = memo((s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
const toCamel = memo((s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()));

/** `lockerNumber` → `locker_number`. */
export const snakeCase = <S extends string>(s: S): SnakeCase<S> => toSnake(s) as SnakeCase<S>;

/** `locker_number` → `lockerNumber`. */
export const camelCase = <S extends string>(s: S): CamelCase<S> => toCamel(s) as CamelCase<S>;

const wireValue = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v);

/**
 * The fields `keys` of a row under their wire names, timestamps as ISO 8601 UTC text:
 * `wireFields(device, ['lockerNumber', 'createdAt'])` → `{ locker_number: 3, created_at: '2026-…Z' }`.
 */
export function wireFields<T extends object, K extends keyof T & string>(
  row: T,
  keys: readonly K[],
): Wire<Pick<T, K>> {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[snakeCase(k)] = wireValue(row[k]);
  return out as Wire<Pick<T, K>>;
}

/**
 * The column values of the wire fields `keys` that `input` carries (an absent or `undefined` field
 * is left out, so a partial update touches only what it names):
 * `columnsOf({ locker_number: 3 }, ['locker_number', 'name'])` → `{ lockerNumber: 3 }`.
 */
export function columnsOf<W extends object, K extends keyof W & string>(
  input: W,
  keys: readonly K[],
): { [P in K as CamelCase<P>]?: Exclude<W[P], undefined> } {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (input[k] !== undefined) out[camelCase(k)] = input[k];
  return out as { [P in K as CamelCase<P>]?: Exclude<W[P], undefined> };
}

/**
 * Every column of a Drizzle row under its database name (which is the wire name), timestamps as
 * text; generated columns (copies the database derives, such as `users.email_normalized`) are not
 * fields and are left out. For tables whose answer is the whole row.
 */
export function toWire<T extends Table>(table: T, row: T['$inferSelect']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const cols = getTableColumns(table) as Record<string, { name: string; generated?: unknown }>;
  for (const [prop, col] of Object.entries(cols)) {
    if (col.generated) continue;
    out[col.name] = wireValue((row as Record<string, unknown>)[prop]);
  }
  return out;
}

/** ISO 8601 UTC text of a timestamp, or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
