import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { devices, locations, sizes } from '../../db/schema';
import { createJobRunner, type JobRunner } from '../../jobs';
import { webhookDeliveryOptions, webhookDispatcher } from '../webhooks/service/worker';

/**
 * `GET /metrics`: Prometheus text behind `METRICS_TOKEN`, request durations by route
 * pattern, the pools (PostgreSQL), the job queues, and the counters other code increments —
 * webhook delivery failures are counted by the delivery worker itself. And overload shedding:
 * past a limit every request answers 503 with Retry-After, except `/metrics`.
 */
const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
let runner: JobRunner | undefined;
let receiver: http.Server;
let receiverUrl: string;

const scrape = async (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of the first sample of `name` whose labels include every `label="value"` given. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').pop());
  }
  return undefined;
}

async function until<T>(fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('GET /metrics', () => {
  beforeAll(async () => {
    receiver = http.createServer((_req, res) => res.writeHead(500).end('down'));
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    t = await createTestApp({ METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' });
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
    receiver?.close();
  });

  it('answers 404 without the token, with a wrong one, and when METRICS_TOKEN is unset', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(404);
    expect((await scrape(TOKEN)).statusCode).toBe(404);
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('counts requests by route pattern, and shows the counters code increments', async () => {
    const admin = bearer(await signIn(t.app));
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({
      method: 'GET',
      url: '/api/sizes/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    t.app.ctx.metrics.unlockOutcome('kerong', 'offline');
    t.app.ctx.metrics.unlockOutcome('kerong', 'offline');
    t.app.ctx.metrics.unlockOutcome('linka', 'opened');
    t.app.ctx.metrics.circuitState('lock:kerong:10.0.0.5:4001', 'open');
    t.app.ctx.metrics.circuitState('lock:kerong:bridge.plant.local:4001', 'open');
    t.app.ctx.metrics.circuitState('lock:linka:https://tenant-vendor.example/api', 'open');
    t.app.ctx.metrics.circuitState('lock:linka:https://tenant-vendor.example/api', 'closed');
    t.app.ctx.metrics.notificationDeliveryFailed('sms', false);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sample(text, 'lockerops_http_request_duration_seconds_count', health)).toBe(1);
    // the pattern, not the id: one series for every size
    expect(
      sample(text, 'lockerops_http_request_duration_seconds_count', {
        route: '/api/sizes/:id',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(sample(text, 'lockerops_unlock_outcomes_total', { vendor: 'kerong', outcome: 'offline' })).toBe(2);
    expect(sample(text, 'lockerops_unlock_outcomes_total', { vendor: 'linka', outcome: 'opened' })).toBe(1);
    // breakers are counted by vendor; the hosts and URLs organizations typed never become labels
    expect(
      sample(text, 'lockerops_circuit_breakers', { kind: 'lock', vendor: 'kerong', state: 'open' }),
    ).toBe(2);
    expect(sample(text, 'lockerops_circuit_breakers', { vendor: 'linka' })).toBeUndefined();
    for (const secret of ['10.0.0.5', 'bridge.plant.local', 'tenant-vendor.example'])
      expect(text).not.toContain(secret);
    expect(
      sample(text, 'lockerops_notification_delivery_failures_total', { channel: 'sms', final: 'false' }),
    ).toBe(1);
    // Node's own metrics come along
    expect(text).toContain('lockerops_process_cpu_seconds_total');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'lockerops_db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThan(
        0,
      );
      expect(sample(text, 'lockerops_db_pool_connections', { pool: 'main', state: 'waiting' })).toBe(0);
    }
  });

  it('shows the job queues, and counts the failed webhook deliveries of the worker', async () => {
    const admin = bearer(await signIn(t.app));
    const orgId = (await demoOrg(t)).id;
    const db = t.database.db;
    const [loc] = await db.insert(locations).values({ organizationId: orgId, name: 'Quay' }).returning();
    const [size] = await db
      .insert(sizes)
      .values({ organizationId: orgId, name: 'Small', width: '10', depth: '10', height: '10' })
      .returning();
    await db.insert(devices).values({
      organizationId: orgId,
      name: 'Locker 1',
      lockerNumber: 1,
      mode: 'delivery',
      hardwareType: 'virtual',
      idLocation: loc!.id,
      idSize: size!.id,
    });
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin,
      payload: { url: receiverUrl, events: ['on_reservation'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const pool = t.database.pool as unknown as { options: { connectionString: string } } | undefined;
    runner = createJobRunner({
      database: t.database,
      databaseUrl: pool?.options.connectionString,
      log: t.app.log,
      jobs: [],
      metrics: t.app.ctx.metrics,
      relays: [
        webhookDispatcher({
          ...webhookDeliveryOptions(t.config, t.app.ctx.secrets),
          allowPrivate: true,
          retryDelaySeconds: 60,
          intervalMs: 200,
        }),
      ],
      pollingIntervalSeconds: 0.5,
    });
    await runner.start();
    const reserved = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: admin,
      payload: {
        mode: 'delivery',
        tracking_number: 'M-1',
        id_location: loc!.id,
        id_size: size!.id,
        email: 'parcel@example.test',
        start_date: new Date(Date.now() + 3600_000).toISOString(),
        end_date: new Date(Date.now() + 7200_000).toISOString(),
      },
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    // the receiver answers 500: one failed attempt, retried in a minute (so still queued)
    const text = await until(async () => {
      const body = (await scrape(`Bearer ${TOKEN}`)).body;
      return sample(body, 'lockerops_webhook_delivery_failures_total', { final: 'false' }) === 1
        ? body
        : undefined;
    });
    expect(sample(text, 'lockerops_job_queue_depth', { queue: 'webhook-deliver', state: 'queued' })).toBe(1);
    expect(sample(text, 'lockerops_job_queue_oldest_seconds', { queue: 'webhook-deliver' })).toBe(0);
  }, 60_000);

  it('was never shed, with the default overload limits', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('overload shedding', () => {
  let shed: TestApp;
  beforeAll(async () => {
    // a heap limit every process passes: shed from the first judgement on (5 s after start)
    shed = await createTestApp({
      OVERLOAD_MAX_HEAP_MB: '1',
      OVERLOAD_RETRY_AFTER_SECONDS: '7',
      METRICS_TOKEN: TOKEN,
    });
  }, 60_000);
  afterAll(async () => {
    await shed?.close();
  });

  it('answers 503 with Retry-After to every request but /metrics', async () => {
    const res = await until(async () => {
      const r = await shed.app.inject({ method: 'GET', url: '/api/health' });
      return r.statusCode === 503 ? r : undefined;
    }, 15_000);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toMatchObject({ detail: 'Something went wrong! Please try again later.' });
    const signIn = await shed.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect(signIn.statusCode).toBe(503);
    const metrics = await shed.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
  }, 30_000);
});
