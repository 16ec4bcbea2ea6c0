import {
  ADMINS,
  CSV_MESSAGES,
  EVERYONE,
  EXACT_COUNT_LIMIT,
  idsOf,
  type ListAreaEndpoints,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  MSG,
  STAFF,
  type TBulkUploadRow,
  type TRole,
  type ZIdsRequest,
} from '@lockerops/contract';
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { BadRequest, HttpError, NotFound } from '../../errors';
import { MULTIPART, type UploadedFile, zField, zFile } from '../multipart';
import { errors, routeOf } from '../openapi';
import { toWire } from '../wire';
import { writeAudit, writeAudits } from './audit';
import { csvStream, parseCsv } from './csv';
import {
  anyOf,
  countTotal,
  decodeCursor,
  encodeCursor,
  estimateTotal,
  INVALID_CURSOR,
  keyset,
  likePattern,
  offsetOf,
  pageOf,
  SEARCH_ID_CAP,
  searchIdsAll,
} from './paging';
import { snapshotBatches } from './snapshot';

/** A tenant table: an `id` and an `organization_id` column at least. */
export type TenantTable = PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn };
type Row = Record<string, unknown> & { id: string };

/** What a write hook knows: the transaction, the caller, and the row being replaced on update. */
export interface WriteContext {
  tx: Tx;
  auth: AuthContext;
  existing?: Row;
}

/**
 * The description of one list area; `crudRoutes` turns it into the area's calls (spec: operational §2
 * common list behaviour, §7, CSV bulk upload and export). An area describes its table, wire shape,
 * rules and CSV headers; paging, search, sorting, bulk delete, per-row CSV results, streamed export
 * and the audit log come from here.
 */
export interface Resource<
  TOut,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
  TQuery extends z.ZodObject = z.ZodObject,
> {
  /** Audit entity and history key, e.g. 'size'. */
  entity: string;
  /** URL segment, e.g. 'sizes'. */
  path: string;
  /** The area's calls in the endpoint map (`endpoints.<area>`): their paths and schemas. */
  api: ListAreaEndpoints;
  /** Export file model: `{model}_export.csv`. */
  model: string;
  tag: string;
  table: TenantTable;
  item: z.ZodType<TOut>;
  create: TCreate;
  update: TUpdate;
  /** Area filters beyond page/size/search/sort. */
  query?: TQuery;
  filters?: (q: z.output<TQuery>) => Array<SQL | undefined>;
  /** Columns searched case-insensitively. */
  search: AnyPgColumn[];
  /**
   * Every `search` column has a trigram index: the search resolves ids through them
   * (`searchIdsAll`) instead of filtering each row.
   */
  searchIndexed?: boolean;
  /** Sortable fields by wire name. */
  sort: Record<string, AnyPgColumn | SQL>;
  defaultSort: { by: string; order: 'asc' | 'desc' };
  /** Wire shape of a batch of rows (one query for counts and joins, not one per row). */
  toWire(rows: Row[], tx: Tx): Promise<TOut[]>;
  /** Column values of a create (no `existing`) or an update; enforces the rules (throw BadRequest/Conflict). */
  toValues(
    input: z.output<TCreate> | z.output<TUpdate>,
    ctx: WriteContext,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * The set-based form of `toValues` for a CSV upload's creates: for the valid rows of a file, in
   * order, what `toValues` would answer row by row with every earlier good row already written —
   * the values, or the error it would throw (returned, not thrown) — in a few statements instead
   * of several per row. With it (and no `afterWrite`), an upload inserts its good rows in one
   * statement and their audit entries in one more; if that insert still fails (a concurrent write
   * took a unique value), the file is redone row by row.
   */
  bulkValues?(
    inputs: z.output<TCreate>[],
    ctx: WriteContext,
  ): Promise<Array<Record<string, unknown> | Error>>;
  /** Runs after an insert or update, in the same transaction (side tables, links). */
  afterWrite?(row: Row, input: z.output<TCreate> | z.output<TUpdate>, ctx: WriteContext): Promise<void>;
  /**
   * Runs after an insert or update has committed, with no transaction open, for what must reach
   * an outside system (a plan at the payment provider): it calls out, then records what came back
   * in its own short transaction through `ctx.run`, and answers the row as it now stands
   * (`existing`: the row before an update)
   * (ARCHITECTURE: Nothing outside is called inside a transaction). A failure leaves the write
   * committed and answers its error.
   */
  afterCommit?(
    row: Row,
    ctx: { run: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>; auth: AuthContext; existing?: Row },
  ): Promise<Row>;
  /** Refuses a delete (409) or cleans up before it. */
  beforeDelete?(rows: Row[], ctx: WriteContext): Promise<void>;
  /**
   * Rows of another organization the list shows besides the organization's own, read-only (a
   * super-tenant parent's shared locations and their devices). Row-level security must allow them
   * too; writes, `GET /{id}` and exports stay on the organization's own rows.
   */
  alsoListed?(): SQL;
  /**
   * Refuses an export (e.g. a selection of mixed hardware types); `selected` is true when the
   * caller exported chosen rows (`ids`) rather than the whole filtered list.
   */
  beforeExport?(where: SQL, tx: Tx, selected: boolean): Promise<void>;
  csv: {
    headers: readonly string[];
    toRecord?(item: TOut): Record<string, unknown>;
    /**
     * Fills an upload's empty cells before its rows are validated (e.g. the organization's default
     * hardware, mode and size of a device); answers the records to insert, one per record given.
     */
    fillEmpty?(
      records: Record<string, string>[],
      ctx: { tx: Tx; auth: AuthContext },
    ): Promise<Record<string, string>[]>;
  };
  messages: { created: string; updated: string; deleted?: string };
  /** Defaults: read all roles, write admin+member, delete/upload/export admin (spec: operational §1). */
  roles?: {
    read?: readonly TRole[];
    write?: readonly TRole[];
    /** Editing an existing row; defaults to `write`. */
    update?: readonly TRole[];
    delete?: readonly TRole[];
    upload?: readonly TRole[];
    export?: readonly TRole[];
  };
  /** Soft delete: set this column to true instead of deleting (rows are then hidden from lists). */
  softDeleteColumn?: AnyPgColumn;
}

/**
 * Entities with a history, for `GET history/{entity}/{id}`: the table and the roles that may read
 * the entity (the history answers 403 to the others, as the entity's own `GET` does).
 */
export const historyRegistry = new Map<string, { table: TenantTable; roles: readonly TRole[] }>();

/** The spec section of each list area's tag, for the tag's description in the OpenAPI document. */
export const tagDescriptions = new Map<string, string>();

const CURSOR_KEY = '__cursor';

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
async function whereOf<TQuery extends z.ZodObject>(
  tx: Tx,
  r: Resource<unknown, z.ZodType, z.ZodType, TQuery>,
  auth: AuthContext,
  q: { search?: string; ids?: string[] } & Record<string, unknown>,
  { forList = false, walksDefaultOrder = false } = {},
): Promise<{ where: SQL; matches?: number; manyMatches?: boolean }> {
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
      [ids] = await searchIdsAll(tx, [search], pattern);
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

function orderOf(r: Resource<unknown, z.ZodType, z.ZodType>, sortBy?: string, order?: 'asc' | 'desc') {
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
export async function findOr404(
  tx: Tx,
  table: TenantTable,
  auth: AuthContext,
  id: string,
  what = 'Not found',
): Promise<Row> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.organizationId, auth.organizationId)));
  if (!row) throw NotFound(what);
  return row as Row;
}

/** Inserts one validated input; shared by the create call and each CSV row. */
async function insertOne<TOut, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
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
  await writeAudit(tx, auth, {
    entity: r.entity,
    entityId: row!.id,
    action: 'create',
    after: toWire(r.table, row! as never),
  });
  return row!;
}

/**
 * The routes of one list area: `GET path`, `GET path/{id}`, `POST path`, `PUT path/{id}`,
 * `DELETE path` (ids), `POST path/csv` (per-row results, dry run), `GET path/export` (streamed CSV).
 */
export function crudRoutes<
  TOut,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
  TQuery extends z.ZodObject,
>(r: Resource<TOut, TCreate, TUpdate, TQuery>): FastifyPluginAsyncZod {
  const roles = {
    read: r.roles?.read ?? EVERYONE,
    write: r.roles?.write ?? STAFF,
    update: r.roles?.update ?? r.roles?.write ?? STAFF,
    delete: r.roles?.delete ?? ADMINS,
    upload: r.roles?.upload ?? ADMINS,
    export: r.roles?.export ?? ADMINS,
  };
  historyRegistry.set(r.entity, { table: r.table, roles: roles.read });
  tagDescriptions.set(r.tag, `spec: operational §7 ${r.tag}`);
  // Method, path and schemas of every call come from the area's entries in the endpoint map.
  const e = r.api;
  const ListQuery = e.list.query;
  const ExportQuery = e.export.query;
  // The spec section is the tag's description (`tagDescriptions`), not repeated per operation.
  const tags = [r.tag];

  return async (app: FastifyInstance) => {
    // Generic over the area's types, so handlers cast their inputs; the zod schemas above still
    // validate every request and serialize every answer.
    const api = app;

    api.route({
      ...routeOf(e.list, {
        tags,
        summary: `List ${r.path}`,
        description: `Sortable by ${Object.keys(r.sort).join(', ')}. \`total\` is exact up to ${EXACT_COUNT_LIMIT.toLocaleString('en-US')} rows, above that the planner's estimate (\`total_estimated: true\`); a \`search\` alone in the default order stops there too. Pages deeper than ${MAX_OFFSET.toLocaleString('en-US')} rows follow \`next_cursor\` when the sort has one.`,
        errors: errors(400, 401, 403),
      }),
      config: { roles: roles.read },
      handler: async (req) => {
        const q = req.query as z.output<typeof ListQuery>;
        const size = Math.min(q.size, MAX_PAGE_SIZE);
        const offset = offsetOf(q.page, size, q.cursor);
        const sort = orderOf(r as never, q.sort_by, q.order);
        if (q.cursor && !sort.keyed) throw BadRequest(INVALID_CURSOR);
        const cursor = q.cursor ? decodeCursor(q.cursor, sort.key, sort.dir) : undefined;
        return req.withTenant(async (tx) => {
          const { where, matches, manyMatches } = await whereOf(tx, r as never, req.auth, q as never, {
            forList: true,
            walksDefaultOrder: sort.isDefault,
          });
          // a search alone: its ids are the list's rows, so their number is the exact total; past
          // EXACT_COUNT_LIMIT of them, the planner's estimate (as a count would answer)
          const rowsOf = sql`select 1 from ${r.table} where ${where}`;
          const { total, estimated } =
            matches !== undefined
              ? { total: matches, estimated: false }
              : manyMatches
                ? await estimateTotal(tx, rowsOf, EXACT_COUNT_LIMIT + 1)
                : await countTotal(tx, rowsOf);
          const ks = keyset(sort.col, r.table.id, sort.dir, cursor);
          const rows = (await tx
            .select({ ...getTableColumns(r.table), [CURSOR_KEY]: ks.text })
            .from(r.table as PgTable)
            .where(and(where, sort.keyed ? ks.after : undefined))
            .orderBy(...sort.orderBy)
            .limit(size)
            .offset(offset)) as Array<Row & { [CURSOR_KEY]: string }>;
          const last = rows[rows.length - 1];
          const items = rows.map(({ [CURSOR_KEY]: _, ...row }) => row as Row);
          return {
            ...pageOf(await r.toWire(items, tx), total, q.page, size),
            total_estimated: estimated,
            next_cursor:
              sort.keyed && last && rows.length === size
                ? encodeCursor({ sort: sort.key, order: sort.dir, value: last[CURSOR_KEY], id: last.id })
                : undefined,
          };
        });
      },
    });

    api.route({
      ...routeOf(e.export, {
        tags,
        summary: `Export ${r.path} as CSV`,
        description: `Streams \`${r.model}_export.csv\` (${r.csv.headers.join(', ')}).`,
        produces: ['text/csv'],
        errors: errors(400, 401, 403),
      }),
      config: { roles: roles.export },
      handler: async (req, reply) => {
        const q = req.query as z.output<typeof ExportQuery>;
        const fromRaw = rawToRow(r.table);
        const { total, batches } = await snapshotBatches(
          req,
          reply,
          async (tx) => {
            const { where } = await whereOf(tx, r as never, req.auth, q as never);
            await r.beforeExport?.(where, tx, !!q.ids?.length);
            return {
              count: sql`select count(*) as n from ${r.table} where ${where}`,
              query: tx
                .select()
                .from(r.table as PgTable)
                .where(where)
                .orderBy(...orderOf(r as never, q.sort_by, q.order).orderBy)
                .getSQL(),
            };
          },
          async (raw: Record<string, unknown>[], tx) =>
            (await r.toWire(raw.map(fromRaw), tx)).map((i) =>
              r.csv.toRecord ? r.csv.toRecord(i) : (i as Record<string, unknown>),
            ),
        );
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${r.model}_export.csv"`)
          .header('x-export-count', String(total))
          .header('access-control-expose-headers', 'x-export-count, content-disposition');
        return reply.send(csvStream(r.csv.headers, batches) as never);
      },
    });

    api.route({
      ...routeOf(e.get, {
        tags,
        summary: `One ${r.entity}`,
        errors: errors(401, 403, 404),
      }),
      config: { roles: roles.read },
      handler: async (req) =>
        req.withTenant(async (tx) => {
          const row = await findOr404(tx, r.table, req.auth, (req.params as { id: string }).id);
          if (r.softDeleteColumn && row[propOf(r.table, r.softDeleteColumn)]) throw NotFound();
          return (await r.toWire([row], tx))[0]! as never;
        }),
    });

    api.route({
      ...routeOf(e.create, {
        tags,
        summary: `Create a ${r.entity}`,
        errors: errors(400, 401, 403, 409),
      }),
      config: { roles: roles.write },
      handler: async (req) => {
        const run = <T>(fn: (tx: Tx) => Promise<T>) => req.withTenant(fn);
        if (!r.afterCommit)
          return run(async (tx) => {
            const row = await insertOne(r, tx, req.auth, req.body as z.output<TCreate>);
            return (await r.toWire([row], tx))[0]! as never;
          });
        const created = await run((tx) => insertOne(r, tx, req.auth, req.body as z.output<TCreate>));
        const row = await r.afterCommit(created, { run, auth: req.auth });
        return run(async (tx) => (await r.toWire([row], tx))[0]! as never);
      },
    });

    api.route({
      ...routeOf(e.update, {
        tags,
        summary: `Update a ${r.entity}`,
        errors: errors(400, 401, 403, 404, 409),
      }),
      config: { roles: roles.update },
      handler: async (req) => {
        const run = <T>(fn: (tx: Tx) => Promise<T>) => req.withTenant(fn);
        const updated = await run(async (tx) => {
          const existing = await lockOr404(tx, r.table, req.auth, (req.params as { id: string }).id);
          const input = req.body as z.output<TUpdate>;
          const values = await r.toValues(input, { tx, auth: req.auth, existing });
          const hasUpdatedAt = 'updatedAt' in getTableColumns(r.table);
          const [row] = (await tx
            .update(r.table)
            .set({ ...values, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
            .where(and(eq(r.table.id, existing.id), eq(r.table.organizationId, req.auth.organizationId)))
            .returning()) as Row[];
          await r.afterWrite?.(row!, input, { tx, auth: req.auth, existing });
          await writeAudit(tx, req.auth, {
            entity: r.entity,
            entityId: row!.id,
            action: 'update',
            before: toWire(r.table, existing as never),
            after: toWire(r.table, row! as never),
          });
          return { row: row!, existing, wire: r.afterCommit ? undefined : (await r.toWire([row!], tx))[0]! };
        });
        if (!r.afterCommit) return updated.wire as never;
        const row = await r.afterCommit(updated.row, { run, auth: req.auth, existing: updated.existing });
        return run(async (tx) => (await r.toWire([row], tx))[0]! as never);
      },
    });

    api.route({
      ...routeOf(e.remove, {
        tags,
        summary: `Delete ${r.path}`,
        errors: errors(400, 401, 403, 404, 409),
      }),
      config: { roles: roles.delete },
      handler: async (req) => {
        const ids = [...new Set(idsOf(req.body as z.output<typeof ZIdsRequest>))];
        return req.withTenant(async (tx) => {
          const rows = (await tx
            .select()
            .from(r.table as PgTable)
            .where(and(inArray(r.table.id, ids), eq(r.table.organizationId, req.auth.organizationId)))
            .for('update')) as Row[];
          if (rows.length !== ids.length) throw NotFound();
          await r.beforeDelete?.(rows, { tx, auth: req.auth });
          if (r.softDeleteColumn) {
            await tx
              .update(r.table)
              .set({ [propOf(r.table, r.softDeleteColumn)]: true } as never)
              .where(inArray(r.table.id, ids));
          } else {
            await tx.delete(r.table).where(inArray(r.table.id, ids));
          }
          for (const row of rows) {
            await writeAudit(tx, req.auth, {
              entity: r.entity,
              entityId: row.id,
              action: 'delete',
              before: toWire(r.table, row as never),
            });
          }
          return {
            detail:
              r.messages.deleted && ids.length === 1 ? r.messages.deleted : MSG.itemsDeleted(ids.length),
            deleted: ids.length,
          };
        });
      },
    });

    api.route({
      ...routeOf(e.upload, {
        tags,
        summary: `Bulk upload ${r.path} from CSV`,
        description: `Header row ${r.csv.headers.join(', ')}.`,
        consumes: MULTIPART,
        body: z.object({ file: zFile, dry_run: zField(z.enum(['true', 'false']).optional()) }),
        errors: errors(400, 401, 403, 413),
      }),
      config: { roles: roles.upload, upload: 'csv' },
      handler: async (req) => {
        const body = req.body as { file: UploadedFile; dry_run?: string };
        const records = await parseCsv(body.file);
        if (!records.length) throw BadRequest(CSV_MESSAGES.unreadable);
        const dryRun = body.dry_run === 'true';
        return bulkInsert(req, r, records, dryRun);
      },
    });
  };
}

class DryRun extends Error {
  constructor(readonly results: TBulkUploadRow[]) {
    super('dry run');
  }
}

/** A CSV record validated as a create: empty cells are absent. */
const parseRecord = <TCreate extends z.ZodType>(create: TCreate, record: Record<string, string>) =>
  create.safeParse(Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === '' ? undefined : v])));

/**
 * Inserts CSV records, collecting per-row results; a dry run rolls all back. With the resource's
 * `bulkValues`, set-based (`insertAtOnce`); else, or when that fails, one savepoint per row.
 */
async function bulkInsert<TOut, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  req: FastifyRequest,
  r: Resource<TOut, TCreate, TUpdate>,
  uploaded: Record<string, string>[],
  dryRun: boolean,
): Promise<TBulkUploadRow[]> {
  const written: Row[] = [];
  try {
    const results = await req.withTenant(async (tx) => {
      const records = r.csv.fillEmpty ? await r.csv.fillEmpty(uploaded, { tx, auth: req.auth }) : uploaded;
      const atOnce =
        r.bulkValues && !r.afterWrite && !r.afterCommit
          ? await insertAtOnce(r, tx, req.auth, records)
          : undefined;
      if (atOnce) {
        if (dryRun) throw new DryRun(atOnce);
        return atOnce;
      }
      const results: TBulkUploadRow[] = [];
      for (const [i, record] of records.entries()) {
        const row = i + 1;
        const parsed = parseRecord(r.create, record);
        if (!parsed.success) {
          results.push({ row, detail: rowError(parsed.error) });
          continue;
        }
        try {
          written.push(
            await tx.transaction((sp) => insertOne(r, sp as Tx, req.auth, parsed.data as z.output<TCreate>)),
          );
          results.push({ row, detail: true });
        } catch (err) {
          results.push({ row, detail: rowError(err) });
        }
      }
      if (dryRun) throw new DryRun(results);
      return results;
    });
    // what reaches an outside system goes once the rows are committed, one row at a time
    for (const row of written)
      await r.afterCommit?.(row, { run: (fn) => req.withTenant(fn), auth: req.auth });
    return results;
  } catch (err) {
    if (err instanceof DryRun) return err.results;
    throw err;
  }
}

/**
 * The set-based CSV upload: validates every record, asks `bulkValues` for the rules of the valid
 * ones, inserts the good rows in one statement and writes their audit entries in one more (inside
 * a savepoint). Answers the per-row results, or undefined when the insert failed (nothing of it
 * is left), so the caller redoes the file row by row.
 */
async function insertAtOnce<TOut, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  r: Resource<TOut, TCreate, TUpdate>,
  tx: Tx,
  auth: AuthContext,
  records: Record<string, string>[],
): Promise<TBulkUploadRow[] | undefined> {
  const results: TBulkUploadRow[] = records.map((_, i) => ({ row: i + 1, detail: true }));
  const valid: Array<{ i: number; input: z.output<TCreate> }> = [];
  for (const [i, record] of records.entries()) {
    const parsed = parseRecord(r.create, record);
    if (parsed.success) valid.push({ i, input: parsed.data as z.output<TCreate> });
    else results[i] = { row: i + 1, detail: rowError(parsed.error) };
  }
  const values = valid.length
    ? await r.bulkValues!(
        valid.map((v) => v.input),
        { tx, auth },
      )
    : [];
  const good: Record<string, unknown>[] = [];
  for (const [k, v] of values.entries()) {
    const i = valid[k]!.i;
    if (v instanceof Error) results[i] = { row: i + 1, detail: rowError(v) };
    else good.push({ ...v, organizationId: auth.organizationId });
  }
  if (!good.length) return results;
  try {
    await tx.transaction(async (sp) => {
      const rows = (await sp
        .insert(r.table)
        .values(good as never)
        .returning()) as Row[];
      await writeAudits(
        sp as Tx,
        auth,
        rows.map((row) => ({
          entity: r.entity,
          entityId: row.id,
          action: 'create',
          after: toWire(r.table, row as never),
        })),
      );
    });
  } catch {
    return undefined;
  }
  return results;
}

/** Locks one row of the caller's organization for update, or 404. */
export async function lockOr404(tx: Tx, table: TenantTable, auth: AuthContext, id: string): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.organizationId, auth.organizationId)))
    .for('update')) as Row[];
  if (!row) throw NotFound();
  return row;
}

/**
 * Maps a raw row of `select * from table` (database column names, driver values) to the row a
 * Drizzle select answers (camelCase properties, mapped values), for rows read through a cursor.
 */
function rawToRow(table: TenantTable): (raw: Record<string, unknown>) => Row {
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
function propOf(table: TenantTable, column: Column | AnyPgColumn): string {
  const cols = getTableColumns(table) as Record<string, Column>;
  const found = Object.entries(cols).find(([, c]) => c === column);
  if (!found) throw new Error(`column not in table`);
  return found[0];
}
