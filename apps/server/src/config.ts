import { isIP } from 'node:net';
import path from 'node:path';
import { isAcceptablePassword } from '@lockerops/contract';
import { z } from 'zod';
import { parseOutboundAllow } from './lib/outbound';

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`: an address, or a range with a valid prefix length. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...more] = entry.split('/');
  const family = isIP(address);
  if (!family || more.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The environment, parsed by one schema (ARCHITECTURE: Configuration).
 * Unknown variables are ignored; invalid ones stop the process with a clear message.
 */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  WIDGET_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  DELIVERY_PICKUP_LIMIT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3 * 24 * 3600),
  LOCK_OPEN_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  LOCK_JAM_LIMIT: z.coerce.number().int().min(1).default(3),
});

export type Config = {
  port: number;
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
  /** Calls per minute per client address on the public widget API. */
  widgetRateLimit: number;
  /** How long a delivered parcel waits for its recipient before it expires, seconds (three days). */
  deliveryPickupLimitSeconds: number;
  /** How long an acknowledged unlock may wait for the door's open report before it counts as jammed, ms. */
  lockOpenTimeoutMs: number;
  /** Jams in a row after which a door goes to maintenance by itself (a location may set its own). */
  lockJamLimit: number;
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
    widgetRateLimit: e.WIDGET_RATE_LIMIT,
    twilioBaseUrl: e.TWILIO_BASE_URL || undefined,
    deliveryPickupLimitSeconds: e.DELIVERY_PICKUP_LIMIT_SECONDS,
    lockOpenTimeoutMs: e.LOCK_OPEN_TIMEOUT_MS,
    lockJamLimit: e.LOCK_JAM_LIMIT,
  };
}
