import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Tx } from '../../db/client';
import { databaseOf } from '../../tenancy';
import { csvSqlCell, csvSqlLine, csvTextStream } from './csv';
import { rawRows } from './paging';

/**
 * Rows fetched from the export cursor per round trip: small enough that a batch and its text stay
 * in the young generation of the heap (measured: 1,000 rows streamed faster than 5,000 and kept the
 * server's memory lower), large enough that the round trips cost little.
 */
export const EXPORT_BATCH = 1000;

/**
 * Reads a large result in one consistent snapshot, streamed: in one REPEATABLE READ, read-only
 * tenant transaction, `build` makes the statements, `count` (answering `n`) counts the rows, then
 * `query` is walked through a server-side cursor, EXPORT_BATCH rows per FETCH, handing each batch
 * (after `map`, which may read more in the same transaction, and turns the rows into what the
 * consumer takes: records, or a chunk of CSV text) to the consumer. At most two batches wait in memory (the producer
 * pauses until the consumer catches up), so memory stays flat however many rows; the transaction
 * ends when the rows do, when the consumer stops, or when the client goes away.
 * Answers the count once known, and the batches.
 */
export async function snapshotBatches<TRaw, TBatch>(
  req: Pick<FastifyRequest, 'withTenant'>,
  reply: { raw: Pick<FastifyReply['raw'], 'once'> },
  build: (tx: Tx) => Promise<{ count: SQL; query: SQL }>,
  map: (rows: TRaw[], tx: Tx) => Promise<TBatch> | TBatch,
): Promise<{ total: number; batches: AsyncGenerator<TBatch> }> {
  const queue: TBatch[] = [];
  let done = false;
  let stopped = false;
  let failure: unknown;
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  const poke = () => {
    wakeConsumer?.();
    wakeConsumer = undefined;
  };
  const stop = () => {
    stopped = true;
    wakeProducer?.();
    wakeProducer = undefined;
  };
  reply.raw.once('close', stop);
  let resolveTotal!: (n: number) => void;
  let rejectTotal!: (e: unknown) => void;
  const totalKnown = new Promise<number>((resolve, reject) => {
    resolveTotal = resolve;
    rejectTotal = reject;
  });

  req
    .withTenant(
      async (tx) => {
        const { count, query } = await build(tx);
        const [c] = await rawRows<{ n: number | string }>({ tx, query: count });
        await tx.execute(sql`declare lockerops_snapshot no scroll cursor for ${query}`);
        let first = true;
        while (!stopped) {
          while (queue.length >= 2 && !stopped) await new Promise<void>((r) => (wakeProducer = r));
          if (stopped) break;
          const rows = await rawRows<TRaw>({
            tx,
            query: sql.raw(`fetch ${EXPORT_BATCH} from lockerops_snapshot`),
          });
          // answered once the first FETCH went through: a statement that fails does so before its
          // first row, and its error is then the answer, not a cut body
          if (first) resolveTotal(Number(c?.n ?? 0));
          first = false;
          if (!rows.length) break;
          queue.push(await map(rows, tx));
          poke();
        }
        await tx.execute(sql`close lockerops_snapshot`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .then(
      () => {
        done = true;
        poke();
      },
      (err: unknown) => {
        failure = err;
        done = true;
        rejectTotal(err);
        poke();
      },
    );

  async function* batches(): AsyncGenerator<TBatch> {
    try {
      while (true) {
        if (queue.length) {
          const next = queue.shift() as TBatch;
          wakeProducer?.();
          wakeProducer = undefined;
          yield next;
          continue;
        }
        if (failure) throw failure;
        if (done) return;
        await new Promise<void>((r) => (wakeConsumer = r));
      }
    } finally {
      stop();
    }
  }
  return { total: await totalKnown, batches: batches() };
}

/** The key of a row in an export's keyset order (a timestamp as PostgreSQL writes it, and an id). */
export interface PageKey {
  at: string;
  id: string;
}

/** What a CSV export reads, in one snapshot (see `snapshotCsv`). */
export interface CsvSource {
  /** Counts the rows of the export, answering `n` (the X-Export-Count header). */
  count: SQL;
  /** The rows in their order (an ORDER BY), one column per CSV header named like it. */
  rows: SQL;
  /**
   * The same rows in keyset pages, when their order is an index's: `lastKey(from, n)` selects the
   * key (`at`, `id`) of the n-th row after `from` (from the first when null), none when fewer
   * remain; `rows(from, to)` the rows after `from` up to `to` included (to the end when null).
   * A statement over all the rows must sort them all before its first line (COPY plans for the
   * whole result); pages send the first lines at once.
   */
  pages?: {
    lastKey(from: PageKey | null, n: number): SQL;
    rows(from: PageKey | null, to: PageKey | null): SQL;
  };
}

/**
 * Rows per page of a paged export: a small first page so the first line leaves at once, then pages
 * large enough that each page's joins (a hash of the users, say) cost little against its rows.
 */
export const EXPORT_PAGING: ExportPaging = { first: [2_000, 20_000], rest: 200_000 };

/** Rows per page of a paged export: the first pages' sizes, then every later page's. */
export interface ExportPaging {
  first: readonly number[];
  rest: number;
}

const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * Streams a CSV export whose cells the database writes, in one consistent snapshot (one REPEATABLE
 * READ, read-only tenant transaction: row-level security and the tenant setting apply): `build`
 * answers the count and the ordered rows (`CsvSource`); each cell is neutralised against formula
 * injection, and quoted, in SQL (`csvSqlCell`, `csvSqlLine`), so the server makes no object per row.
 * On PostgreSQL the rows come from `COPY (…) TO STDOUT (FORMAT csv)`, passed on as the database
 * writes them and paused while the reader is slower (backpressure reaches the database through the
 * socket); with `pages`, one COPY per keyset page (`paging`: EXPORT_PAGING), so the first
 * line leaves after the first small page instead of after a sort of every row; a reader that goes
 * away cancels the statement, which ends the transaction. On PGlite
 * (no COPY stream) they come from a cursor, EXPORT_BATCH lines per FETCH (`snapshotBatches`).
 * Answers the row count and the body (BOM, header row, lines) to send as it is.
 */
export async function snapshotCsv(
  req: Pick<FastifyRequest, 'withTenant' | 'server'>,
  reply: { raw: Pick<FastifyReply['raw'], 'once'> },
  headers: readonly string[],
  build: (tx: Tx) => Promise<CsvSource>,
  paging: ExportPaging = EXPORT_PAGING,
): Promise<{ total: number; body: Readable }> {
  const e = sql.identifier('export_rows');
  const fields = headers.map((h) => sql`${e}.${sql.identifier(h)}::text`);
  if (req.server.ctx.database.kind !== 'postgres') {
    const { total, batches } = await snapshotBatches(
      req,
      reply,
      async (tx) => {
        const s = await build(tx);
        return { count: s.count, query: sql`select ${csvSqlLine(fields)} as line from (${s.rows}) ${e}` };
      },
      (rows: { line: string }[]) => rows.map((r) => r.line).join(''),
    );
    return { total, body: csvTextStream(headers, batches) };
  }

  return new Promise((resolve, reject) => {
    req
      .withTenant(async (tx) => {
        // the server the export reads from: the primary, or the console's read replica
        const db = databaseOf(tx) ?? req.server.ctx.db;
        const client = pgClientOf(tx);
        const s = await build(tx);
        const [c] = await rawRows<{ n: number | string }>({ tx, query: s.count });
        const [me] = await rawRows<{ pid: number }>({ tx, query: sql`select pg_backend_pid() as pid` });
        const copyOf = (rowsSql: SQL) =>
          client.query(
            copyTo(
              `copy (${inlined(sql`select ${sql.join(fields.map(csvSqlCell), sql`, `)} from (${rowsSql}) ${e}`)}) to stdout (format csv)`,
            ),
          );
        // The statements, one after another: all the rows at once, or page by page (`pages`).
        async function* statements(): AsyncGenerator<SQL> {
          if (!s.pages) return yield s.rows;
          let from: PageKey | null = null;
          for (let i = 0; ; i++) {
            const n = paging.first[i] ?? paging.rest;
            const [to]: (PageKey | undefined)[] = await rawRows<PageKey>({
              tx,
              query: s.pages.lastKey(from, n),
            });
            yield s.pages.rows(from, to ?? null);
            if (!to) return;
            from = to;
          }
        }
        // The reply reads a pipe of the COPYs, never a COPY itself: a destroyed COPY stream would
        // leave the connection waiting in the middle of the protocol.
        const rows = new PassThrough();
        let handedOut = false;
        let copying = true;
        let copy: ReturnType<typeof copyOf> | undefined;
        let cancel: Promise<unknown> | undefined;
        reply.raw.once('close', () => {
          if (!copying) return;
          // the reader went away mid-export: discard what still comes, and stop the statement (from
          // another connection) so its error frees this one and the transaction rolls back
          copying = false;
          if (copy) {
            copy.unpipe(rows);
            copy.resume();
          }
          cancel = db.execute(sql`select pg_cancel_backend(${me!.pid})`).catch(() => undefined);
        });
        try {
          for await (const statement of statements()) {
            if (!copying) break;
            const current = copyOf(statement);
            copy = current;
            // an error before the reply has the rows is the answer itself (below); after, it cuts them
            current.once('error', (err) => rows.destroy(handedOut ? err : undefined));
            current.pipe(rows, { end: false });
            if (!handedOut) {
              // a statement that fails does so before its first row: answer that error, not a cut body
              await new Promise<void>((started, failed) => {
                const go = () => {
                  current.off('data', go).off('end', go).off('error', failed);
                  started();
                };
                current.once('data', go).once('end', go).once('error', failed);
              });
              handedOut = true;
              resolve({ total: Number(c?.n ?? 0), body: csvTextStream(headers, rows) });
            }
            await finished(current);
          }
          rows.end();
        } finally {
          copying = false;
          await cancel;
        }
      }, SNAPSHOT)
      .catch(reject);
  });
}

/**
 * The node-postgres connection of a transaction on PostgreSQL (Drizzle's session holds it for the
 * transaction), for what Drizzle does not do: COPY streams.
 */
function pgClientOf(tx: Tx): pg.ClientBase {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Client)) throw new Error('no node-postgres connection under this transaction');
  return client;
}

const dialect = new PgDialect();

/**
 * `query` as one SQL text with its parameters written in as literals, for statements that take no
 * parameters (COPY). Each value becomes the quoted text node-postgres would have sent for it, an
 * untyped literal resolved by its context as a parameter is (arrays as array literals, dates as ISO
 * 8601), escaped by `pg.escapeLiteral`.
 */
function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (Buffer.isBuffer(v)) throw new Error('binary values cannot be written into the statement');
  if (v instanceof Date) return pg.escapeLiteral(v.toISOString());
  if (Array.isArray(v)) return pg.escapeLiteral(arrayText(v));
  if (typeof v === 'object') return pg.escapeLiteral(JSON.stringify(v));
  return pg.escapeLiteral(String(v));
}

/** The PostgreSQL array literal of `items` (`{"a","b",NULL}`), as node-postgres writes it. */
function arrayText(items: unknown[]): string {
  const item = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayText(v);
    const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${items.map(item).join(',')}}`;
}
