import { monitorEventLoopDelay } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** How often the event-loop lag is judged, ms: the window its median is taken over. */
const WINDOW_MS = 5000;
/** Fewer samples than this in a window (the loop was blocked by one long step) judge nothing. */
const MIN_SAMPLES = 5;

/**
 * Overload shedding (`@fastify/under-pressure`, README.md "Running in production"). When this process is
 * overloaded every request answers 503 `{ detail }` with `Retry-After`
 * (`OVERLOAD_RETRY_AFTER_SECONDS`) at once, instead of queueing without bound; a load balancer
 * sends the client to another process, and `GET /api/health` answers 503 too (a readiness signal).
 * `/metrics` is never shed. Overloaded means, judged every 5 s:
 * - the event loop lags: the median delay of its ticks over the window passes
 *   `OVERLOAD_MAX_EVENT_LOOP_DELAY_MS` (default 2 s). The median, over at least 5 ticks, and not
 *   the mean: one long synchronous step (a large document, an embedded-database query) delays one
 *   tick and is not overload; a backlog of work delays them all;
 * - or event-loop utilization (0–1, over the window), heap or RSS pass their limits, each off
 *   unless set (`OVERLOAD_MAX_EVENT_LOOP_UTILIZATION`, `OVERLOAD_MAX_HEAP_MB`, `OVERLOAD_MAX_RSS_MB`).
 * The database pool's own queue is bounded by `DATABASE_POOL_TIMEOUT_MS` (503 past it, errors.ts).
 */
export async function installOverloadShedding(app: FastifyInstance, config: Config): Promise<void> {
  const o = config.overload;
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  app.addHook('onClose', async () => lag.disable());
  await app.register(underPressure, {
    sampleInterval: WINDOW_MS,
    maxEventLoopUtilization: o.maxEventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: o.maxHeapMb * 1024 * 1024,
    maxRssBytes: o.maxRssMb * 1024 * 1024,
    retryAfter: o.retryAfterSeconds,
    healthCheckInterval: WINDOW_MS,
    healthCheck: async () => {
      const lagging =
        o.maxEventLoopDelayMs > 0 &&
        lag.count >= MIN_SAMPLES &&
        lag.percentile(50) / 1e6 > o.maxEventLoopDelayMs;
      lag.reset();
      if (lagging) app.log.warn('event loop lagging: shedding load with 503 until it recovers');
      return !lagging;
    },
  });
}
