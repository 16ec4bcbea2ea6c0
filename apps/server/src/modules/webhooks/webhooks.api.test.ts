import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOOLBOX_MESSAGES, type TPage, type TWebhookDelivery, ZWebhookPayload } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { devices, locations, organizations, sizes, webhookMessages } from '../../db/schema';
import { createJobRunner, type JobRunner } from '../../jobs';
import { guardedPost, isPrivateAddress, isPrivateUrl } from './service/delivery';
import { webhookDispatcher } from './service/worker';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

let t: TestApp;
let admin: { authorization: string };
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** Answers of the receiver, in order; then 200. */
const script: number[] = [];
let runner: JobRunner;
let loc: string;
let small: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      const status = script.shift() ?? 200;
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'thanks' : 'try again later');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' });
  admin = bearer(await signIn(t.app));
  const orgId = (await demoOrg(t)).id;
  const db = t.database.db;
  const [l] = await db.insert(locations).values({ organizationId: orgId, name: 'Quay' }).returning();
  const [s] = await db
    .insert(sizes)
    .values({ organizationId: orgId, name: 'Small', width: '10', depth: '10', height: '10' })
    .returning();
  loc = l!.id;
  small = s!.id;
  for (const n of [1, 2, 3])
    await db.insert(devices).values({
      organizationId: orgId,
      name: `Locker ${n}`,
      lockerNumber: n,
      mode: 'delivery',
      hardwareType: 'virtual',
      idLocation: loc,
      idSize: small,
    });
  const pool = t.database.pool as unknown as { options: { connectionString: string } } | undefined;
  runner = createJobRunner({
    database: t.database,
    databaseUrl: pool?.options.connectionString,
    log: t.app.log,
    jobs: [],
    relays: [
      webhookDispatcher({
        secrets: t.app.ctx.secrets,
        allowPrivate: true,
        retryDelaySeconds: 1,
        concurrency: 4,
        perOrganization: 2,
        timeoutMs: 5000,
        maxAttempts: 12,
        maxQueued: 1000,
        intervalMs: 200,
      }),
    ],
  });
  await runner.start();
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
  receiver.close();
});

async function until<T>(fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const reserve = (tracking: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: admin,
    payload: {
      mode: 'delivery',
      tracking_number: tracking,
      id_location: loc,
      id_size: small,
      email: 'parcel@example.test',
      start_date: new Date(Date.now() + 3600_000).toISOString(),
      end_date: new Date(Date.now() + 7200_000).toISOString(),
    },
  });

describe('webhooks', () => {
  it('refuses a private address without WEBHOOK_ALLOW_PRIVATE', async () => {
    expect(isPrivateUrl('http://127.0.0.1:8080/x')).toBe(true);
    expect(isPrivateUrl('http://localhost/x')).toBe(true);
    expect(isPrivateUrl('http://169.254.169.254/latest')).toBe(true);
    expect(isPrivateUrl('http://10.1.2.3/')).toBe(true);
    expect(isPrivateUrl('https://example.com/hook')).toBe(false);
    expect(isPrivateAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isPrivateAddress('fe80::1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    // OUTBOUND_ALLOW is honoured when an endpoint is saved, as when it is called: the listed
    // receivers are accepted, every other private address still refused
    const strict = await createTestApp({ OUTBOUND_ALLOW: '10.9.8.0/24,hooks.localhost' });
    try {
      const h = bearer(await signIn(strict.app));
      const save = (url: string) =>
        strict.app.inject({ method: 'POST', url: '/api/webhooks', headers: h, payload: { url } });
      for (const url of ['http://127.0.0.1:9/hook', 'http://localhost/x', 'http://10.9.9.1/hook']) {
        const res = await save(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().detail).toBe(TOOLBOX_MESSAGES.urlPrivate);
      }
      const allowed = await save('http://10.9.8.7/hook');
      expect(allowed.statusCode).toBe(201);
      expect((await save('http://hooks.localhost:8080/in')).statusCode).toBe(201);
      const moved = await strict.app.inject({
        method: 'PUT',
        url: `/api/webhooks/${allowed.json().id}`,
        headers: h,
        payload: { url: 'http://192.168.1.10/hook' },
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().detail).toBe(TOOLBOX_MESSAGES.urlPrivate);
    } finally {
      await strict.close();
    }
    // At connection time too: a name resolving to loopback is refused, and nothing is sent.
    const before = received.length;
    const r = await guardedPost({
      url: receiverUrl.replace('127.0.0.1', 'localhost'),
      body: '{}',
      headers: {},
      allowPrivate: false,
    });
    expect(r.succeeded).toBe(false);
    expect(r.error).toMatch(/refused/);
    expect(received.length).toBe(before);
  }, 90_000); // builds a second app (a database from the template): slow on a busy machine

  it('does not follow a redirect to a private address', async () => {
    const redirector = http.createServer((_req, res) => res.writeHead(307, { location: receiverUrl }).end());
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      const before = received.length;
      const port = (redirector.address() as AddressInfo).port;
      // Allowed to reach the redirector itself only through the setting; the hop to the receiver is checked again.
      const r = await guardedPost({
        url: `http://127.0.0.1:${port}/`,
        body: '{}',
        headers: {},
        allowPrivate: false,
      });
      expect(r.succeeded).toBe(false);
      expect(received.length).toBe(before);
    } finally {
      redirector.close();
    }
  });

  it('signs, retries twice with backoff, logs three attempts, and replays with the same webhook-id', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin,
      payload: { url: receiverUrl, description: 'ERP', events: ['on_reservation'] },
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin })).json();
    expect(listed.items).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    script.push(500, 503);
    const start = received.length;
    expect((await reserve('HOOK-1')).statusCode).toBe(200);
    await until(async () => (received.length >= start + 3 ? true : undefined));
    const three = received.slice(start, start + 3);
    const ids = new Set(three.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // Exponential backoff: 1 s, then 2 s (±25 % jitter).
    expect(three[1]!.at - three[0]!.at).toBeGreaterThanOrEqual(750);
    expect(three[2]!.at - three[1]!.at).toBeGreaterThanOrEqual(1500);
    const last = three[2]!;
    const payload = new Webhook(endpoint.secret).verify(last.body, {
      'webhook-id': String(last.headers['webhook-id']),
      'webhook-timestamp': String(last.headers['webhook-timestamp']),
      'webhook-signature': String(last.headers['webhook-signature']),
    });
    const parsed = ZWebhookPayload.parse(payload);
    expect(parsed.type).toBe('on_reservation');
    expect(parsed.data.payload.tracking_number).toBe('HOOK-1');
    // A tampered body fails verification.
    expect(() =>
      new Webhook(endpoint.secret).verify(last.body.replace('HOOK-1', 'HOOK-2'), {
        'webhook-id': String(last.headers['webhook-id']),
        'webhook-timestamp': String(last.headers['webhook-timestamp']),
        'webhook-signature': String(last.headers['webhook-signature']),
      }),
    ).toThrow();

    type Log = TPage<TWebhookDelivery>;
    const log = await until<Log>(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/${endpoint.id}/deliveries`,
        headers: admin,
      });
      return res.json().total === 3 ? res.json() : undefined;
    });
    const attempts = [...log.items].sort((a, b) => a.attempt - b.attempt);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts.map((a) => a.status_code)).toEqual([500, 503, 200]);
    expect(attempts.filter((a) => a.succeeded)).toHaveLength(1);
    expect(attempts[0]!.response_excerpt).toBe('try again later');
    expect(attempts[2]!.webhook_id).toBe(three[0]!.headers['webhook-id']);

    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/deliveries/${attempts[0]!.id}/replay`,
      headers: admin,
    });
    expect(replay.statusCode).toBe(202);
    await until(async () => (received.length >= start + 4 ? true : undefined));
    expect(received[start + 3]!.headers['webhook-id']).toBe(three[0]!.headers['webhook-id']);
    const after = await until<Log>(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/${endpoint.id}/deliveries`,
        headers: admin,
      });
      return res.json().total === 4 ? res.json() : undefined;
    });
    expect(after.items.find((a) => a.replay)).toMatchObject({
      succeeded: true,
      attempt: 1,
    });

    // A rotated secret signs the next delivery; the old one no longer verifies.
    const rotated = (
      await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${endpoint.id}/rotate-secret`,
        headers: admin,
      })
    ).json();
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect((await reserve('HOOK-3')).statusCode).toBe(200);
    await until(async () => (received.length >= start + 5 ? true : undefined));
    const fifth = received[start + 4]!;
    const h = {
      'webhook-id': String(fifth.headers['webhook-id']),
      'webhook-timestamp': String(fifth.headers['webhook-timestamp']),
      'webhook-signature': String(fifth.headers['webhook-signature']),
    };
    expect(() => new Webhook(rotated.secret).verify(fifth.body, h)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(fifth.body, h)).toThrow();
  }, 90_000);

  it('sends nothing for a rolled-back step or an unsubscribed event, and hides other organizations', async () => {
    const before = received.length;
    // A refused create (no free locker for a wrong size) writes no message.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: admin,
      payload: {
        mode: 'delivery',
        tracking_number: 'HOOK-X',
        id_location: loc,
        id_size: loc,
        email: 'x@example.test',
        start_date: new Date(Date.now() + 3600_000).toISOString(),
        end_date: new Date(Date.now() + 7200_000).toISOString(),
      },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.length).toBe(before);
    const other = await createOrganization(t, 'Hook Other', (await demoOrg(t)).id);
    const [{ id }] = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin })).json()
      .items;
    expect(other.id).not.toBe(id);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/webhooks/${id}/deliveries?target_org=${other.id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
    const docs = (await t.app.inject({ method: 'GET', url: '/api/webhooks/events', headers: admin })).json();
    expect(docs.map((d: { type: string }) => d.type)).toContain('on_reservation');
  });

  it('sends nothing once the Toolbox feature is revoked', async () => {
    const orgId = (await demoOrg(t)).id;
    const db = t.database.db;
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin,
      payload: { url: receiverUrl, description: 'Revoked', events: ['on_reservation'] },
    });
    expect(endpoint.statusCode).toBe(201);
    await db.update(organizations).set({ toolbox: false }).where(eq(organizations.id, orgId));
    try {
      const before = received.length;
      const messages = async () => (await db.select({ id: webhookMessages.id }).from(webhookMessages)).length;
      const queued = await messages();
      const res = await reserve('HOOK-OFF');
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 2000));
      expect(received.length).toBe(before);
      expect(await messages()).toBe(queued);
    } finally {
      await db.update(organizations).set({ toolbox: true }).where(eq(organizations.id, orgId));
    }
  });
});
