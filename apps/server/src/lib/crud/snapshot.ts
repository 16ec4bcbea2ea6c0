import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { rawRows } from './paging';

/** Rows fetched from the export cursor per round trip. */
export const EXPORT_BATCH = 5000;

/**
 * Reads a large result in one consistent snapshot, streamed: in one REPEATABLE READ, read-only
 * tenant transaction, `build` makes the statements, `count` (answering `n`) counts the rows, then
 * `query` is walked through a
 * server-side cursor, EXPORT_BATCH rows per FETCH, handing each batch (after `map`, which may read
 * more in the same transaction) to the consumer. At most two batches wait in memory (the producer
 * pauses until the consumer catches up), so memory stays flat however many rows; the transaction
 * ends when the rows do, when the consumer stops, or when the client goes away.
 * Answers the count once known, and the batches.
 */
export async function snapshotBatches<TRaw, TOut>(
  req: FastifyRequest,
  reply: FastifyReply,
  build: (tx: Tx) => Promise<{ count: SQL; query: SQL }>,
  map: (rows: TRaw[], tx: Tx) => Promise<TOut[]> | TOut[],
): Promise<{ total: number; batches: AsyncGenerator<TOut[]> }> {
  const queue: TOut[][] = [];
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
        const [c] = await rawRows<{ n: number | string }>(tx, count);
        resolveTotal(Number(c?.n ?? 0));
        await tx.execute(sql`declare lockerops_snapshot no scroll cursor for ${query}`);
        while (!stopped) {
          while (queue.length >= 2 && !stopped) await new Promise<void>((r) => (wakeProducer = r));
          if (stopped) break;
          const rows = await rawRows<TRaw>(tx, sql.raw(`fetch ${EXPORT_BATCH} from lockerops_snapshot`));
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

  async function* batches(): AsyncGenerator<TOut[]> {
    try {
      while (true) {
        const next = queue.shift();
        if (next) {
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
