import path from 'node:path';
import { isAcceptablePassword } from '@lockerops/contract';
import { z } from 'zod';
import { HEALTH_ENV, type HealthConfig, healthConfigOf } from './lib/health-config';
import { isAddressOrCidr, parseOutboundAllow } from './lib/outbound';

/**
 * The environment, parsed by one schema (README.md "Configuration").
 * Unknown variables are ignored; invalid ones stop the process with a clear message.
 */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('no-reply@lockerops.local'),
  ADMIN_EMAIL: z.string().email().default('admin@demo-org.test'),
  ADMIN_PASSWORD: z
    .string()
    .refine(
      isAcceptablePassword,
      'ADMIN_PASSWORD is too weak: use at least 8 characters with two of upper-case letters, lower-case letters and digits',
    )
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WEB_DIST: z.string().optional(),
  CUSTOMER_DIST: z.string().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isAddressOrCidr), {
      message: 'TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges',
    }),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  GEOCODE_URL: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.string().url().optional(),
  SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must have at least 32 characters').optional(),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  OUTBOUND_ALLOW: z.string().optional(),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  WEBHOOK_ORG_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  WEBHOOK_MAX_ENDPOINTS: z.coerce.number().int().min(1).default(20),
  WEBHOOK_MAX_QUEUED: z.coerce.number().int().min(1).default(10_000),
  WIDGET_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  WIDGET_MAX_OPEN_PER_CONTACT: z.coerce.number().int().min(1).default(3),
  WIDGET_MAX_OPEN_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  WIDGET_MAX_OPEN_PER_ORGANIZATION: z.coerce.number().int().min(1).default(200),
  WIDGET_CODES_PER_CONTACT: z.coerce.number().int().min(1).default(3),
  WIDGET_CODES_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  CODES_PER_ORGANIZATION_HOUR: z.coerce.number().int().min(1).default(300),
  WIDGET_SMS_COUNTRIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'WIDGET_SMS_COUNTRIES: two-letter country codes'))),
  DELIVERY_PICKUP_LIMIT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3 * 24 * 3600),
  KIOSK_OFFLINE_MINUTES: z.coerce.number().int().min(2).max(1440).default(10),
  LOCK_OPEN_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  LOCK_JAM_LIMIT: z.coerce.number().int().min(1).default(3),
  LOCK_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  LOCK_CONCURRENCY_PER_ORGANIZATION: z.coerce.number().int().min(1).default(8),
  LOCK_BREAKER_FAILURES: z.coerce.number().int().min(1).default(3),
  LOCK_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(0).default(30_000),
  ...HEALTH_ENV,
  OUTSIDE_CALL_CHECK: z.enum(['throw', 'log', 'off']).default('log'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(0).max(1000).default(3),
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  API_KEY_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_REPLICA_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).default(2000),
  DATABASE_REPLICA_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(5),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must have at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).default(0),
  OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(5),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
});

export type Config = {
  port: number;
  /** Address to listen on: loopback (127.0.0.1) by default; `HOST=0.0.0.0` for other machines. */
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword?: string;
  publicUrl: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** `json`: one JSON line per event (production); `pretty`: readable lines (`npm run dev`, needs pino-pretty). */
  logFormat?: 'json' | 'pretty';
  /** Built console to serve at `/`; absent in API-only tests. */
  webDist?: string;
  /** Built customer side (Lite App and kiosk, apps/customer) to serve at `/app` and `/kiosk`. */
  customerDist?: string;
  /**
   * Failed authentication attempts (wrong sign-in password, every forgot-password call, wrong reset
   * code, wrong current password) allowed per e-mail and organization per minute; per client
   * address three times this. Counted in the database, so shared by every server process.
   */
  authRateLimit: number;
  /**
   * Addresses or CIDR ranges of the reverse proxies whose `X-Forwarded-For` is believed (Fastify's
   * `trustProxy`); empty: none, the client address is the socket's.
   */
  trustProxy: string[];
  /** Lifetime of id tokens, seconds (60 minutes). */
  idTokenTtl: number;
  /** Stripe Connect when set; otherwise the offline sandbox payment provider. */
  stripeSecretKey?: string;
  /** Signing secret of the `POST /api/stripe/webhook` endpoint (`whsec_…`); unset → the webhook answers 503. */
  stripeWebhookSecret?: string;
  /** Stripe's API base (default https://api.stripe.com); a local stand-in in tests. */
  stripeApiBase?: string;
  /** Nominatim base URL; `off` switches address look-ups off; unset uses the public service. */
  geocodeUrl?: string;
  /** Twilio credentials for SMS; unset → SMS are logged and stored locally. */
  twilio?: { accountSid: string; authToken: string; from: string };
  /** Twilio's API base (default https://api.twilio.com); a local stand-in in tests. */
  twilioBaseUrl?: string;
  /** Key material for secrets stored encrypted (integration tokens, webhook secrets); unset → DATA_DIR/secrets.key. */
  secretsKey?: string;
  /** Let webhooks, vendor APIs and bridges reach every address (tests, closed networks). */
  webhookAllowPrivate: boolean;
  /**
   * `OUTBOUND_ALLOW`: host names, IP addresses and CIDRs that webhooks, vendor APIs and lock
   * bridges may reach although private (on-premises bridges); everything else must be public.
   */
  outboundAllow: string[];
  /** First retry delay of a failed webhook delivery, seconds; doubled (with jitter) per attempt, for 24 hours. */
  webhookRetryDelaySeconds: number;
  /** Deadline of one webhook attempt, milliseconds (connect, send, answer). */
  webhookTimeoutMs: number;
  /** Attempts of one webhook message before it fails (within its 24 hours). */
  webhookMaxAttempts: number;
  /** Webhook deliveries in flight at once in one process. */
  webhookConcurrency: number;
  /** Webhook deliveries in flight at once for one organization, across processes. */
  webhookOrgConcurrency: number;
  /** Webhook endpoints one organization may have (409 beyond). */
  webhookMaxEndpoints: number;
  /** Webhook messages one organization may have waiting; beyond, the oldest are dropped. */
  webhookMaxQueued: number;
  /** Calls per minute per client address on the public widget API. */
  widgetRateLimit: number;
  /**
   * Caps on open widget bookings (active, not yet ended): per contact (e-mail or phone), per client
   * address and per organization; past one, a booking answers 429.
   */
  widgetMaxOpen: { perContact: number; perAddress: number; perOrganization: number };
  /**
   * One-time codes (the widget's and the Lite App's sign-in): per contact in 10 minutes, per
   * client address (an IPv6 /64) in an hour, per organization in an hour
   * (`CODES_PER_ORGANIZATION_HOUR`, which also alerts the operator); past one, asking answers 429.
   */
  widgetCodes: { perContact: number; perAddress: number; perOrganization: number };
  /** Countries (ISO 3166 alpha-2) widget phone numbers may belong to besides the organization's own. */
  widgetSmsCountries: string[];
  /** How long a delivered parcel waits for its recipient before it expires, seconds (three days). */
  deliveryPickupLimitSeconds: number;
  /** Minutes a paired kiosk may go unseen before the team is told (else its organization's own). */
  kioskOfflineMinutes: number;
  /** How long an acknowledged unlock may wait for the door's open report before it counts as jammed, ms. */
  lockOpenTimeoutMs: number;
  /** Jams in a row after which a door goes to maintenance by itself (a location may set its own). */
  lockJamLimit: number;
  /** How long one call to a lock (its bridge, its vendor's API) may take before it counts as unreachable, ms. */
  lockTimeoutMs: number;
  /** Calls to locks one organization may have in flight at once in one process; the rest wait within their time box. */
  lockConcurrencyPerOrganization: number;
  /** Failures in a row of one lock target (a bridge, a vendor API) after which it is skipped for a while. */
  lockBreakerFailures: number;
  /** How long a failing lock target is skipped before one trial call, ms. */
  lockBreakerCooldownMs: number;
  /** Fleet health (`lib/health-config.ts`). */
  health: HealthConfig;
  /**
   * An adapter (locks, payments, mail, SMS, geocoding) called while a database transaction is
   * open: `throw` (the test suite), `log` an error (default) or `off`.
   */
  outsideCallCheck: 'throw' | 'log' | 'off';
  /**
   * PostgreSQL connections of this process: `size` in the main pool (writes, jobs, sign-in), `readSize`
   * in the pool of GET requests (0: GET requests share the main pool), and how long a request may
   * wait for a free connection before it answers 503 (`timeoutMs`, 0: no bound). Ignored on PGlite.
   */
  databasePool: { size: number; readSize: number; timeoutMs: number };
  /**
   * A PostgreSQL streaming replica (`DATABASE_REPLICA_URL`) for the console's reads: its lists, the
   * dashboard, reports and exports (db/replica.ts). `maxLagMs`: a replica further behind the primary
   * than this is skipped (`DATABASE_REPLICA_MAX_LAG_MS`, default 2000); `poolSize`: its connections
   * (`DATABASE_REPLICA_POOL_SIZE`, default 5). Absent: every read goes to the primary.
   */
  /**
   * How long a process keeps an API key's look-up, s (`API_KEY_CACHE_SECONDS`, default 5; 0: never):
   * a key revoked or rotated through another process, or whose organization was deactivated, still
   * answers that long in this one.
   */
  apiKeyCacheSeconds: number;
  databaseReplica?: { url: string; maxLagMs: number; poolSize: number };
  /** Bearer token of `GET /metrics`; unset → the route answers 404. */
  metricsToken?: string;
  /**
   * Overload shedding (`@fastify/under-pressure`): past any limit every request answers 503 with
   * `Retry-After: retryAfterSeconds` until the process recovers. 0 switches a limit off.
   * Event-loop delay in ms (mean over a second), event-loop utilization 0–1, heap and RSS in MB.
   */
  overload: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapMb: number;
    maxRssMb: number;
    retryAfterSeconds: number;
  };
  /** SIGTERM/SIGINT: how long in-flight requests and jobs may take before the process exits anyway, ms. */
  shutdownTimeoutMs: number;
};

/**
 * Resolves a relative path from where the person ran the command: npm runs a workspace script
 * (`npm start` → `npm run start -w apps/server`) inside the workspace, but sets `INIT_CWD` to the
 * directory npm was started in, so `DATA_DIR=./data` means `./data` at the repository root as the
 * README says. Without npm (`node …/main.ts`) the working directory counts.
 */
export function resolveFromInvocation(p: string, env: Record<string, string | undefined>): string {
  return path.resolve(env.INIT_CWD || process.cwd(), p);
}

/** Parses `process.env` (or a given record) into the server configuration. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolveFromInvocation(e.DATA_DIR, env),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDist: e.WEB_DIST,
    customerDist: e.CUSTOMER_DIST,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    idTokenTtl: 3600,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: e.STRIPE_API_BASE || undefined,
    geocodeUrl: e.GEOCODE_URL || undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    secretsKey: e.SECRETS_KEY || undefined,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    outboundAllow: parseOutboundAllow(e.OUTBOUND_ALLOW),
    webhookRetryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookMaxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
    webhookConcurrency: e.WEBHOOK_CONCURRENCY,
    webhookOrgConcurrency: e.WEBHOOK_ORG_CONCURRENCY,
    webhookMaxEndpoints: e.WEBHOOK_MAX_ENDPOINTS,
    webhookMaxQueued: e.WEBHOOK_MAX_QUEUED,
    widgetRateLimit: e.WIDGET_RATE_LIMIT,
    widgetMaxOpen: {
      perContact: e.WIDGET_MAX_OPEN_PER_CONTACT,
      perAddress: e.WIDGET_MAX_OPEN_PER_ADDRESS,
      perOrganization: e.WIDGET_MAX_OPEN_PER_ORGANIZATION,
    },
    widgetCodes: {
      perContact: e.WIDGET_CODES_PER_CONTACT,
      perAddress: e.WIDGET_CODES_PER_ADDRESS,
      perOrganization: e.CODES_PER_ORGANIZATION_HOUR,
    },
    widgetSmsCountries: e.WIDGET_SMS_COUNTRIES,
    twilioBaseUrl: e.TWILIO_BASE_URL || undefined,
    deliveryPickupLimitSeconds: e.DELIVERY_PICKUP_LIMIT_SECONDS,
    kioskOfflineMinutes: e.KIOSK_OFFLINE_MINUTES,
    lockOpenTimeoutMs: e.LOCK_OPEN_TIMEOUT_MS,
    lockJamLimit: e.LOCK_JAM_LIMIT,
    lockTimeoutMs: e.LOCK_TIMEOUT_MS,
    lockConcurrencyPerOrganization: e.LOCK_CONCURRENCY_PER_ORGANIZATION,
    lockBreakerFailures: e.LOCK_BREAKER_FAILURES,
    lockBreakerCooldownMs: e.LOCK_BREAKER_COOLDOWN_MS,
    health: healthConfigOf(e),
    outsideCallCheck: e.OUTSIDE_CALL_CHECK,
    databasePool: {
      size: e.DATABASE_POOL_SIZE,
      readSize: e.DATABASE_READ_POOL_SIZE,
      timeoutMs: e.DATABASE_POOL_TIMEOUT_MS,
    },
    apiKeyCacheSeconds: e.API_KEY_CACHE_SECONDS,
    databaseReplica: e.DATABASE_REPLICA_URL
      ? {
          url: e.DATABASE_REPLICA_URL,
          maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
          poolSize: e.DATABASE_REPLICA_POOL_SIZE,
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapMb: e.OVERLOAD_MAX_HEAP_MB,
      maxRssMb: e.OVERLOAD_MAX_RSS_MB,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
