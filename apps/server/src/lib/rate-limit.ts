import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { countHit, hitsOf, pruneHits } from './queries/rate-limit';

/** Hits older than this are pruned (the longest window in use is a minute). */
const KEEP_MS = 60 * 60_000;
/** One hit in this many also prunes the expired windows. */
const PRUNE_EVERY = 200;

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store of `@fastify/rate-limit` in PostgreSQL (table `rate_limit_hits`): fixed windows of the
 * limit's `timeWindow`, one upserted row per key and window, so every server process behind a
 * balancer counts against the same budget (the plugin's default store is each process's memory).
 * Keys are hashed (SHA-256) before they are stored: a client address never reaches the table.
 * A failed write answers an error, which the plugin lets through (`skipOnError`): a database blip
 * never refuses customers. `now` is injectable for tests. Used by the widget, the kiosk and the
 * customer app limits (README: Configuration, `WIDGET_RATE_LIMIT`).
 */
export function postgresRateLimitStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let calls = 0;
  const windowOf = (timeWindow: number) => {
    const t = now();
    const start = t - (t % timeWindow);
    return { windowStart: new Date(start), ttl: start + timeWindow - t };
  };
  const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');
  const store: FastifyRateLimitStore & {
    read(key: string, done: Done, timeWindow: number): void;
  } = {
    incr(key, done: Done, timeWindow?: number) {
      const { windowStart, ttl } = windowOf(timeWindow ?? 60_000);
      calls += 1;
      const prune = calls % PRUNE_EVERY === 0 ? pruneHits({ db, before: new Date(now() - KEEP_MS) }) : null;
      countHit({ db, key: hashed(key), windowStart })
        .then(async (current) => {
          await prune;
          done(null, { current, ttl });
        })
        .catch((err: Error) => done(err));
    },
    read(key, done, timeWindow) {
      const { windowStart, ttl } = windowOf(timeWindow);
      hitsOf({ db, key: hashed(key), windowStart })
        .then((current) => done(null, { current, ttl }))
        .catch((err: Error) => done(err));
    },
    child: () => store,
  };
  // the plugin builds its store with `new`; a function answering an object serves as constructor
  return function PostgresRateLimitStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
