import type { TLocation, TSignInResponse } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client';
import { deliveryExpiryJob } from '../../src/jobs/delivery-expiry';
import { DEMO_MARKER_LOCATION } from './catalog';
import { ApiClient } from './client';
import { showFleetHealth } from './health';
import { driveHistory, planHistory } from './history';
import { Random } from './random';
import { createSetup, createVendingProduct } from './setup';
import { shiftSetup } from './time-shift';

/** How much the demo makes; the test uses small numbers. */
export interface DemoCounts {
  /** Customers. */
  users: number;
  /** Doors (virtual devices) on each of the three locker walls. */
  devicesPerLocation: number;
  /** Days of history before today. */
  days: number;
  /** Transactions a day at full size (60 doors); scaled with the number of doors. */
  perDay: number;
}

/** The full demo: 200 users, 60 doors, 30 days. */
export const DEFAULT_COUNTS: DemoCounts = { users: 200, devicesPerLocation: 20, days: 30, perDay: 14 };

export interface DemoOptions {
  /** The real app (`buildApp`) on a migrated, seeded database. */
  app: FastifyInstance;
  database: Database;
  /** The admin the console would sign in as. */
  email: string;
  password: string;
  counts?: Partial<DemoCounts>;
  /** Seed of the pseudo-random generator (fixed by default, so every run makes the same operator). */
  seed?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** What a run made, counted through the API afterwards. */
export interface DemoSummary {
  organization: string;
  locations: number;
  devices: number;
  users: number;
  products: number;
  transactions: number;
  /** Transactions per status, as `GET events?status=` counts them. */
  byStatus: Record<string, number>;
  /** Transactions per mode. */
  byMode: Record<string, number>;
  /** Partner API calls made. */
  calls: number;
  seconds: number;
}

export type DemoResult = { created: false; reason: string } | { created: true; summary: DemoSummary };

interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Fills the admin's organization with a believable operator through the partner API (see
 * README "Demo data"): signs in like the console, creates places, prices, people and products
 * with the console's calls, then drives `days` of transactions through their life cycle with
 * the kiosk (API key) and console calls, moving each one's rows back to its planned time
 * (time-shift.ts). Answers `created: false` when the organization already has the demo data.
 */
export async function buildDemo(opts: DemoOptions): Promise<DemoResult> {
  const started = Date.now();
  const counts = { ...DEFAULT_COUNTS, ...opts.counts };
  const log = opts.log ?? (() => {});
  const db = opts.database.db;
  const rnd = new Random(opts.seed ?? 20_240_601);

  const anonymous = new ApiClient(opts.app, {});
  const session = await anonymous.post<TSignInResponse>('auth/sign-in', {
    email: opts.email,
    password: opts.password,
  });
  if (!('id_token' in session))
    throw new Error(`${opts.email} must set a new password before the demo can run`);
  const admin = anonymous.as({ authorization: `Bearer ${session.id_token}` });
  const organization = session.user.organization;

  const existing = await admin.get<Page<TLocation>>(
    `locations?search=${encodeURIComponent(DEMO_MARKER_LOCATION)}&size=10`,
  );
  if (existing.items.some((l) => l.name === DEMO_MARKER_LOCATION))
    return {
      created: false,
      reason: `${organization.name} already has the demo data (location "${DEMO_MARKER_LOCATION}")`,
    };

  const setupStart = new Date(Date.now() - 1000);
  const { key } = await admin.post<{ key: string }>('api-keys');
  const kiosk = admin.as({ 'x-api-key': key });
  log(
    'creating sizes, prices, promo, conditions, products, locations, locker walls, devices, users, membership…',
  );
  const setup = await createSetup(admin, rnd, counts);

  const pickupLimitSeconds = opts.app.ctx.config.deliveryPickupLimitSeconds;
  const ctx = {
    admin,
    kiosk,
    db,
    setup,
    rnd,
    days: counts.days,
    perDay: counts.perDay,
    pickupLimitSeconds,
    vendingStock: [] as string[],
    runExpiryJob: async () => {
      await deliveryExpiryJob.handler({ db, log: opts.app.log, now: () => new Date() });
    },
  };
  const history = planHistory(ctx, Date.now() - 60_000);
  const firstStock = setup.vendingProducts.length;
  for (let i = 0; i < history.vendingStockNeeded; i++)
    ctx.vendingStock.push(await createVendingProduct(admin, firstStock + i));
  // The operator opened before its history began: the set-up moves back before the first day.
  await shiftSetup(db, organization.id, setupStart, (counts.days + 3) * 86_400_000);

  log(`driving ${history.plans.length} transactions over ${counts.days} days through the life cycle…`);
  const driven = await driveHistory(ctx, history);
  const health = await showFleetHealth({
    admin,
    db,
    locks: opts.app.ctx.locks,
    organizationId: organization.id,
    setup,
  });
  log(
    `fleet health: door ${health.leftOpen} left open, door ${health.offline} offline, the bridge at ${health.bridge} offline (alerts raised)`,
  );

  const total = async (path: string) =>
    (await admin.get<Page<unknown>>(`${path}${path.includes('?') ? '&' : '?'}size=1`)).total;
  const statuses = (await admin.get<{ items: Array<{ value: string }> }>('events/statuses')).items;
  const byStatus: Record<string, number> = {};
  for (const s of statuses) {
    const n = await total(`events?status=${s.value}`);
    if (n) byStatus[s.value] = n;
  }
  const byMode: Record<string, number> = {};
  for (const m of ['storage', 'rental', 'service', 'delivery', 'vending'])
    byMode[m] = await total(`events?by_type=${m}`);
  const summary: DemoSummary = {
    organization: organization.name,
    locations: await total('locations'),
    devices: await total('devices'),
    users: await total('users'),
    products: await total('products'),
    transactions: driven.transactions,
    byStatus,
    byMode,
    calls: anonymous.calls + admin.calls + kiosk.calls,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  return { created: true, summary };
}
