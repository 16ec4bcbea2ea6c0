import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import { rateLimitHits } from '../db/schema';
import { postgresRateLimitStore } from './rate-limit';

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Db;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** One hit through a store, as the plugin makes it. */
function hit(Store: ReturnType<typeof postgresRateLimitStore>, key: string, timeWindow = 60_000) {
  const store = new Store({});
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), timeWindow, 10),
  );
}

describe('the rate limits in PostgreSQL', () => {
  it('counts the hits of two server processes against one budget, per fixed window', async () => {
    let now = Date.UTC(2026, 11, 7, 10, 0, 5);
    const clock = () => now;
    const first = postgresRateLimitStore(database.db, clock);
    const second = postgresRateLimitStore(database.db, clock);
    expect(await hit(first, 'widget-ip:203.0.113.7')).toEqual({ current: 1, ttl: 55_000 });
    expect((await hit(second, 'widget-ip:203.0.113.7')).current).toBe(2);
    expect((await hit(first, 'widget-ip:203.0.113.7')).current).toBe(3);
    // another key has its own count
    expect((await hit(second, 'widget-ip:198.51.100.1')).current).toBe(1);
    // concurrent hits lose nothing
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => hit(i % 2 ? first : second, 'k')));
    expect(burst.map((r) => r.current).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // the next window starts again
    now += 60_000;
    expect(await hit(first, 'widget-ip:203.0.113.7')).toEqual({ current: 1, ttl: 55_000 });
  });

  it('stores no client address: keys are hashed', async () => {
    await hit(postgresRateLimitStore(database.db), 'widget-ip:192.0.2.55');
    const rows = await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key).not.toContain('192.0.2');
  });
});
