import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Metrics } from '../lib/metrics';
import { outboundPolicyOf } from '../lib/outbound';
import { guardAdapter, OutsideGate } from '../lib/outside';
import type { SecretBox } from '../lib/secrets';
import { createGeocoder, type Geocoder } from './geocode';
import { createLockAdapter, type LockAdapter, LockUnreachable } from './locks';
import { createMailAdapter, type MailAdapter } from './mail';
import { createBrandResolver } from './mail/layout';
import { createPaymentsAdapter, type PaymentsAdapter } from './payments';
import { type ChargeGateway, createStripeCharges, sandboxCharges, stripeClient } from './payments/charges';
import { createStripePlans, type PlanSync, sandboxPlans } from './payments/plans';
import { createSmsAdapter, type SmsAdapter, type SmsPurposeResolver, type TwilioResolver } from './sms';
import { createLocalStorage, type StorageAdapter } from './storage';

/**
 * Every outside system of the server, each behind its interface and built once (CONTRIBUTING.md
 * "Adapters (outside systems)"). Built by `createAdapters` in `buildApp` and carried on the app context (`app.ctx`);
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
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    twilioResolver?: TwilioResolver;
    /** The organization's SMS toggles (the Twilio dialog's); without it every purpose is on. */
    smsPurposes?: SmsPurposeResolver;
    secrets?: SecretBox;
    /** Counts unlock outcomes and the lock breakers' states (`/metrics`). */
    metrics?: Metrics;
  },
  overrides: Partial<Adapters> = {},
): Adapters {
  const stripe = config.stripeSecretKey
    ? stripeClient(config.stripeSecretKey, config.stripeApiBase)
    : undefined;
  const storage = overrides.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads'));
  const built: Adapters = {
    mail:
      overrides.mail ??
      createMailAdapter({
        brandOf: createBrandResolver(deps.db, storage),
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
        purposes: deps.smsPurposes,
        dataDir: config.dataDir,
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
        timeoutMs: config.lockTimeoutMs,
        openTimeoutMs: config.lockOpenTimeoutMs,
        jamLimit: config.lockJamLimit,
        gate: new OutsideGate({
          perOrganization: config.lockConcurrencyPerOrganization,
          failureThreshold: config.lockBreakerFailures,
          cooldownMs: config.lockBreakerCooldownMs,
          onChange: (target, state) => deps.metrics?.circuitState(`lock:${target}`, state),
        }),
        unseal: deps.secrets && ((sealed) => deps.secrets!.decrypt(sealed)),
        outbound: outboundPolicyOf(config),
      }),
    storage,
    geocoder: overrides.geocoder ?? createGeocoder(config.geocodeUrl),
  };
  const guarded = guardAdapters(built, config.outsideCallCheck, deps.log);
  return deps.metrics ? { ...guarded, locks: countUnlocks(guarded.locks, deps.metrics) } : guarded;
}

/** The lock adapter with each unlock's outcome counted by vendor (`lockerops_unlock_outcomes_total`). */
function countUnlocks(locks: LockAdapter, metrics: Metrics): LockAdapter {
  return {
    jamLimit: locks.jamLimit,
    gate: locks.gate,
    simulator: locks.simulator,
    boards: locks.boards,
    status: (t) => locks.status(t),
    async unlock(t, hooks) {
      try {
        const r = await locks.unlock(t, hooks);
        metrics.unlockOutcome(t.hardwareType, r.outcome);
        return r;
      } catch (err) {
        if (err instanceof LockUnreachable)
          metrics.unlockOutcome(t.hardwareType, err.skipped ? 'skipped' : 'offline');
        throw err;
      }
    },
  };
}

/**
 * The adapters with the rule "nothing outside is called inside a transaction" checked on every
 * call that leaves the process (lib/outside.ts `guardAdapter`): `throw` fails such a call (the
 * test suite), `log` reports it as an error with its stack. Storage stays unchecked (local files
 * by default, written in the step that uploads them).
 */
function guardAdapters(a: Adapters, check: Config['outsideCallCheck'], log: FastifyBaseLogger): Adapters {
  const report = (err: Error) => log.error({ err }, err.message);
  return {
    ...a,
    mail: guardAdapter('mail', a.mail, check, report, ['send']),
    sms: guardAdapter('sms', a.sms, check, report, ['send']),
    payments: guardAdapter('payments', a.payments, check, report),
    charges: guardAdapter('charges', a.charges, check, report),
    plans: guardAdapter('plans', a.plans, check, report),
    locks: guardAdapter('locks', a.locks, check, report, ['unlock', 'status']),
    geocoder: guardAdapter('geocoder', a.geocoder, check, report),
  };
}
