import { and, eq, lt, sql } from 'drizzle-orm';
import { organizations, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { QueueDefinition, RelayDefinition } from '../../jobs/runner';
import type { OutboundPolicy } from '../../lib/outbound';
import type { SecretBox } from '../../lib/secrets';
import { guardedPost, signedHeaders } from './delivery';

export const WEBHOOK_QUEUE = 'webhook-deliver';
/** How long a message is retried after it was queued. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600 * 1000;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * The relay of the webhook outbox: claims pending messages (`FOR UPDATE SKIP LOCKED`, so several
 * processes never claim one twice), gives each a job id, commits, then sends the jobs. At start it
 * also re-sends messages a crashed process had claimed (same job id: pg-boss ignores a duplicate).
 */
export const webhookRelay = (opts: { intervalMs?: number } = {}): RelayDefinition => ({
  name: 'webhook-relay',
  intervalMs: opts.intervalMs ?? 1000,
  async run(ctx, send, { recover }) {
    const claimed = await ctx.db.transaction(async (tx) =>
      rowsOf<{ id: string; job_id: string }>(
        await tx.execute(sql`
          UPDATE ${webhookMessages} m SET status = 'queued', job_id = gen_random_uuid(), queued_at = now(),
            dispatches = m.dispatches + 1
          WHERE m.id IN (SELECT id FROM ${webhookMessages} WHERE status = 'pending'
            ORDER BY created_at LIMIT 200 FOR UPDATE SKIP LOCKED)
          RETURNING m.id, m.job_id`),
      ),
    );
    const stranded = recover
      ? await ctx.db
          .select({ id: webhookMessages.id, job_id: webhookMessages.jobId })
          .from(webhookMessages)
          .where(
            and(
              eq(webhookMessages.status, 'queued'),
              lt(webhookMessages.queuedAt, new Date(ctx.now().getTime() - 60_000)),
            ),
          )
      : [];
    for (const m of [...claimed, ...stranded]) await send(WEBHOOK_QUEUE, { messageId: m.id }, m.job_id!);
    return claimed.length;
  },
});

/**
 * The delivery worker: POSTs one message, signed the Standard Webhooks way with the endpoint's
 * current secret (not at all, marked failed, when the endpoint is disabled or the organization's
 * `toolbox` feature was revoked), logs the attempt (status code, latency, response excerpt), and throws on failure
 * so pg-boss retries it with exponential backoff (`retryDelay` seconds, doubled per attempt, at
 * most an hour apart) — until 24 hours after it was queued, when it is marked failed.
 */
export function webhookQueue(opts: {
  secrets: SecretBox;
  allowPrivate: boolean;
  /** The server's outbound policy (`OUTBOUND_ALLOW`); default: `allowPrivate` alone. */
  outbound?: OutboundPolicy;
  retryDelaySeconds: number;
}): QueueDefinition {
  return {
    name: WEBHOOK_QUEUE,
    options: {
      retryLimit: 40,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 60,
    },
    async handler(ctx, job) {
      const messageId = String(job.data.messageId);
      const [row] = await ctx.db
        .select({ m: webhookMessages, e: webhookEndpoints, toolbox: organizations.toolbox })
        .from(webhookMessages)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
        .innerJoin(organizations, eq(organizations.id, webhookMessages.organizationId))
        .where(eq(webhookMessages.id, messageId));
      if (row?.m.status !== 'queued' || row.m.jobId !== job.id) return;
      const { m, e } = row;
      const setStatus = (status: 'succeeded' | 'failed') =>
        ctx.db
          .update(webhookMessages)
          .set({ status })
          .where(and(eq(webhookMessages.id, m.id), eq(webhookMessages.jobId, job.id)));
      // a disabled endpoint, or an organization whose Toolbox feature was revoked: nothing is sent
      if (!e.enabled || !row.toolbox) {
        await setStatus('failed');
        return;
      }
      const body = JSON.stringify(m.payload);
      const result = await guardedPost({
        url: e.url,
        body,
        headers: signedHeaders(opts.secrets.decrypt(e.secretEnc), m.webhookId, body, ctx.now()),
        allowPrivate: opts.allowPrivate,
        outbound: opts.outbound,
      });
      await ctx.db.insert(webhookAttempts).values({
        organizationId: m.organizationId,
        endpointId: e.id,
        messageId: m.id,
        attempt: job.retryCount + 1,
        replay: m.dispatches > 1,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        succeeded: result.succeeded,
        responseExcerpt: result.responseExcerpt,
        error: result.error,
      });
      if (result.succeeded) {
        await setStatus('succeeded');
        return;
      }
      const expired = ctx.now().getTime() - (m.queuedAt ?? m.createdAt).getTime() >= WEBHOOK_RETRY_WINDOW_MS;
      if (expired || job.retryCount >= job.retryLimit) {
        await setStatus('failed');
        return;
      }
      throw new Error(result.error ?? `Endpoint answered ${result.statusCode}`);
    },
  };
}
