import type { THardwareType } from '@lockerops/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { queueDepths } from './queries/metrics';

/** How a door's unlock ended, as counted by `lockerops_unlock_outcomes_total`. */
export type UnlockOutcome =
  /** the lock took the command (the door's open report may follow) */
  | 'acknowledged'
  /** the door reported open */
  | 'opened'
  /** the lock took the command but the door never reported open (`LOCK_OPEN_TIMEOUT_MS`) */
  | 'jammed'
  /** the lock, its bridge or the vendor's API did not answer, or refused */
  | 'offline'
  /** not tried: the vendor's circuit breaker is open */
  | 'skipped';

/** A circuit breaker's state; the gauge holds 0, 1 or 2 in this order. */
export type CircuitState = 'closed' | 'half_open' | 'open';

/** The channels of notification deliveries (`notification_deliveries.channel`). */
export type NotificationChannel = 'email' | 'sms';

/**
 * The process's Prometheus metrics (`GET /metrics`, prom-client). Built once per app in `buildApp`
 * and reached through `app.ctx.metrics` (jobs: `ctx.metrics`), like the adapters: no module-level
 * registry, so two apps in one process (tests) never share or collide.
 */
export interface Metrics {
  readonly registry: Registry;
  /**
   * One answered HTTP request: `route` is the route's pattern (`/api/devices/:id`), never the raw
   * URL, so the series stay few; `seconds` its duration.
   */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** A webhook delivery attempt that failed; `final` when no retry follows (the message is failed). */
  webhookDeliveryFailed(final: boolean): void;
  /** A notification message (e-mail or SMS) that failed to send; `final` when no retry follows. */
  notificationDeliveryFailed(channel: NotificationChannel, final: boolean): void;
  /** How one unlock of a door of `vendor` (its hardware type) ended. */
  unlockOutcome(vendor: THardwareType | string, outcome: UnlockOutcome): void;
  /**
   * The state of the circuit breaker of `target` (`<kind>:<vendor>:<host…>`, e.g.
   * `lock:kerong:10.0.0.5:4001`). Exposed as the number of breakers per kind, vendor and state:
   * the host and URL an organization typed never become a label (they would name its network).
   */
  circuitState(target: string, state: CircuitState): void;
  /** The Prometheus text exposition of every metric, collected now. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Seconds: 5 ms to 10 s, the range between a cached read and a lock that times out. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Builds the metrics of one app on `database`. Besides the counters that code increments, these
 * are read at each scrape: the connection pools (`lockerops_db_pool_connections{pool,state}`:
 * total, idle, waiting — PostgreSQL only) and the job queues from pg-boss's table
 * (`lockerops_job_queue_depth{queue,state}`: queued — due or waiting for a retry — and active;
 * `lockerops_job_queue_oldest_seconds{queue}`: age of the oldest due job). `defaults` adds Node's
 * own (CPU, memory, event-loop lag, GC) — once per process is enough, main.ts's app.
 */
export function createMetrics(database: Database, opts: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (opts.defaults) collectDefaultMetrics({ register: registry, prefix: 'lockerops_' });

  const requests = new Histogram({
    name: 'lockerops_http_request_duration_seconds',
    help: 'Duration of HTTP requests by method, route pattern and status code, in seconds.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: 'lockerops_webhook_delivery_failures_total',
    help: 'Webhook delivery attempts that failed; final="true" when the message is given up.',
    labelNames: ['final'] as const,
    registers: [registry],
  });
  const notificationFailures = new Counter({
    name: 'lockerops_notification_delivery_failures_total',
    help: 'Notification messages that failed to send, by channel; final="true" when no retry follows.',
    labelNames: ['channel', 'final'] as const,
    registers: [registry],
  });
  const unlocks = new Counter({
    name: 'lockerops_unlock_outcomes_total',
    help: 'Unlocks of doors by lock vendor (hardware type) and outcome.',
    labelNames: ['vendor', 'outcome'] as const,
    registers: [registry],
  });
  // each breaker's last state, kept here; only the counts by kind and vendor are exposed
  const breakerStates = new Map<string, CircuitState>();
  new Gauge({
    name: 'lockerops_circuit_breakers',
    help: 'Circuit breakers of outside systems not closed, by kind (lock), vendor and state (open, half_open).',
    labelNames: ['kind', 'vendor', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const counts = new Map<string, { kind: string; vendor: string; state: string; n: number }>();
      for (const [target, state] of breakerStates) {
        if (state === 'closed') continue;
        const [kind = 'other', vendor = 'unknown'] = target.split(':');
        const key = `${kind}|${vendor}|${state}`;
        const c = counts.get(key) ?? { kind, vendor, state, n: 0 };
        c.n += 1;
        counts.set(key, c);
      }
      for (const c of counts.values()) this.set({ kind: c.kind, vendor: c.vendor, state: c.state }, c.n);
    },
  });

  const pools = [
    { name: 'main', pool: database.pool },
    { name: 'read', pool: database.readPool },
    { name: 'replica', pool: database.replicaPool },
  ].filter((p) => p.pool);
  if (pools.length) {
    new Gauge({
      name: 'lockerops_db_pool_connections',
      help: 'PostgreSQL connections of each pool of this process: total, idle, and requests waiting for one.',
      labelNames: ['pool', 'state'] as const,
      registers: [registry],
      collect() {
        for (const { name, pool } of pools) {
          this.set({ pool: name, state: 'total' }, pool!.totalCount);
          this.set({ pool: name, state: 'idle' }, pool!.idleCount);
          this.set({ pool: name, state: 'waiting' }, pool!.waitingCount);
        }
      },
    });
  }

  // pg-boss's job table and the webhook messages waiting (their dispatcher's queue), read once per
  // scrape by both queue gauges (job_i11 covers `state < active`)
  let queues: Promise<Array<{ name: string; queued: number; active: number; oldest: number | null }>> | null =
    null;
  const readQueues = () => {
    queues ??= (async () => {
      try {
        return await queueDepths(database.db);
      } catch {
        return []; // the database is unreachable: the pool gauges say so; the scrape still answers
      }
    })();
    return queues;
  };
  new Gauge({
    name: 'lockerops_job_queue_depth',
    help: 'Jobs of each pg-boss queue: queued (due, scheduled or waiting for a retry) and active.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await readQueues()) {
        this.set({ queue: q.name, state: 'queued' }, q.queued);
        this.set({ queue: q.name, state: 'active' }, q.active);
      }
    },
  });
  new Gauge({
    name: 'lockerops_job_queue_oldest_seconds',
    help: 'Age of the oldest due job waiting in each pg-boss queue, in seconds (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await readQueues()) this.set({ queue: q.name }, Math.max(0, q.oldest ?? 0));
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requests.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    webhookDeliveryFailed(final) {
      webhookFailures.inc({ final: String(final) });
    },
    notificationDeliveryFailed(channel, final) {
      notificationFailures.inc({ channel, final: String(final) });
    },
    unlockOutcome(vendor, outcome) {
      unlocks.inc({ vendor, outcome });
    },
    circuitState(target, state) {
      if (state === 'closed') breakerStates.delete(target);
      else breakerStates.set(target, state);
    },
    async render() {
      queues = null;
      try {
        return { contentType: registry.contentType, body: await registry.metrics() };
      } finally {
        queues = null;
      }
    },
  };
}
