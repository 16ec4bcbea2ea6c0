import type { ListAreaEndpoints, TRole } from '@lockerops/contract';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AuthContext, TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';

/** A tenant table: an `id` and an `organization_id` column at least. */
export type TenantTable = PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn };
export type Row = Record<string, unknown> & { id: string };

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
  /** The area's calls in the endpoint map (`endpoints.<area>`): their paths, schemas and roles. */
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
   * (CONTRIBUTING.md "Nothing outside inside a transaction"). A failure leaves the write
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
   * Refuses an export (e.g. a selection of mixed hardware types); `where` selects the exported
   * rows (of `auth.organizationId`), `selected` is true when the caller exported chosen rows
   * (`ids`) rather than the whole filtered list.
   */
  beforeExport?(ctx: TxAuth<{ where: SQL; selected: boolean }>): Promise<void>;
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
  /** Soft delete: set this column to true instead of deleting (rows are then hidden from lists). */
  softDeleteColumn?: AnyPgColumn;
}

/**
 * Entities with a history, for `GET history/{entity}/{id}`: the table and the roles that may read
 * the entity (its `GET` entry's in the endpoint map; the history answers 403 to the others, as the
 * entity's own `GET` does).
 */
export const historyRegistry = new Map<string, { table: TenantTable; roles: readonly TRole[] }>();

/** The spec section of each list area's tag, for the tag's description in the OpenAPI document. */
export const tagDescriptions = new Map<string, string>();
