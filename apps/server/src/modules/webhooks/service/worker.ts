import type { Config } from '../../../config';
import type { JobContext, RelayDefinition } from '../../../lib/job-runner';
import { type OutboundPolicy, outboundPolicyOf } from '../../../lib/outbound';
import type { SecretBox } from '../../../lib/secrets';
import {
  type Claimed,
  claimMessages,
  dropQueuedBeyond,
  failClaimed,
  recordAttempt,
} from '../queries/dispatch';
import { guardedPost, signedHeaders } from './delivery';

/** How long a message is retried after it was queued (or replayed). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600 * 1000;
/** The longest wait between two attempts of a message. */
export const WEBHOOK_RETRY_DELAY_MAX_SECONDS = 3600;
/** How often the per-organization queue cap is enforced. */
const TRIM_EVERY_MS = 10_000;

/** The settings of webhook delivery (README: Webhooks — delivery; config `WEBHOOK_*`). */
export interface WebhookDeliveryOptions {
  secrets: SecretBox;
  allowPrivate: boolean;
  /** The server's outbound policy (`OUTBOUND_ALLOW`); default: `allowPrivate` alone. */
  outbound?: OutboundPolicy;
  /** First retry delay, seconds; doubled per attempt (±25 % jitter), at most an hour. */
  retryDelaySeconds: number;
  /** Deliveries in flight at once in this process (the pool). */
  concurrency: number;
  /** Deliveries in flight at once for one organization, across every process. */
  perOrganization: number;
  /** Deadline of one attempt (connect, send, answer), milliseconds. */
  timeoutMs: number;
  /** Attempts of one dispatch before the message is failed (within the 24-hour window). */
  maxAttempts: number;
  /** Messages one organization may have waiting; beyond, the oldest are dropped. */
  maxQueued: number;
  /** How often the dispatcher looks for due messages, milliseconds. */
  intervalMs?: number;
}

/** The delivery settings of the configuration (`WEBHOOK_*`). */
export function webhookDeliveryOptions(config: Config, secrets: SecretBox): WebhookDeliveryOptions {
  return {
    secrets,
    allowPrivate: config.webhookAllowPrivate,
    outbound: outboundPolicyOf(config),
    retryDelaySeconds: config.webhookRetryDelaySeconds,
    concurrency: config.webhookConcurrency,
    perOrganization: config.webhookOrgConcurrency,
    timeoutMs: config.webhookTimeoutMs,
    maxAttempts: config.webhookMaxAttempts,
    maxQueued: config.webhookMaxQueued,
  };
}

/**
 * Claims up to `slots` due messages, fairly: the due messages of each organization are ranked
 * (oldest due first) and taken rank by rank across organizations — every organization's first
 * before anyone's second — and an organization never has more than `perOrganization` in flight
 * (counted across processes from the live claims). `FOR UPDATE SKIP LOCKED` keeps two processes
 * from claiming one message; a claim lasts `leaseSeconds`, after which a crashed worker's message
 * is due again. Answers the claimed messages with their endpoint.
 */
export async function claimDueMessages(
  ctx: Pick<JobContext, 'db'>,
  p: { slots: number; perOrganization: number; leaseSeconds: number },
): Promise<Claimed[]> {
  if (p.slots <= 0) return [];
  return claimMessages({ db: ctx.db, ...p });
}

/**
 * Enforces the per-organization cap on waiting messages: beyond `maxQueued` pending messages of
 * one organization, the oldest are failed, each with a delivery-log entry saying it was dropped
 * (it can be replayed from the log). Answers how many were dropped.
 */
export async function dropOverflow(ctx: Pick<JobContext, 'db'>, maxQueued: number): Promise<number> {
  return dropQueuedBeyond({ db: ctx.db, maxQueued });
}

/** The wait before the next attempt after `attempts` failed ones: base × 2^(attempts−1), ±25 %, at most an hour. */
export function retryDelaySeconds(base: number, attempts: number, random = Math.random): number {
  const raw = Math.min(base * 2 ** Math.max(0, attempts - 1), WEBHOOK_RETRY_DELAY_MAX_SECONDS);
  return Math.min(raw * (0.75 + random() * 0.5), WEBHOOK_RETRY_DELAY_MAX_SECONDS);
}

/**
 * Makes one attempt of a claimed message: POSTs it signed the Standard Webhooks way with the
 * endpoint's current secret (no database transaction is open meanwhile), then, in one statement,
 * logs the attempt (status code, latency, response excerpt or error) and moves the message on:
 * succeeded; or pending again after the backoff; or failed once `maxAttempts` attempts are made or
 * 24 hours have passed since it was queued. A message whose claim another worker took over
 * meanwhile (the lease ran out) is left to that worker.
 */
export async function deliverClaimed(
  ctx: Pick<JobContext, 'db' | 'now' | 'metrics' | 'signal'>,
  m: Claimed,
  opts: WebhookDeliveryOptions,
): Promise<void> {
  // a disabled endpoint, or an organization whose Toolbox feature was revoked: nothing is sent
  if (!m.enabled) {
    await failClaimed({ db: ctx.db, message: m });
    return;
  }
  const body = JSON.stringify(m.payload);
  const result = await guardedPost({
    url: m.url,
    body,
    headers: signedHeaders(opts.secrets.decrypt(m.secret_enc), m.webhook_id, body, ctx.now()),
    allowPrivate: opts.allowPrivate,
    outbound: opts.outbound,
    timeoutMs: opts.timeoutMs,
    signal: ctx.signal,
  });
  // guardedPost names its default deadline; say the one this attempt had
  const error = result.error?.replace(
    /^Timed out after \d+ s$/,
    `Timed out after ${opts.timeoutMs / 1000} s`,
  );
  const queued = new Date(m.queued_at ?? m.created_at);
  const expired = ctx.now().getTime() - queued.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
  if (!result.succeeded) ctx.metrics?.webhookDeliveryFailed(expired || m.attempts >= opts.maxAttempts);
  await recordAttempt({
    db: ctx.db,
    message: m,
    outcome: result.succeeded
      ? { status: 'succeeded' }
      : expired || m.attempts >= opts.maxAttempts
        ? { status: 'failed' }
        : { status: 'pending', retryInSeconds: retryDelaySeconds(opts.retryDelaySeconds, m.attempts) },
    result: { ...result, error: error ?? null },
  });
}

/**
 * The webhook dispatcher (README: Webhooks — delivery), run by the job runner of every process:
 * every `intervalMs` (250 ms) it claims due messages for its free slots (`concurrency`, 16),
 * fairly across organizations (`claimDueMessages`: each organization's oldest first, at most
 * `perOrganization` in flight per organization), and delivers them concurrently, each attempt
 * bounded by `timeoutMs`; it does not wait for them before the next look. Every 10 s it drops
 * the oldest waiting messages of an organization past `maxQueued`. `drain()` waits for the
 * deliveries in flight (graceful stop).
 */
export function webhookDispatcher(opts: WebhookDeliveryOptions): RelayDefinition {
  const inFlight = new Set<Promise<void>>();
  const leaseSeconds = Math.ceil(opts.timeoutMs / 1000) + 30;
  let lastTrim = 0;
  return {
    name: 'webhook-dispatch',
    intervalMs: opts.intervalMs ?? 250,
    async run(ctx) {
      if (Date.now() - lastTrim >= TRIM_EVERY_MS) {
        lastTrim = Date.now();
        const dropped = await dropOverflow(ctx, opts.maxQueued);
        if (dropped) ctx.log.warn({ dropped }, 'webhook messages dropped: an organization queue was full');
      }
      const claimed = await claimDueMessages(ctx, {
        slots: opts.concurrency - inFlight.size,
        perOrganization: opts.perOrganization,
        leaseSeconds,
      });
      for (const m of claimed) {
        const p: Promise<void> = deliverClaimed(ctx, m, opts)
          .catch((err) => ctx.log.error({ err, message: m.id }, 'webhook delivery failed'))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      return claimed.length;
    },
    async drain() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
