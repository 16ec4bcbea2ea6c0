import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createOutboundPolicy, isPrivateAddress, type OutboundPolicy } from '../../../lib/outbound';

export { isPrivateAddress } from '../../../lib/outbound';

/**
 * Whether a URL's host is known to be private without a DNS look-up: `localhost` names and IP
 * literals in the blocked ranges. Used when an endpoint is saved (400); names are checked again
 * when each request connects.
 */
export function isPrivateUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) ? isPrivateAddress(host) : false;
}

/** The answer of one delivery attempt. */
export interface DeliveryResult {
  statusCode: number | null;
  latencyMs: number;
  succeeded: boolean;
  responseExcerpt: string | null;
  error: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;
const EXCERPT = 1000;

/**
 * POSTs `body` to `url` with `headers` and answers what happened, never throwing. The connection
 * goes through the outbound policy (`lib/outbound`: the host resolved once, private, loopback,
 * link-local and every other special range and this host's own addresses refused unless
 * `allowPrivate` or `OUTBOUND_ALLOW`, the connection pinned to the checked address); the whole exchange times out after
 * `timeoutMs` (10 s); up to 3 redirects are followed with the same checks, as a POST for 307/308 —
 * a redirect to a refused address fails the attempt. A 2xx answer is a success. `signal` (the job
 * runner's, when the process shuts down) cuts the exchange short: the attempt fails, to be retried.
 */
export async function guardedPost(opts: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  /** The server's outbound policy (`OUTBOUND_ALLOW`); default: `allowPrivate` alone. */
  outbound?: OutboundPolicy;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<DeliveryResult> {
  const outbound = opts.outbound ?? createOutboundPolicy({ allowPrivate: opts.allowPrivate });
  const started = performance.now();
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const deadline = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const done = (r: Omit<DeliveryResult, 'latencyMs'>): DeliveryResult => ({
    ...r,
    latencyMs: Math.round(performance.now() - started),
  });
  let url = opts.url;
  let method = 'POST';
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const res = await request(
        url,
        method,
        method === 'POST' ? opts.body : undefined,
        opts,
        outbound,
        deadline,
      );
      if (REDIRECTS.has(res.statusCode) && res.location) {
        url = new URL(res.location, url).toString();
        if (res.statusCode === 303) method = 'GET';
        continue;
      }
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return done({ statusCode: res.statusCode, succeeded: ok, responseExcerpt: res.excerpt, error: null });
    }
    return done({ statusCode: null, succeeded: false, responseExcerpt: null, error: 'Too many redirects' });
  } catch (err) {
    const message = opts.signal?.aborted
      ? 'Interrupted: the server shut down'
      : deadline.aborted
        ? 'Timed out after 10 s'
        : err instanceof Error
          ? err.message
          : String(err);
    return done({ statusCode: null, succeeded: false, responseExcerpt: null, error: message });
  }
}

async function request(
  url: string,
  method: string,
  body: string | undefined,
  opts: { headers: Record<string, string> },
  outbound: OutboundPolicy,
  signal: AbortSignal,
): Promise<{ statusCode: number; location?: string; excerpt: string | null }> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('Only http and https URLs');
  // every hop (redirects too) is resolved once, checked, and connected to the checked address
  const checked = await outbound.resolve(u.hostname);
  const lookup = ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
    o?.all
      ? cb(null, [{ address: checked.address, family: checked.family }])
      : cb(null, checked.address, checked.family)) as unknown as net.LookupFunction;
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      {
        method,
        headers:
          body === undefined
            ? { 'user-agent': opts.headers['user-agent'] ?? 'Lockerops-Webhooks' }
            : { ...opts.headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < EXCERPT) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
            excerpt: size ? Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT) : null,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(randomBytes: (n: number) => Buffer): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one message: `webhook-id`, `webhook-timestamp` (Unix seconds)
 * and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`), made with the
 * reference library `standardwebhooks`.
 */
export function signedHeaders(secret: string, webhookId: string, body: string, at = new Date()) {
  const signature = new Webhook(secret).sign(webhookId, at, body);
  return {
    'content-type': 'application/json',
    'user-agent': 'Lockerops-Webhooks/1.0',
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
