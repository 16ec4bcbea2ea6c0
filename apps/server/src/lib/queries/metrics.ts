/**
 * The metrics' statements (`lib/metrics.ts`): the jobs waiting in pg-boss's table and the webhook
 * messages waiting for their dispatcher, by queue. No tenant's rows: counts over every
 * organization, read on the owner handle.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A queue's jobs waiting and running, and the age in seconds of its oldest due job (or null). */
export interface QueueDepth {
  name: string;
  queued: number;
  active: number;
  oldest: number | null;
}

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows);

/** Every queue's depth; none before pg-boss has made its table. Throws the database's errors. */
export async function queueDepths(db: Db): Promise<QueueDepth[]> {
  const [exists] = rowsOf<{ t: string | null }>(
    await db.execute(sql`SELECT to_regclass('pgboss.job')::text AS t`),
  );
  if (!exists?.t) return [];
  return rowsOf<{ name: string; queued: number; active: number; oldest: number | null }>(
    await db.execute(sql`
      SELECT name,
        count(*) FILTER (WHERE state < 'active')::int AS queued,
        count(*) FILTER (WHERE state = 'active')::int AS active,
        extract(epoch FROM now() - min(created_on) FILTER (WHERE state < 'active' AND start_after <= now()))::float8 AS oldest
      FROM pgboss.job WHERE state <= 'active' GROUP BY name
      UNION ALL
      SELECT 'webhook-deliver',
        count(*) FILTER (WHERE status = 'pending')::int,
        count(*) FILTER (WHERE status = 'sending')::int,
        extract(epoch FROM now() - min(coalesce(next_attempt_at, created_at)) FILTER (WHERE status = 'pending' AND coalesce(next_attempt_at, created_at) <= now()))::float8
      FROM webhook_messages WHERE status IN ('pending', 'sending')`),
  );
}
