import type pg from 'pg';

/**
 * Where the console's reads go when the database has a streaming replica (`DATABASE_REPLICA_URL`).
 *
 * The router polls both servers every `pollMs`: the primary's flushed WAL position
 * (`pg_current_wal_flush_lsn()`, which every committed transaction's commit record precedes), with
 * the time just before it was asked, and the replica's replayed position
 * (`pg_last_wal_replay_lsn()`). From the samples it knows `freshAsOf`: the latest moment such that
 * every transaction committed on the primary before it is visible on the replica. Then:
 *
 * - the replica's lag is `now − freshAsOf`; past `maxLagMs` the replica is skipped (a replay
 *   paused or slow, a network cut: the samples taken since are not replayed and the lag grows);
 * - a caller who wrote (any request other than GET and HEAD) reads from the primary until a sample
 *   taken after their write's answer has been replayed — read-your-writes, exact, typically one or
 *   two polls (a few hundred ms) after the write;
 * - a replica that does not answer its poll, or that is not in recovery (promoted, or a primary
 *   given by mistake), is down until a poll succeeds; a console read whose connection to it fails
 *   before the read began runs on the primary instead (`context.ts`).
 *
 * The positions and the callers' writes are per process: a caller whose write went to another
 * process reads their write once that process's write is replayed, within `maxLagMs`.
 */
export interface ReplicaRouter {
  /** Whether a console read by `caller` (an actor's id) may go to the replica now. */
  serves(caller: string | undefined): boolean;
  /** Notes that `caller` has just written (their write is committed and answered). */
  wrote(caller: string): void;
  /** Marks the replica down until its next good poll (a read found it unreachable). */
  down(): void;
  /** The replica's state: reachable, and its lag in ms (null until the first good poll). */
  state(): { up: boolean; lagMs: number | null };
  /** Runs one poll now (the tests' clock; also the first poll at start). */
  poll(): Promise<void>;
  /** Stops polling. */
  close(): void;
}

/** A WAL position (`16/B374D848`) as a number of bytes; exact up to 2^53 (8 PB of WAL). */
export function lsnBytes(lsn: string): number {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return Number.parseInt(hi, 16) * 2 ** 32 + Number.parseInt(lo, 16);
}

/** How long a caller's write is remembered: past it, the replica's lag bound covers the write. */
const WRITES_KEPT_MS = 60_000;

/**
 * Starts polling `primary` and `replica` (every `pollMs`, default a quarter of `maxLagMs`, between
 * 50 and 500 ms) and answers the router. `now` is the clock (ms).
 */
export function createReplicaRouter(p: {
  primary: pg.Pool;
  replica: pg.Pool;
  maxLagMs: number;
  pollMs?: number;
  now?: () => number;
  onChange?: (state: { up: boolean; lagMs: number | null }) => void;
}): ReplicaRouter {
  const now = p.now ?? Date.now;
  const pollMs = p.pollMs ?? Math.max(50, Math.min(500, Math.floor(p.maxLagMs / 4)));
  /** Primary positions not yet known replayed, oldest first: when asked, and where. */
  let samples: Array<{ at: number; lsn: number }> = [];
  let freshAsOf: number | null = null;
  let up = false;
  const writes = new Map<string, number>();
  let polling: Promise<void> | undefined;
  let closed = false;

  const lagMs = () => (freshAsOf === null ? null : Math.max(0, now() - freshAsOf));
  const report = (wasUp: boolean) => {
    if (wasUp !== up) p.onChange?.({ up, lagMs: lagMs() });
  };

  const pollOnce = async () => {
    const wasUp = up;
    try {
      const at = now();
      const primary = await p.primary.query<{ lsn: string }>(
        'select pg_current_wal_flush_lsn()::text as lsn',
      );
      samples.push({ at, lsn: lsnBytes(primary.rows[0]!.lsn) });
      const replica = await p.replica.query<{ lsn: string | null; recovery: boolean }>(
        'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovery',
      );
      const row = replica.rows[0]!;
      if (!row.recovery || row.lsn === null) {
        up = false;
      } else {
        const replayed = lsnBytes(row.lsn);
        let i = 0;
        while (i < samples.length && samples[i]!.lsn <= replayed) i++;
        if (i > 0) freshAsOf = samples[i - 1]!.at;
        samples = samples.slice(i);
        up = true;
      }
    } catch {
      up = false;
    }
    // a sample kept while the replica is far behind is dropped past the bound: the lag is then
    // measured from the oldest sample kept, which only makes it larger
    if (samples.length > 1000) samples = samples.slice(-1000);
    const forget = now() - WRITES_KEPT_MS;
    for (const [caller, at] of writes) if (at < forget) writes.delete(caller);
    report(wasUp);
  };

  const poll = () => {
    polling ??= pollOnce().finally(() => {
      polling = undefined;
    });
    return polling;
  };

  const timer = setInterval(() => {
    if (!closed) void poll();
  }, pollMs);
  timer.unref();
  void poll();

  return {
    serves(caller) {
      if (!up || freshAsOf === null) return false;
      if (now() - freshAsOf > p.maxLagMs) return false;
      const wrote = caller === undefined ? undefined : writes.get(caller);
      return wrote === undefined || wrote < freshAsOf;
    },
    wrote(caller) {
      writes.set(caller, now());
    },
    down() {
      const wasUp = up;
      up = false;
      report(wasUp);
    },
    state: () => ({ up, lagMs: lagMs() }),
    poll,
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
