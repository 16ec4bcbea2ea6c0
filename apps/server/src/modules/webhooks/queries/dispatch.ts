import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../../db/schema';

// ——— the dispatcher: it works across organizations on the owner's handle ———

/** A claimed message with what its attempt needs. */
export interface Claimed {
  id: string;
  organization_id: string;
  endpoint_id: string;
  webhook_id: string;
  payload: unknown;
  attempts: number;
  dispatches: number;
  queued_at: Date | string | null;
  created_at: Date | string;
  url: string;
  secret_enc: string;
  /** The endpoint is enabled and its organization still has the Toolbox feature. */
  enabled: boolean;
}

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows);

/**
 * Claims up to `slots` due messages fairly across organizations (see `claimDueMessages` in
 * worker.ts), leased for `leaseSeconds`; answers them with their endpoint.
 */
export async function claimMessages({
  db,
  slots,
  perOrganization,
  leaseSeconds,
}: {
  db: Db;
  slots: number;
  perOrganization: number;
  leaseSeconds: number;
}): Promise<Claimed[]> {
  const due = sql`((m.status = 'pending' AND m.next_attempt_at <= now()) OR (m.status = 'sending' AND m.lease_until <= now()))`;
  return rowsOf<Claimed>(
    await db.execute(sql`
      WITH busy AS (
        SELECT organization_id, count(*)::int AS n FROM ${webhookMessages}
        WHERE status = 'sending' AND lease_until > now()
        GROUP BY organization_id
      ), due AS (
        SELECT m.id, m.organization_id,
          row_number() OVER (PARTITION BY m.organization_id ORDER BY m.next_attempt_at, m.created_at, m.id) AS rn,
          min(m.next_attempt_at) OVER (PARTITION BY m.organization_id) AS org_first
        FROM ${webhookMessages} m
        WHERE m.status IN ('pending', 'sending') AND ${due}
      ), pick AS (
        SELECT d.id FROM due d LEFT JOIN busy b ON b.organization_id = d.organization_id
        WHERE d.rn + coalesce(b.n, 0) <= ${perOrganization}
        ORDER BY d.rn, d.org_first, d.id
        LIMIT ${slots}
      ), locked AS (
        SELECT m.id FROM ${webhookMessages} m
        WHERE m.id IN (SELECT id FROM pick) AND ${due}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${webhookMessages} m
      SET status = 'sending', attempts = m.attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseSeconds})
      FROM locked l, ${webhookEndpoints} e
      WHERE m.id = l.id AND e.id = m.endpoint_id AND e.organization_id = m.organization_id
      RETURNING m.id, m.organization_id, m.endpoint_id, m.webhook_id, m.payload, m.attempts,
        m.dispatches, m.queued_at, m.created_at, e.url, e.secret_enc,
        (e.enabled AND coalesce((SELECT o.toolbox FROM organizations o WHERE o.id = m.organization_id), false))
          AS enabled`),
  );
}

/**
 * Fails the oldest pending messages of each organization beyond `maxQueued`, each with a
 * delivery-log entry saying it was dropped. Answers how many were dropped.
 */
export async function dropQueuedBeyond({ db, maxQueued }: { db: Db; maxQueued: number }): Promise<number> {
  const dropped = rowsOf<{ id: string }>(
    await db.execute(sql`
      WITH over AS (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY organization_id ORDER BY created_at DESC, id DESC) AS rn
          FROM ${webhookMessages} WHERE status = 'pending'
        ) x WHERE rn > ${maxQueued}
      ), gone AS (
        UPDATE ${webhookMessages} m SET status = 'failed', lease_until = NULL
        FROM over o WHERE m.id = o.id AND m.status = 'pending'
        RETURNING m.id, m.organization_id, m.endpoint_id, m.attempts, m.dispatches
      )
      INSERT INTO ${webhookAttempts}
        (organization_id, endpoint_id, message_id, attempt, replay, status_code, latency_ms, succeeded, error)
      SELECT organization_id, endpoint_id, id, attempts + 1, dispatches > 1, NULL, 0, false,
        ${`Dropped: more than ${maxQueued} messages of this organization were waiting; the oldest are dropped.`}
      FROM gone
      RETURNING id`),
  );
  return dropped.length;
}

/** The condition that a claimed message is still this worker's (its claim was not taken over). */
const stillClaimed = (m: Pick<Claimed, 'id' | 'organization_id' | 'attempts'>) =>
  sql`id = ${m.id} AND organization_id = ${m.organization_id} AND status = 'sending' AND attempts = ${m.attempts}`;

/** Fails a claimed message without sending it (its endpoint is disabled, or the feature revoked). */
export async function failClaimed({ db, message }: { db: Db; message: Claimed }): Promise<void> {
  await db.execute(
    sql`UPDATE ${webhookMessages} SET status = 'failed', lease_until = NULL WHERE ${stillClaimed(message)}`,
  );
}

/** What became of one attempt. */
export type ClaimOutcome = { status: 'succeeded' | 'failed' } | { status: 'pending'; retryInSeconds: number };

/**
 * In one statement: moves a claimed message on (`outcome`) and logs the attempt, unless another
 * worker took the claim over meanwhile.
 */
export async function recordAttempt({
  db,
  message: m,
  outcome,
  result,
}: {
  db: Db;
  message: Claimed;
  outcome: ClaimOutcome;
  result: {
    statusCode: number | null;
    latencyMs: number;
    succeeded: boolean;
    responseExcerpt: string | null;
    error: string | null;
  };
}): Promise<void> {
  const next: SQL =
    outcome.status === 'pending'
      ? sql`status = 'pending', lease_until = NULL,
          next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds})`
      : outcome.status === 'succeeded'
        ? sql`status = 'succeeded', lease_until = NULL`
        : sql`status = 'failed', lease_until = NULL`;
  await db.execute(sql`
    WITH moved AS (UPDATE ${webhookMessages} SET ${next} WHERE ${stillClaimed(m)} RETURNING id)
    INSERT INTO ${webhookAttempts}
      (organization_id, endpoint_id, message_id, attempt, replay, status_code, latency_ms, succeeded,
       response_excerpt, error)
    SELECT ${m.organization_id}, ${m.endpoint_id}, id, ${m.attempts}, ${m.dispatches > 1}, ${result.statusCode},
      ${result.latencyMs}, ${result.succeeded}, ${result.responseExcerpt}, ${result.error}
    FROM moved`);
}
