import { getTableColumns, type Table } from 'drizzle-orm';
import type { z } from 'zod';

/**
 * The one naming boundary between the database and the wire. Columns are camelCase properties of
 * Drizzle rows (`lockerNumber`); the partner API's names are snake_case (`locker_number`), as the
 * spec writes them. Every area maps rows to answers and requests to columns through these helpers
 * instead of writing the field list out twice — `wireOf` and `fromWire` take the list from the
 * contract's schema; only what is not a plain rename (relations, money, computed fields, a wire
 * name that is not the column's) is written by hand beside them.
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

/** A contract schema of one object, or of one object or nothing (a relation that may be absent). */
type ObjectSchema = z.ZodObject | z.ZodNullable<z.ZodObject> | z.ZodOptional<z.ZodObject>;
/** A contract schema of a request: an object, or an object whose output a transform completes. */
type RequestSchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;
type ObjectOf<S> = S extends z.ZodNullable<infer O> | z.ZodOptional<infer O> ? O : S;
/** The answer a schema describes: the object that its encoding (the serializer) accepts. */
type AnswerOf<S> = z.output<ObjectOf<S>>;
/** What the row must carry: the camelCase property of every field of the answer not given apart. */
type RowOf<W, E> = { [K in Exclude<keyof W & string, keyof E> as CamelCase<K>]: unknown };
/** Fields given apart must be fields of the answer. */
type Only<W, E> = E & { [K in Exclude<keyof E, keyof W>]: never };

/** The wire names of a schema's fields with their camelCase properties, computed once a schema. */
const fieldsOf = new WeakMap<object, readonly (readonly [string, string])[]>();
function fieldList(schema: ObjectSchema | RequestSchema): readonly (readonly [string, string])[] {
  let list = fieldsOf.get(schema);
  if (list === undefined) {
    // the object under a nullable, optional or transformed (pipe) schema
    let object: z.ZodType = schema;
    while (object.def.type !== 'object') {
      const def = object.def as { innerType?: z.ZodType; in?: z.ZodType };
      object = (def.innerType ?? def.in)!;
    }
    list = Object.keys((object as z.ZodObject).shape).map((k) => [k, camelCase(k)] as const);
    fieldsOf.set(schema, list);
  }
  return list;
}

type Mapper = (
  row: Record<string, unknown>,
  given: Record<string, unknown> | undefined,
) => Record<string, unknown>;

/**
 * One function per schema that builds its answer as one object literal (`{ id: …, locker_number: … }`)
 * with fixed property reads, written once from the schema's field names (lower-case identifiers
 * that no object inherits, checked; any other name falls back to a loop over the fields). A loop over the names with
 * computed reads and writes took 2–3 times as long for a 50-row page of transactions.
 */
const mappers = new WeakMap<object, Mapper>();
const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
function mapperOf(schema: ObjectSchema): Mapper {
  let mapper = mappers.get(schema);
  if (mapper === undefined) {
    const fields = fieldList(schema);
    const plain = ([w, c]: readonly [string, string]) =>
      IDENTIFIER.test(w) && /^[a-z][A-Za-z0-9]*$/.test(c) && !(w in Object.prototype);
    if (fields.every(plain)) {
      const body = fields.map(([w, c]) => `${w}: g !== undefined && '${w}' in g ? g.${w} : v(r.${c})`);
      mapper = new Function('v', `return function (r, g) { return { ${body.join(', ')} }; };`)(
        wireValue,
      ) as Mapper;
    } else {
      mapper = (r, g) => {
        const out: Record<string, unknown> = {};
        for (const [w, c] of fields) out[w] = g !== undefined && Object.hasOwn(g, w) ? g[w] : wireValue(r[c]);
        return out;
      };
    }
    mappers.set(schema, mapper);
  }
  return mapper;
}

/**
 * The answer a contract schema describes, read from a row: each field of the schema's shape is the
 * row's camelCase property (`locker_number` ← `row.lockerNumber`), timestamps as ISO 8601 UTC
 * text, unless `given` holds it — what is not a plain rename (money, relations, computed fields, a
 * wire name that is not the column's):
 * `wireOf(ZDevice, row, { size: sizeOf(row) })`. The fields come out in the schema's order.
 * A schema of an object or null (`ZTransaction.shape.user`) maps the object; the caller keeps the null.
 */
export function wireOf<S extends ObjectSchema, E extends Partial<AnswerOf<S>> = Record<never, never>>(
  schema: S,
  row: RowOf<AnswerOf<S>, E>,
  given?: Only<AnswerOf<S>, E>,
): AnswerOf<S> {
  return mapperOf(schema)(
    row as Record<string, unknown>,
    given as Record<string, unknown> | undefined,
  ) as AnswerOf<S>;
}

/** A request's fields under their column names, less `X`; a field the request may leave out is optional. */
type ColumnsOf<W, X> = {
  [P in keyof W as P extends X ? never : CamelCase<P & string>]: Exclude<W[P], undefined>;
};

/**
 * The column values of a request a contract schema describes: each field of the schema's shape
 * that `input` carries (not `undefined`) under its camelCase column name, less the fields `except`
 * (those the caller maps itself):
 * `fromWire(ZDeviceUpdate, body, ['size'])` → `{ lockerNumber: 3, name: 'A' }`.
 */
export function fromWire<
  S extends RequestSchema,
  I extends Partial<z.output<S>>,
  X extends keyof I & string = never,
>(schema: S, input: I, except: readonly X[] = []): ColumnsOf<I, X> {
  const from = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [w, c] of fieldList(schema)) {
    if (from[w] !== undefined && !(except as readonly string[]).includes(w)) out[c] = from[w];
  }
  return out as ColumnsOf<I, X>;
}

/**
 * Columns of a table under their wire names, in the order given (a list's sortable fields):
 * `wireColumns(users, ['last_name', 'created_at'])` → `{ last_name: users.lastName, created_at: users.createdAt }`.
 */
export function wireColumns<T extends object, K extends SnakeCase<keyof T & string>>(
  table: T,
  names: readonly K[],
): { [P in K]: T[CamelCase<P> & keyof T] } {
  const out: Record<string, unknown> = {};
  for (const n of names) out[n] = table[camelCase(n) as keyof T];
  return out as { [P in K]: T[CamelCase<P> & keyof T] };
}
