import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outboundPolicyOf } from '../lib/outbound';
import type { SecretBox } from '../lib/secrets';
import { createGeocoder, type Geocoder } from './geocode';
import { createLockAdapter, type LockAdapter } from './locks';
import { createMailAdapter, type MailAdapter } from './mail';
import { createPaymentsAdapter, type PaymentsAdapter } from './payments';
import { type ChargeGateway, createStripeCharges, sandboxCharges, stripeClient } from './payments/charges';
import { createStripePlans, type PlanSync, sandboxPlans } from './payments/plans';
import { createSmsAdapter, type SmsAdapter, type TwilioResolver } from './sms';
import { createLocalStorage, type StorageAdapter } from './storage';

/**
 * Every outside system of the server, each behind its interface (ARCHITECTURE: Adapters are built
 * once). Built by `createAdapters` in `buildApp` and carried on the app context (`app.ctx`);
 * services receive the ones they use. Tests replace any of them through `BuildOptions.adapters`.
 */
export interface Adapters {
  mail: MailAdapter;
  /** Text messages; the driver is chosen per organization (`SmsAdapter.driverFor`). */
  sms: SmsAdapter;
  /** Connected payment accounts of organizations (Stripe Connect or the sandbox). */
  payments: PaymentsAdapter;
  /** Charges and refunds of transactions: Stripe on the organization's account, or the sandbox. */
  charges: ChargeGateway;
  /** Membership plans kept in step at the provider (Stripe products and prices), or local only. */
  plans: PlanSync;
  locks: LockAdapter;
  storage: StorageAdapter;
  geocoder: Geocoder;
}

/**
 * Builds the adapters of the configuration; an adapter given in `overrides` is used as it is
 * (and one not given is built from `config`). Nothing here is module state: two apps built in one
 * process (tests) have their own adapters.
 */
export function createAdapters(
  config: Config,
  deps: { db: Db; log: FastifyBaseLogger; twilioResolver?: TwilioResolver; secrets?: SecretBox },
  overrides: Partial<Adapters> = {},
): Adapters {
  const stripe = config.stripeSecretKey
    ? stripeClient(config.stripeSecretKey, config.stripeApiBase)
    : undefined;
  return {
    mail:
      overrides.mail ??
      createMailAdapter({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        db: deps.db,
        log: deps.log,
      }),
    sms:
      overrides.sms ??
      createSmsAdapter({
        db: deps.db,
        log: deps.log,
        twilio: config.twilio && { ...config.twilio, baseUrl: config.twilioBaseUrl },
        resolve: deps.twilioResolver,
      }),
    payments:
      overrides.payments ??
      createPaymentsAdapter({
        stripeSecretKey: config.stripeSecretKey,
        publicUrl: config.publicUrl,
        client: stripe,
      }),
    charges: overrides.charges ?? (stripe ? createStripeCharges({ client: stripe }) : sandboxCharges),
    plans: overrides.plans ?? (stripe ? createStripePlans(stripe) : sandboxPlans),
    locks:
      overrides.locks ??
      createLockAdapter({
        openTimeoutMs: config.lockOpenTimeoutMs,
        jamLimit: config.lockJamLimit,
        unseal: deps.secrets && ((sealed) => deps.secrets!.decrypt(sealed)),
        outbound: outboundPolicyOf(config),
      }),
    storage: overrides.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads')),
    geocoder: overrides.geocoder ?? createGeocoder(config.geocodeUrl),
  };
}
