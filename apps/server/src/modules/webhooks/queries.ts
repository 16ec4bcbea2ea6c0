import type { TWebhookPayload } from '@lockerops/contract';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { organizations, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
type EndpointSet = Partial<Omit<typeof webhookEndpoints.$inferInsert, 'id' | 'organizationId'>>;

/** The organization's endpoint `id`, or undefined. */
export async function endpointOf({
  tx,
  organizationId,
  id,
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
}): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)));
  return row;
}

/** One page of the organization's endpoints, newest first, with their total. */
export async function endpointPage({
  tx,
  organizationId,
  limit,
  offset,
}: {
  tx: DbOrTx;
  organizationId: string;
  limit: number;
  offset: number;
}): Promise<{ rows: EndpointRow[]; total: number }> {
  const where = eq(webhookEndpoints.organizationId, organizationId);
  const [{ total }] = (await tx.select({ total: count() }).from(webhookEndpoints).where(where)) as [
    { total: number },
  ];
  const rows = await tx
    .select()
    .from(webhookEndpoints)
    .where(where)
    .orderBy(desc(webhookEndpoints.createdAt))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/**
 * How many endpoints the organization has, counted under a per-organization advisory lock held to
 * the end of the transaction, so two concurrent creates cannot both pass the cap.
 */
export async function countEndpointsLocked({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${organizationId}))`,
  );
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))) as [{ n: number }];
  return n;
}

/** Inserts an endpoint of the organization; answers its row. */
export async function insertEndpoint({
  tx,
  organizationId,
  values,
}: {
  tx: Tx;
  organizationId: string;
  values: Omit<typeof webhookEndpoints.$inferInsert, 'organizationId'>;
}): Promise<EndpointRow> {
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}

/** Sets columns of the organization's endpoint `id` (and `updatedAt`); answers the row after. */
export async function updateEndpointRow({
  tx,
  organizationId,
  id,
  set,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  set: EndpointSet;
}): Promise<EndpointRow> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)))
    .returning();
  return row!;
}

/** Deletes the organization's endpoint `id` (its messages and delivery log go with it). */
export async function deleteEndpointRow({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)));
}

/** One page of the delivery attempts of the organization's endpoint `id`, newest first, with their total. */
export async function attemptPage({
  tx,
  organizationId,
  id,
  limit,
  offset,
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
  limit: number;
  offset: number;
}) {
  const where = and(eq(webhookAttempts.organizationId, organizationId), eq(webhookAttempts.endpointId, id));
  const [{ total }] = (await tx.select({ total: count() }).from(webhookAttempts).where(where)) as [
    { total: number },
  ];
  const rows = await tx
    .select({
      a: webhookAttempts,
      m: { webhookId: webhookMessages.webhookId, eventType: webhookMessages.eventType },
    })
    .from(webhookAttempts)
    .innerJoin(
      webhookMessages,
      and(
        eq(webhookMessages.id, webhookAttempts.messageId),
        eq(webhookMessages.organizationId, webhookAttempts.organizationId),
      ),
    )
    .where(where)
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/** The message of the organization's delivery attempt `deliveryId` at endpoint `endpointId`, or undefined. */
export async function messageOfAttempt({
  tx,
  organizationId,
  endpointId,
  deliveryId,
}: {
  tx: Tx;
  organizationId: string;
  endpointId: string;
  deliveryId: string;
}): Promise<string | undefined> {
  const [a] = await tx
    .select({ messageId: webhookAttempts.messageId })
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.id, deliveryId),
        eq(webhookAttempts.endpointId, endpointId),
        eq(webhookAttempts.organizationId, organizationId),
      ),
    );
  return a?.messageId;
}

/**
 * Queues the organization's finished (succeeded or failed) message `id` again, due now; false when
 * it is still being delivered.
 */
export async function requeueMessage({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  const [m] = await tx
    .update(webhookMessages)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      queuedAt: sql`now()`,
      leaseUntil: null,
      dispatches: sql`${webhookMessages.dispatches} + 1`,
    })
    .where(
      and(
        eq(webhookMessages.id, id),
        eq(webhookMessages.organizationId, organizationId),
        or(eq(webhookMessages.status, 'succeeded'), eq(webhookMessages.status, 'failed')),
      ),
    )
    .returning({ id: webhookMessages.id });
  return !!m;
}

/**
 * The organization's enabled endpoints subscribed to `eventName` (no events: all), while the
 * organization has the Toolbox feature (webhooks are one: a revoked flag gets none).
 */
export function subscribedEndpoints({
  tx,
  organizationId,
  eventName,
}: {
  tx: Tx;
  organizationId: string;
  eventName: string;
}) {
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(
      organizations,
      and(eq(organizations.id, webhookEndpoints.organizationId), eq(organizations.toolbox, true)),
    )
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.enabled, true),
        sql`(cardinality(${webhookEndpoints.events}) = 0 OR ${eventName} = ANY(${webhookEndpoints.events}))`,
      ),
    );
}

/** Puts one message per endpoint in the organization's outbox. */
export async function insertMessages({
  tx,
  organizationId,
  endpointIds,
  webhookId,
  eventType,
  payload,
}: {
  tx: Tx;
  organizationId: string;
  endpointIds: string[];
  webhookId: string;
  eventType: string;
  payload: TWebhookPayload;
}): Promise<void> {
  await tx.insert(webhookMessages).values(
    endpointIds.map((endpointId) => ({
      organizationId,
      endpointId,
      webhookId,
      eventType,
      payload,
      queuedAt: sql`now()`,
    })),
  );
}

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
