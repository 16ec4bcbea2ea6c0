import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Adapters } from '../adapters';
import type { Database, Db } from '../db/client';
import type { Metrics } from './metrics';

/** What a job handler gets: the owner's database handle (it acts across organizations), a logger and the clock. */
export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The app's adapters (mail, SMS…), for jobs that talk to outside systems. */
  adapters?: Pick<Adapters, 'mail' | 'sms'> & Partial<Pick<Adapters, 'storage' | 'charges'>>;
  /** The app's metrics (`app.ctx.metrics`): delivery failures are counted there. */
  metrics?: Metrics;
  /**
   * Aborted when the runner stops and its deadline has passed: a handler waiting on an outside
   * system (a webhook receiver that never answers) gives up, and its job is retried later.
   */
  signal?: AbortSignal;
}

/**
 * One scheduled job (CONTRIBUTING.md "Domain events and jobs"). `cron` is a 5-field cron expression in UTC (minute
 * precision). A handler must be safe to run twice for the same tick (it locks what it changes with
 * `FOR UPDATE SKIP LOCKED` or equivalent); it answers a small summary for the log.
 */
export interface JobDefinition {
  name: string;
  cron: string;
  handler(ctx: JobContext): Promise<Record<string, unknown>>;
}

/**
 * A work queue (not a schedule): jobs are sent to it by a relay or a service and handled by one
 * worker each, with pg-boss's retries — `retryBackoff` doubles `retryDelay` per attempt (with jitter).
 * A handler throws to have the job retried.
 */
export interface QueueDefinition {
  name: string;
  options: {
    retryLimit: number;
    retryDelay: number;
    retryBackoff: boolean;
    retryDelayMax?: number;
    expireInSeconds?: number;
  };
  handler(
    ctx: JobContext,
    job: { id: string; data: Record<string, unknown>; retryCount: number; retryLimit: number },
  ): Promise<void>;
}

/**
 * An outbox relay: every `intervalMs` it moves rows written in business transactions to a queue
 * (`send` with a job id of the row's choosing, so a second send of the same id is a no-op), or
 * works them itself (the webhook dispatcher). `recover` runs once at start for rows a crashed
 * process had claimed but not sent. Answers the count. A run never overlaps the previous one.
 */
export interface RelayDefinition {
  name: string;
  intervalMs: number;
  run(ctx: JobContext, send: RelaySend, opts: { recover: boolean }): Promise<number>;
  /** Work a run started and left going (deliveries in flight): `stop()` waits for it. */
  drain?(): Promise<void>;
}
export type RelaySend = (queue: string, data: Record<string, unknown>, jobId: string) => Promise<void>;

/** The scheduler of one server process; every process of a deployment may run one. */
export interface JobRunner {
  /** Installs the queue schema (first start), the schedules and the workers. */
  start(): Promise<void>;
  /**
   * Stops the workers, waiting for running handlers up to `timeoutMs` (default 10 s); a job still
   * running then is failed back to its queue (pg-boss retries it) and its handler aborted.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Queues one run of `name` now and waits until a worker (of any process) has finished it. */
  runNow(name: string, timeoutMs?: number): Promise<'completed' | 'failed'>;
}

/**
 * Builds the job runner on pg-boss, a PostgreSQL-backed queue: on PGlite through its adapter
 * (`fromPglite`, backend `pglite`), on PostgreSQL through `databaseUrl`. Each cron tick becomes
 * exactly one queued job however many processes run (pg-boss keeps one schedule per name and
 * inserts the tick's job once), and a job is fetched by one worker only (`SKIP LOCKED`), so a
 * scheduled job runs once across all instances. Opt-in: main.ts starts it; tests start it only
 * when they say so.
 */
export function createJobRunner(opts: {
  database: Database;
  databaseUrl?: string;
  log: FastifyBaseLogger;
  jobs: readonly JobDefinition[];
  queues?: readonly QueueDefinition[];
  relays?: readonly RelayDefinition[];
  now?: () => Date;
  /** The app's adapters (`app.ctx`), for jobs that send messages or give back payments. */
  adapters?: Pick<Adapters, 'mail' | 'sms'> & Partial<Pick<Adapters, 'storage' | 'charges'>>;
  /** The app's metrics (`app.ctx.metrics`). */
  metrics?: Metrics;
  pollingIntervalSeconds?: number;
}): JobRunner {
  const { database } = opts;
  const list = opts.jobs;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: opts.databaseUrl, schema: 'pgboss', max: 3 });
  boss.on('error', (err: Error) => opts.log.error({ err }, 'job queue error'));
  let shutdown = new AbortController();
  const ctx: JobContext = {
    db: database.db,
    log: opts.log,
    now: opts.now ?? (() => new Date()),
    adapters: opts.adapters,
    metrics: opts.metrics,
    signal: shutdown.signal,
  };
  let started = false;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const send: RelaySend = async (queue, data, jobId) => {
    const q = opts.queues?.find((x) => x.name === queue);
    await boss.send(queue, data, { id: jobId, ...q?.options });
  };

  return {
    async start() {
      if (started) return;
      if (shutdown.signal.aborted) {
        shutdown = new AbortController();
        ctx.signal = shutdown.signal;
      }
      await boss.start();
      for (const job of list) {
        await boss.createQueue(job.name);
        await boss.schedule(job.name, job.cron, null, { tz: 'UTC' });
        await boss.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
          const summary = await job.handler(ctx);
          // a tick that did nothing is a debug line, so an idle server's log stays quiet after
          // its start banner; one that did something is an info line
          const busy = Object.values(summary ?? {}).some((v) => typeof v === 'number' && v !== 0);
          opts.log[busy ? 'info' : 'debug']({ job: job.name, ...summary }, 'job done');
          return summary;
        });
      }
      for (const q of opts.queues ?? []) {
        await boss.createQueue(q.name, q.options);
        await boss.work(
          q.name,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (!job) return;
            await q.handler(ctx, {
              id: job.id,
              data: job.data as Record<string, unknown>,
              retryCount: job.retryCount,
              retryLimit: q.options.retryLimit,
            });
          },
        );
      }
      started = true;
      for (const r of opts.relays ?? []) {
        let busy = false;
        const tick = (recover: boolean) => {
          if (busy || !started) return;
          busy = true;
          const p = r
            .run(ctx, send, { recover })
            .catch((err) => opts.log.error({ err, relay: r.name }, 'relay failed'))
            .finally(() => {
              busy = false;
              running.delete(p);
            });
          running.add(p);
        };
        tick(true);
        timers.push(setInterval(() => tick(false), r.intervalMs));
      }
    },
    async stop(stopOpts = {}) {
      if (!started) return;
      started = false;
      const timeout = stopOpts.timeoutMs ?? 10_000;
      for (const t of timers.splice(0)) clearInterval(t);
      // a relay pass is short (claim, commit, send); wait for it at most the same deadline
      await Promise.race([Promise.all([...running]), new Promise((r) => setTimeout(r, timeout).unref())]);
      // past our deadline the handlers and the deliveries in flight are told to give up (ctx.signal)
      const cut = setTimeout(() => shutdown.abort(), timeout);
      await Promise.race([
        Promise.all((opts.relays ?? []).map((r) => r.drain?.())),
        new Promise((r) => setTimeout(r, timeout).unref()),
      ]);
      // pg-boss waits for a running handler before its own deadline counts: one that does not
      // listen to the signal is left behind, its job expiring back to the queue
      const stopped = boss.stop({ graceful: true, timeout: 1000, close: database.kind !== 'pglite' });
      await Promise.race([stopped, new Promise((r) => setTimeout(r, timeout + 2000).unref())]);
      clearTimeout(cut);
    },
    async runNow(name, timeoutMs = 30_000) {
      if (!started) throw new Error('the job runner is not started');
      const id = await boss.send(name, {});
      if (!id) throw new Error(`job ${name} was not queued`);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const [job] = await boss.findJobs(name, { id });
        if (job?.state === 'completed') return 'completed';
        if (job?.state === 'failed') return 'failed';
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`job ${name} did not finish within ${timeoutMs} ms`);
    },
  };
}
