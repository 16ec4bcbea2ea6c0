import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, type DemoResult } from '../scripts/demo/build';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, signIn, type TestApp } from './helpers';

let t: TestApp;
let result: DemoResult;
let admin: { authorization: string };

/** The demo builder on a test database with small counts (`npm run demo` makes the full size). */
beforeAll(async () => {
  // the demo's simulated Kerong bridge listens on this machine
  t = await createTestApp({ GEOCODE_URL: 'off', OUTBOUND_ALLOW: '127.0.0.1' });
  result = await buildDemo({
    app: t.app,
    database: t.database,
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    counts: { users: 24, devicesPerLocation: 10, days: 6, perDay: 24 },
  });
  admin = bearer(await signIn(t.app));
}, 600_000);
afterAll(() => t.close());

const total = async (path: string) => {
  const res = await t.app.inject({
    url: `/api/${path}${path.includes('?') ? '&' : '?'}size=1`,
    headers: admin,
  });
  expect(res.statusCode, path).toBe(200);
  return res.json().total as number;
};

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('npm run demo (scripts/demo)', () => {
  it('fills every area through the API', async () => {
    expect(result.created).toBe(true);
    expect(await total('locations')).toBe(3);
    // ten virtual doors a location, and two Kerong doors behind the simulated bridge
    expect(await total('devices')).toBe(32);
    expect(await total('users')).toBe(24);
    for (const area of [
      'sizes',
      'prices',
      'promos',
      'memberships',
      'products',
      'product-groups',
      'conditions',
      'locker-walls',
    ])
      expect(await total(area), area).toBeGreaterThan(0);
    const subscribers = await rows<{ n: number }>('select count(*)::int as n from membership_users');
    expect(subscribers[0]!.n).toBeGreaterThan(0);
  });

  it('made transactions of every mode in several statuses, each with its history log', async () => {
    for (const mode of ['storage', 'rental', 'service', 'delivery', 'vending'])
      expect(await total(`events?by_type=${mode}`), mode).toBeGreaterThan(0);
    const statuses = await rows<{ event_status: string }>('select distinct event_status from transactions');
    const seen = new Set(statuses.map((s) => s.event_status));
    expect(seen.has('finished')).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(3);
    // Life-cycle steps, not finished rows: every transaction has its start in the log, finished ones an end step.
    const unlogged = await rows<{ n: number }>(
      `select count(*)::int as n from transactions t where not exists (select 1 from transaction_logs l where l.id_event = t.id and l.status_before is null)`,
    );
    expect(unlogged[0]!.n).toBe(0);
    const steps = await rows<{ action: string }>('select distinct action from transaction_logs');
    const actions = new Set(steps.map((s) => s.action));
    for (const a of [
      'start',
      'user_pickup',
      'return',
      'pickup',
      'charge',
      'dropoff',
      'create_delivery',
      'purchase',
    ])
      expect(actions.has(a), a).toBe(true);
    const events = await rows<{ n: number }>('select count(*)::int as n from domain_events');
    expect(events[0]!.n).toBeGreaterThan(0);
  });

  it('spread the history over the past days and charged storage for the elapsed time', async () => {
    const span = await rows<{ oldest: string; newest: string }>(
      'select min(started_at)::text as oldest, max(started_at)::text as newest from transactions',
    );
    const oldest = Date.parse(span[0]!.oldest);
    expect(Date.now() - oldest).toBeGreaterThan(3 * 86_400_000);
    expect(Date.parse(span[0]!.newest)).toBeLessThanOrEqual(Date.now());
    const logs = await rows<{ bad: number }>(
      `select count(*)::int as bad from transaction_logs l join transactions t on t.id = l.id_event where l.created_at < t.created_at - interval '1 second'`,
    );
    expect(logs[0]!.bad).toBe(0);
    const paid = await rows<{ n: number }>(
      `select count(*)::int as n from transactions where event_type = 'storage' and event_status = 'finished' and total > 0 and total_time > 3600`,
    );
    expect(paid[0]!.n).toBeGreaterThan(0);
  });

  it('shows a door left open, a lock offline and a bridge offline on Fleet health', async () => {
    const alerts = await rows<{ kind: string }>("select kind from device_alerts where state = 'open'");
    expect(alerts.map((a) => a.kind).sort()).toEqual(['bridge_offline', 'door_left_open', 'lock_offline']);
  });

  it('moved door unlocks and issues back with their transactions', async () => {
    const unlocks = await rows<{ n: number; oldest: string; newest: string }>(
      'select count(*)::int as n, min(requested_at)::text as oldest, max(requested_at)::text as newest from device_unlocks',
    );
    expect(unlocks[0]!.n).toBeGreaterThan(0);
    // spread over the history, not stamped with the minute the demo ran
    expect(Date.parse(unlocks[0]!.newest) - Date.parse(unlocks[0]!.oldest)).toBeGreaterThan(3 * 86_400_000);
    // each step of an unlock's timeline keeps its order
    const disordered = await rows<{ n: number }>(
      `select count(*)::int as n from device_unlocks where coalesce(opened_at, sent_at, requested_at) < requested_at
        or opened_at > now() or requested_at > now()`,
    );
    expect(disordered[0]!.n).toBe(0);
    const issues = await rows<{ n: number; oldest: string }>(
      // the fleet-health alerts' issues are raised now, at the end of the demo
      "select count(*)::int as n, min(created_at)::text as oldest from issues where reporter_name is distinct from 'Fleet health'",
    );
    // the small demo may report no issue; the full one does
    if (issues[0]!.n > 1) expect(Date.now() - Date.parse(issues[0]!.oldest)).toBeGreaterThan(86_400_000);
    // an issue of a transaction is not older than the transaction
    const early = await rows<{ n: number }>(
      `select count(*)::int as n from issues i join transactions t on t.id = i.id_event
        where i.created_at < t.created_at - interval '1 second'`,
    );
    expect(early[0]!.n).toBe(0);
  });

  it('says so and adds nothing when run again', async () => {
    const before = await total('events');
    const again = await buildDemo({
      app: t.app,
      database: t.database,
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(again.created).toBe(false);
    expect(await total('events')).toBe(before);
    expect(await total('locations')).toBe(3);
  });
});
