import type { TWebhookPayload } from '@lockerops/contract';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { organizations, webhookAttempts, webhookEndpoints, webhookMessages } from '../../../db/schema';

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
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))) as [{ total: number }];
  const rows = await tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
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
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.organizationId, organizationId), eq(webhookAttempts.endpointId, id)))) as [
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
    .where(and(eq(webhookAttempts.organizationId, organizationId), eq(webhookAttempts.endpointId, id)))
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
  // a named prepared statement: read by every domain event of a transaction step
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(
      organizations,
      and(eq(organizations.id, webhookEndpoints.organizationId), eq(organizations.toolbox, true)),
    )
    .where(
      and(
        eq(webhookEndpoints.organizationId, sql.placeholder('org')),
        eq(webhookEndpoints.enabled, true),
        sql`(cardinality(${webhookEndpoints.events}) = 0 OR ${sql.placeholder('name')}::text = ANY(${webhookEndpoints.events}))`,
      ),
    )
    .prepare('webhook_endpoints_subscribed')
    .execute({ org: organizationId, name: eventName });
}

/**
 * Whether the organization (with the `toolbox` feature) has an enabled endpoint subscribed to
 * `eventName`, as a boolean SQL expression: the domain event's insert asks it
 * (`DomainEventSubscriber.interest`) so an event no endpoint wants costs no read of its own.
 */
export const endpointsExistSql = ({
  organizationId,
  eventName,
}: {
  organizationId: string;
  eventName: string;
}) =>
  sql<boolean>`exists (select 1 from ${webhookEndpoints} join ${organizations} on ${organizations.id} = ${webhookEndpoints.organizationId} and ${organizations.toolbox} where ${webhookEndpoints.organizationId} = ${organizationId} and ${webhookEndpoints.enabled} and (cardinality(${webhookEndpoints.events}) = 0 or ${eventName}::text = any(${webhookEndpoints.events})))`;

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
