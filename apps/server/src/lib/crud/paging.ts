import { EXACT_COUNT_LIMIT, MAX_OFFSET } from '@lockerops/contract';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BadRequest } from '../../errors';

/** Message of a `page` deeper than MAX_OFFSET rows without a cursor. */
export const PAGE_TOO_DEEP = `Pages deeper than ${MAX_OFFSET.toLocaleString('en-US')} rows are reached with next_cursor.`;
/** Message of a cursor that is malformed or made for another sort. */
export const INVALID_CURSOR = 'Invalid cursor.';

/** Rows of a raw statement, whichever driver answers it. */
export async function rawRows<T>({ tx, query }: { tx: Tx; query: SQL }): Promise<T[]> {
  const r = (await tx.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(r) ? r : r.rows;
}

interface PlanNode {
  'Node Type'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/** The top node of an `EXPLAIN (FORMAT JSON)` answer. */
function planOf(rows: Array<Record<string, unknown>>): PlanNode | undefined {
  const cell = Object.values(rows[0] ?? {})[0];
  const doc = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  return doc?.[0]?.Plan;
}

/** The planner's row estimate of the top node of an `EXPLAIN (FORMAT JSON)` answer. */
const planRows = (rows: Array<Record<string, unknown>>): number => Number(planOf(rows)?.['Plan Rows'] ?? 0);

/** Most ids of one list an estimate carries (see `estimateBranches`). */
export const ESTIMATE_SAMPLE = 100;

/**
 * Every `ceil(n / ESTIMATE_SAMPLE)`-th id of `ids`, and the factor that scales an estimate over
 * the sample back to all of them.
 */
export function sampleIds(ids: readonly string[]): { ids: string[]; scale: number } {
  if (ids.length <= ESTIMATE_SAMPLE) return { ids: [...ids], scale: 1 };
  const step = Math.ceil(ids.length / ESTIMATE_SAMPLE);
  const sample = ids.filter((_, i) => i % step === 0);
  return { ids: sample, scale: ids.length / sample.length };
}

/**
 * The planner's estimate of the rows of a condition that is an OR of branches (`rows`: one
 * `select 1 …` per branch), each scaled by its factor and added up (branches that overlap are
 * counted twice, which an estimate may). For a search over thousands of ids: the planner weighs
 * each id alike, so an estimate over a sample of them, scaled, is the estimate over all of them,
 * without EXPLAIN printing every id back (5,000 ids: 8 ms of a 9 ms EXPLAIN).
 */
export async function estimateBranches({
  tx,
  branches,
}: {
  tx: Tx;
  branches: ReadonlyArray<{ rows: SQL; scale: number }>;
}): Promise<number> {
  const plan = planOf(
    await rawRows<Record<string, unknown>>({
      tx,
      query: sql`explain (format json) ${sql.join(
        branches.map((b) => b.rows),
        sql` union all `,
      )}`,
    }),
  );
  const top = Number(plan?.['Plan Rows'] ?? 0);
  // the branches' Append, under a Gather when the plan is parallel (whose children estimate one
  // worker's share: the top node's rows are the total, the branches only split it)
  let node = plan;
  while (node && node['Node Type'] !== 'Append' && node.Plans?.length === 1) node = node.Plans[0];
  const rows =
    node?.['Node Type'] === 'Append' ? (node.Plans ?? []).map((p) => Number(p['Plan Rows'] ?? 0)) : [];
  const sum = rows.reduce((a, b) => a + b, 0);
  if (rows.length !== branches.length || !sum) return top * Math.max(...branches.map((b) => b.scale));
  return rows.reduce((acc, r, i) => acc + ((top * r) / sum) * branches[i]!.scale, 0);
}

/**
 * The `total` of a list whose rows are `select 1 …` (`rows`: a query selecting the matching rows,
 * without order or limit). Counts exactly up to EXACT_COUNT_LIMIT rows (a count that stops there,
 * cheap on the list's index); above it answers the planner's estimate (never below the limit + 1)
 * with `estimated: true`, so no call counts millions of rows. `estimate`, when given, answers that
 * estimate instead of an EXPLAIN of `rows` (a search over thousands of ids: `estimateBranches`).
 */
export async function countTotal({
  tx,
  rows,
  estimate,
}: {
  tx: Tx;
  rows: SQL;
  estimate?: () => Promise<number>;
}): Promise<{ total: number; estimated: boolean }> {
  const [r] = await rawRows<{ n: number }>({
    tx,
    query: sql`select count(*)::int as n from (${rows} limit ${EXACT_COUNT_LIMIT + 1}) capped`,
  });
  const n = Number(r?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
  if (estimate) return { total: Math.max(n, Math.round(await estimate())), estimated: true };
  return estimateTotal({ tx, rows, atLeast: n });
}

/**
 * The planner's estimate of how many rows `rows` selects (never below `atLeast`), as the `total`
 * of a list known to hold more than EXACT_COUNT_LIMIT rows; one EXPLAIN, no row is read.
 */
export async function estimateTotal({
  tx,
  rows,
  atLeast,
}: {
  tx: Tx;
  rows: SQL;
  atLeast: number;
}): Promise<{ total: number; estimated: true }> {
  const plan = await rawRows<Record<string, unknown>>({ tx, query: sql`explain (format json) ${rows}` });
  return { total: Math.max(atLeast, Math.round(planRows(plan))), estimated: true };
}

/** A decoded cursor: the sort it was made for, and the last row's sort value (as text) and id. */
export interface Cursor {
  sort: string;
  order: 'asc' | 'desc';
  value: string;
  id: string;
}

/** The opaque `next_cursor` after a row whose sort value (as text) and id are given. */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.order, c.value, c.id])).toString('base64url');
}

/** Decodes `cursor` for the sort in effect; 400 when it is malformed or was made for another sort. */
export function decodeCursor(cursor: string, sort: string, order: 'asc' | 'desc'): Cursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw BadRequest(INVALID_CURSOR);
  }
  const [s, o, value, id] = (Array.isArray(parts) ? parts : []) as unknown[];
  if (
    s !== sort ||
    o !== order ||
    typeof value !== 'string' ||
    typeof id !== 'string' ||
    !/^[0-9a-f-]{36}$/i.test(id)
  )
    throw BadRequest(INVALID_CURSOR);
  return { sort, order, value, id };
}

/**
 * Keyset paging on (`col`, `id`), both in the direction of the sort: the ORDER BY, the condition
 * that starts after `cursor` (a row comparison the list's composite index answers), and the
 * expression whose text value the next cursor carries. `col` must be NOT NULL.
 */
export function keyset(col: AnyColumn | SQL, id: AnyColumn, order: 'asc' | 'desc', cursor?: Cursor) {
  const dir = order === 'desc' ? desc : asc;
  return {
    orderBy: [dir(col), dir(id)],
    after: cursor
      ? order === 'desc'
        ? sql`(${col}, ${id}) < (${cursor.value}, ${cursor.id})`
        : sql`(${col}, ${id}) > (${cursor.value}, ${cursor.id})`
      : undefined,
    text: sql<string>`(${col})::text`,
  };
}

/**
 * The offset of a `page` without a cursor; 400 beyond MAX_OFFSET rows (deeper pages follow
 * next_cursor). With a cursor the position comes from it and the offset is 0.
 */
export function offsetOf(page: number, size: number, cursor?: string): number {
  if (cursor) return 0;
  const offset = (page - 1) * size;
  if (offset > MAX_OFFSET) throw BadRequest(PAGE_TOO_DEEP);
  return offset;
}

/** Most ids a substring search hands to the list query; above it the list filters without them. */
export const SEARCH_ID_CAP = 5000;

/** `term` with the ILIKE wildcards (`%`, `_`) and the escape character (`\\`) escaped. */
const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE, with the wildcards of the term escaped. */
export const likePattern = (term: string): string => `%${escapeLike(term)}%`;

/** The offset of the 1-based `page` of `size` rows, for lists that page by offset only. */
export const pageOffset = (page: number, size: number): number => (page - 1) * size;

/**
 * The house's list answer `{ items, total, pages, page, page_size }` (`pages` = ⌈total / size⌉;
 * `size` is the page size in effect, after any cap).
 */
export function pageOf<T>(items: T[], total: number, page: number, size: number) {
  return { items, total, pages: Math.ceil(total / size), page, page_size: size };
}

/**
 * One search of `searchIdsAll`: a table, its searched columns (database names), whether a
 * super-tenant parent's rows count, the table's soft-delete column (its deleted rows do not
 * match), and the most ids wanted (SEARCH_ID_CAP unless given; past it the search stops).
 */
export interface IdSearch {
  table: string;
  columns: readonly string[];
  withParent?: boolean;
  softDeleteColumn?: string;
  cap?: number;
}

const columnNames = (cols: readonly string[]) =>
  sql.raw(`array[${cols.map((c) => `'${c.replace(/[^a-z_]/g, '')}'`).join(', ')}]::text[]`);

/**
 * Ids of the tenant's rows of each search's table whose columns contain `pattern` (ILIKE), through
 * `app_search_ids` so the trigram indexes serve it under row-level security; every search in one
 * statement (one round trip). Each answer is null when more rows match than its cap.
 */
export async function searchIdsAll<const T extends readonly IdSearch[]>({
  tx,
  searches,
  pattern,
}: {
  tx: Tx;
  searches: T;
  pattern: string;
}): Promise<{ -readonly [K in keyof T]: string[] | null }> {
  // each function runs once, as a FROM item of one row (its column is named after its alias)
  const from = searches.map(
    (x, i) =>
      sql`app_search_ids(${x.table}::regclass, ${columnNames(x.columns)}, ${pattern}, ${x.cap ?? SEARCH_ID_CAP}, ${x.withParent ?? false}, ${x.softDeleteColumn ?? null}::text) ${sql.raw(`s${i}`)}`,
  );
  const cols = searches.map((_, i) =>
    sql.raw(`s${i} is null as o${i}, array_to_string(s${i}, ',') as t${i}`),
  );
  const [r] = await rawRows<Record<string, string | boolean | null>>({
    tx,
    query: sql`select ${sql.join(cols, sql`, `)} from ${sql.join(from, sql`, `)}`,
  });
  return searches.map((_, i) => {
    if (!r || r[`o${i}`]) return null;
    const ids = r[`t${i}`] as string | null;
    return ids ? ids.split(',') : [];
  }) as { -readonly [K in keyof T]: string[] | null };
}

/** `col = any(ids)` with the ids as one array parameter (thousands of ids stay one parameter). */
export const anyOf = (col: AnyColumn, ids: readonly string[]) =>
  sql`${col} = any(${`{${ids.join(',')}}`}::uuid[])`;
