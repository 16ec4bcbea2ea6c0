import {
  CSV_MESSAGES,
  EXACT_COUNT_LIMIT,
  idsOf,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  MSG,
  rolesOf,
  type ZIdsRequest,
} from '@lockerops/contract';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { BadRequest, NotFound } from '../../errors';
import { errors, routeOf } from '../openapi';
import { toWire } from '../wire';
import { writeAudit } from './audit';
import { bulkInsert } from './bulk';
import { csvStream, parseCsv } from './csv';
import { MULTIPART, type UploadedFile, zField, zFile } from './multipart';
import {
  countTotal,
  decodeCursor,
  encodeCursor,
  estimateTotal,
  INVALID_CURSOR,
  keyset,
  offsetOf,
  pageOf,
} from './paging';
import { findOr404, insertOne, lockOr404, orderOf, propOf, rawToRow, whereOf } from './rows';
import { snapshotBatches } from './snapshot';
import { historyRegistry, type Resource, type Row, tagDescriptions } from './types';

export { findOr404, lockOr404, rowError, updateLockedOne } from './rows';
export { historyRegistry, type Resource, tagDescriptions } from './types';

const CURSOR_KEY = '__cursor';

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
  // Method, path, schemas and roles of every call come from the area's entries in the endpoint map.
  const e = r.api;
  historyRegistry.set(r.entity, { table: r.table, roles: rolesOf(e.get) });
  tagDescriptions.set(r.tag, `spec: operational §7 ${r.tag}`);
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
      handler: async (req) => {
        const q = req.query as z.output<typeof ListQuery>;
        const size = Math.min(q.size, MAX_PAGE_SIZE);
        const offset = offsetOf(q.page, size, q.cursor);
        const sort = orderOf(r as never, q.sort_by, q.order);
        if (q.cursor && !sort.keyed) throw BadRequest(INVALID_CURSOR);
        const cursor = q.cursor ? decodeCursor(q.cursor, sort.key, sort.dir) : undefined;
        return req.withTenant(async (tx) => {
          const { where, matches, manyMatches } = await whereOf({
            tx,
            auth: req.auth,
            r: r as never,
            q: q as never,
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
                ? await estimateTotal({ tx, rows: rowsOf, atLeast: EXACT_COUNT_LIMIT + 1 })
                : await countTotal({ tx, rows: rowsOf });
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
      handler: async (req, reply) => {
        const q = req.query as z.output<typeof ExportQuery>;
        const fromRaw = rawToRow(r.table);
        const { total, batches } = await snapshotBatches(
          req,
          reply,
          async (tx) => {
            const { where } = await whereOf({ tx, auth: req.auth, r: r as never, q: q as never });
            await r.beforeExport?.({ tx, auth: req.auth, where, selected: !!q.ids?.length });
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
      handler: async (req) =>
        req.withTenant(async (tx) => {
          const row = await findOr404({
            tx,
            table: r.table,
            auth: req.auth,
            id: (req.params as { id: string }).id,
          });
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
      handler: async (req) => {
        const run = <T>(fn: (tx: Tx) => Promise<T>) => req.withTenant(fn);
        const updated = await run(async (tx) => {
          const existing = await lockOr404({
            tx,
            table: r.table,
            auth: req.auth,
            id: (req.params as { id: string }).id,
          });
          const input = req.body as z.output<TUpdate>;
          const values = await r.toValues(input, { tx, auth: req.auth, existing });
          const hasUpdatedAt = 'updatedAt' in getTableColumns(r.table);
          const [row] = (await tx
            .update(r.table)
            .set({ ...values, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
            .where(and(eq(r.table.id, existing.id), eq(r.table.organizationId, req.auth.organizationId)))
            .returning()) as Row[];
          await r.afterWrite?.(row!, input, { tx, auth: req.auth, existing });
          await writeAudit({
            tx,
            auth: req.auth,
            entry: {
              entity: r.entity,
              entityId: row!.id,
              action: 'update',
              before: toWire(r.table, existing as never),
              after: toWire(r.table, row! as never),
            },
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
            await writeAudit({
              tx,
              auth: req.auth,
              entry: {
                entity: r.entity,
                entityId: row.id,
                action: 'delete',
                before: toWire(r.table, row as never),
              },
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
      config: { upload: 'csv' },
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
