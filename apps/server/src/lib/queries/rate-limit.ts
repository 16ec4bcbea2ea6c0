/**
 * The statements of the rate limits' store (`lib/rate-limit.ts`): count a hit, read a window, prune.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

/**
 * Counts one hit of `key` in the window starting at `windowStart` and answers the window's hits so
 * far (this one included): one upsert, so concurrent processes never lose a hit.
 */
export async function countHit({ db, key, windowStart }: { db: Db; key: string; windowStart: Date }) {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return row?.hits ?? 1;
}

/** Reads the hits of `key` in the window starting at `windowStart` (0 when none), counting nothing. */
export async function hitsOf({ db, key, windowStart }: { db: Db; key: string; windowStart: Date }) {
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(sql`${rateLimitHits.key} = ${key} and ${rateLimitHits.windowStart} = ${windowStart}`);
  return row?.hits ?? 0;
}

/** Deletes the hits of windows that started before `before`. */
export async function pruneHits({ db, before }: { db: Db; before: Date }) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
