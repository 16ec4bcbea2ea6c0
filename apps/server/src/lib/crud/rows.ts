import { EXACT_COUNT_LIMIT, MSG } from '@lockerops/contract';
import {
  and,
  asc,
  Column,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  inArray,
  is,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AuthContext, TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import { HttpError, NotFound } from '../../errors';
import { toWire } from '../wire';
import { writeAudit } from './audit';
import { anyOf, likePattern, SEARCH_ID_CAP, searchIdsAll } from './paging';

import type { Resource, Row, TenantTable } from './types';

/** The queries every list area's routes share: where, order, one row, one insert. */

/** Error text of a failed CSV row: the spec message(s), never internals. */
export function rowError(err: unknown): string {
  if (err instanceof HttpError) return Array.isArray(err.detail) ? err.detail.join(', ') : err.detail;
  if (err instanceof z.ZodError) return [...new Set(err.issues.map((i) => i.message))].join(', ');
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ??
    (err as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') return 'This record already exists.';
  if (code === '23503') return 'A referenced record does not exist.';
  return MSG.somethingWentWrongFallback;
}

/**
 * Builds the WHERE of a list or export: organization, soft delete, search, area filters, ids. With
 * `searchIndexed`, the search is resolved to ids through the trigram indexes first (`searchIdsAll`,
 * deleted rows excluded). When nothing else narrows the list, `matches` is how many rows the
 * search found (the list's exact total, with no count statement); and a list in its default order
 * (`walksDefaultOrder`) stops the search past EXACT_COUNT_LIMIT rows, since its total is then an
 * estimate anyway: `manyMatches` says so, and the page walks the order's index with the search as
 * a filter instead of reading every match (a common last name matches thousands of users).
 */
export async function whereOf<TQuery extends z.ZodObject>({
  tx,
  auth,
  r,
  q,
  forList = false,
  walksDefaultOrder = false,
}: TxAuth<{
  r: Resource<unknown, z.ZodType, z.ZodType, TQuery>;
  q: { search?: string; ids?: string[] } & Record<string, unknown>;
  forList?: boolean;
  walksDefaultOrder?: boolean;
}>): Promise<{ where: SQL; matches?: number; manyMatches?: boolean }> {
  const own = eq(r.table.organizationId, auth.organizationId);
  const parts: Array<SQL | undefined> = [forList && r.alsoListed ? or(own, r.alsoListed()) : own];
  if (r.softDeleteColumn) parts.push(eq(r.softDeleteColumn, false));
  const filters = r.filters?.(q as z.output<TQuery>).filter(Boolean) ?? [];
  const narrowed = filters.length > 0 || !!q.ids?.length || (forList && !!r.alsoListed);
  const stopEarly = !narrowed && walksDefaultOrder;
  const s = q.search?.trim();
  let ids: string[] | null = null;
  let searched = false;
  if (s && s.length >= 2 && r.search.length) {
    const pattern = likePattern(s);
    if (r.searchIndexed) {
      const search = {
        table: getTableName(r.table),
        columns: r.search.map((c) => (c as Column).name),
        softDeleteColumn: r.softDeleteColumn?.name,
        cap: stopEarly ? EXACT_COUNT_LIMIT : SEARCH_ID_CAP,
      };
      [ids] = await searchIdsAll({ tx, searches: [search], pattern });
      searched = true;
    }
    parts.push(ids ? anyOf(r.table.id, ids) : or(...r.search.map((c) => ilike(sql`${c}::text`, pattern))));
  }
  parts.push(...filters);
  if (q.ids?.length) parts.push(inArray(r.table.id, q.ids));
  return {
    where: and(...parts)!,
    matches: ids && !narrowed ? ids.length : undefined,
    manyMatches: searched && !ids && stopEarly,
  };
}

export function orderOf(r: Resource<unknown, z.ZodType, z.ZodType>, sortBy?: string, order?: 'asc' | 'desc') {
  // own keys only: `sort_by=constructor` must not find Object.prototype's
  const known = !!sortBy && Object.hasOwn(r.sort, sortBy);
  const key = known ? sortBy : r.defaultSort.by;
  const dir = known ? (order ?? 'asc') : r.defaultSort.order;
  const col = r.sort[key]!;
  // keyset paging (cursor) on a NOT NULL column of the table, tie broken by id in the same direction
  const keyed = is(col, Column) && col.notNull;
  return {
    key,
    dir,
    col,
    keyed,
    /** The resource's default order, which an index leading with the organization serves. */
    isDefault: key === r.defaultSort.by && dir === r.defaultSort.order,
    orderBy: keyed
      ? [dir === 'desc' ? desc(col) : asc(col), dir === 'desc' ? desc(r.table.id) : asc(r.table.id)]
      : [dir === 'desc' ? desc(col) : asc(col), asc(r.table.id)],
  };
}

/** Finds one row of the caller's organization or throws 404 (also for another organization's id). */
export async function findOr404({
  tx,
  table,
  auth,
  id,
  what = 'Not found',
}: {
  tx: Tx;
  table: TenantTable;
  auth: AuthContext;
  id: string;
  what?: string;
}): Promise<Row> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.organizationId, auth.organizationId)));
  if (!row) throw NotFound(what);
  return row as Row;
}

/** Inserts one validated input; shared by the create call and each CSV row. */
export async function insertOne<TOut, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  r: Resource<TOut, TCreate, TUpdate>,
  tx: Tx,
  auth: AuthContext,
  input: z.output<TCreate>,
): Promise<Row> {
  const values = await r.toValues(input, { tx, auth });
  const [row] = (await tx
    .insert(r.table)
    .values({ ...values, organizationId: auth.organizationId } as never)
    .returning()) as Row[];
  await r.afterWrite?.(row!, input, { tx, auth });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: r.entity,
      entityId: row!.id,
      action: 'create',
      after: toWire(r.table, row! as never),
    },
  });
  return row!;
}

/** Locks one row of the caller's organization for update, or 404. */
export async function lockOr404({
  tx,
  table,
  auth,
  id,
}: {
  tx: Tx;
  table: TenantTable;
  auth: AuthContext;
  id: string;
}): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.organizationId, auth.organizationId)))
    .for('update')) as Row[];
  if (!row) throw NotFound();
  return row;
}

/**
 * Sets `values` (and `updatedAt`) on one row of the caller's organization under a row lock, with its
 * history entry (`entity`, action 'update', the row before and after); answers the row after. 404
 * (`NotFound`) for a missing id or another organization's.
 */
export async function updateLockedOne({
  tx,
  auth,
  table,
  entity,
  id,
  values,
}: TxAuth<{
  table: TenantTable;
  entity: string;
  id: string;
  values: Record<string, unknown>;
}>): Promise<Row> {
  const before = await lockOr404({ tx, table, auth, id });
  const [after] = (await tx
    .update(table)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(and(eq(table.id, before.id), eq(table.organizationId, auth.organizationId)))
    .returning()) as Row[];
  await writeAudit({
    tx,
    auth,
    entry: {
      entity,
      entityId: before.id,
      action: 'update',
      before: toWire(table, before as never),
      after: toWire(table, after as never),
    },
  });
  return after!;
}

/**
 * Maps a raw row of `select * from table` (database column names, driver values) to the row a
 * Drizzle select answers (camelCase properties, mapped values), for rows read through a cursor.
 */
export function rawToRow(table: TenantTable): (raw: Record<string, unknown>) => Row {
  const cols = Object.entries(getTableColumns(table) as Record<string, Column>);
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [prop, col] of cols) {
      const v = raw[col.name];
      row[prop] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
    }
    return row as Row;
  };
}

/** The property name of a column in its table (camelCase). */
export function propOf(table: TenantTable, column: Column | AnyPgColumn): string {
  const cols = getTableColumns(table) as Record<string, Column>;
  const found = Object.entries(cols).find(([, c]) => c === column);
  if (!found) throw new Error(`column not in table`);
  return found[0];
}
