import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  demoOrg,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { webhookAttempts, webhookMessages } from '../../db/schema';
import { emit } from '../../domain-events';
import { createJobRunner, type JobRunner } from '../../jobs';
import { withTenant } from '../../tenancy';
import { dropOverflow, retryDelaySeconds, webhookDeliveryOptions, webhookDispatcher } from './service/worker';

/** Org A's 36 endpoints point at a server that accepts and never answers; org B's one at a healthy one. */
const ENDPOINTS_A = 36;
let t: TestApp;
let silent: http.Server;
const silentSockets = new Set<Socket>();
let healthy: http.Server;
const arrivals = new Map<string, number>();
let orgA: string;
let orgB: string;
let adminA: Record<string, string>;
let adminB: Record<string, string>;
let runner: JobRunner;

const listen = async (s: http.Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`;
};

beforeAll(async () => {
  silent = http.createServer(() => {
    /* never answers */
  });
  silent.on('connection', (c) => {
    silentSockets.add(c);
    c.on('close', () => silentSockets.delete(c));
  });
  healthy = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const id = JSON.parse(body).data.subject.id as string;
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      res.writeHead(204).end();
    });
  });
  const silentUrl = await listen(silent);
  const healthyUrl = await listen(healthy);
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_MAX_ENDPOINTS: String(ENDPOINTS_A) });
  adminA = bearer(await signIn(t.app));
  orgA = (await demoOrg(t)).id;
  const b = await createOrganization(t, 'Hooks B');
  orgB = b.id;
  await createMember(t, orgB, { email: 'admin@hooks-b.test' });
  adminB = bearer(await signIn(t.app, 'admin@hooks-b.test', undefined, 'hooks-b.localhost'));
  for (let i = 0; i < ENDPOINTS_A; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: adminA,
      payload: { url: `${silentUrl}/${i}` },
    });
    expect(res.statusCode).toBe(201);
  }
  const b1 = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: adminB,
    payload: { url: healthyUrl },
  });
  expect(b1.statusCode).toBe(201);
  const pool = t.database.pool as unknown as { options: { connectionString: string } } | undefined;
  runner = createJobRunner({
    database: t.database,
    databaseUrl: pool?.options.connectionString,
    log: t.app.log,
    jobs: [],
    // the production settings: a pool of 16, 4 per organization, 5 s per attempt
    relays: [webhookDispatcher(webhookDeliveryOptions(t.config, t.app.ctx.secrets))],
  });
}, 120_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
  for (const s of silentSockets) s.destroy();
  silent.close();
  healthy.close();
});

/** A domain event of `organizationId`, committed; answers its subject id and when it committed. */
async function happen(organizationId: string): Promise<{ id: string; at: number }> {
  const id = randomUUID();
  await withTenant(t.database.db, organizationId, (tx) =>
    emit({
      tx,
      event: {
        organizationId,
        name: 'on_reservation',
        mode: 'delivery',
        subject: { type: 'reservation', id },
        payload: { tracking_number: id.slice(0, 8) },
      },
    }),
  );
  return { id, at: Date.now() };
}

const sendingOf = async (organizationId: string) =>
  Number(
    (
      (await t.database.db.execute(
        sql`select count(*) as n from webhook_messages where organization_id = ${organizationId} and status = 'sending'`,
      )) as unknown as { rows: Array<{ n: string | number }> }
    ).rows[0]!.n,
  );

describe('webhook delivery across organizations', () => {
  it('caps the endpoints of an organization (409 with the limit)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: adminA,
      payload: { url: 'http://127.0.0.1:9/one-too-many' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: TOOLBOX_MESSAGES.webhookLimit(ENDPOINTS_A) });
    // another organization is not counted against it
    const b = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: adminB,
    });
    expect(b.json().total).toBe(1);
  });

  it("delivers a healthy endpoint within 5 s while another organization's 36 endpoints time out", async () => {
    // org A's backlog: 3 events × 36 endpoints that never answer, each attempt held 5 s
    for (let i = 0; i < 3; i++) await happen(orgA);
    await runner.start();
    await new Promise((r) => setTimeout(r, 1000));
    const latencies: number[] = [];
    let maxSendingA = 0;
    for (let i = 0; i < 4; i++) {
      const ev = await happen(orgB);
      const deadline = Date.now() + 15_000;
      while (!arrivals.has(ev.id) && Date.now() < deadline) {
        maxSendingA = Math.max(maxSendingA, await sendingOf(orgA));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(arrivals.has(ev.id)).toBe(true);
      latencies.push(arrivals.get(ev.id)! - ev.at);
      await new Promise((r) => setTimeout(r, 1500));
    }
    console.info(`org B delivery latencies (ms) while org A times out: ${latencies.join(', ')}`);
    for (const ms of latencies) expect(ms).toBeLessThan(5000);
    // org A was being attempted meanwhile, never more than its share of the pool at once
    expect(maxSendingA).toBeGreaterThan(0);
    expect(maxSendingA).toBeLessThanOrEqual(t.config.webhookOrgConcurrency);
    const timedOut = await t.database.db
      .select({ error: webhookAttempts.error })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.organizationId, orgA));
    expect(timedOut.length).toBeGreaterThan(0);
    expect(timedOut[0]!.error).toBe('Timed out after 5 s');
    // the stop waits for the attempts in flight, bounded by their 5 s deadline
    const stopping = Date.now();
    await runner.stop();
    expect(Date.now() - stopping).toBeLessThan(8000);
    expect(await sendingOf(orgA)).toBe(0);
  }, 120_000);

  it('drops the oldest waiting messages of an organization past its queue cap', async () => {
    const before = await t.database.db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.organizationId, orgB), eq(webhookMessages.status, 'pending')));
    expect(before).toHaveLength(0);
    const events: Array<{ id: string; at: number }> = [];
    for (let i = 0; i < 5; i++) events.push(await happen(orgB));
    const dropped = await dropOverflow({ db: t.database.db }, 3);
    expect(dropped).toBeGreaterThanOrEqual(2);
    const rows = await t.database.db
      .select({
        status: webhookMessages.status,
        subject: sql<string>`${webhookMessages.payload}->'data'->'subject'->>'id'`,
      })
      .from(webhookMessages)
      .where(eq(webhookMessages.organizationId, orgB))
      .orderBy(asc(webhookMessages.createdAt));
    const mine = rows.filter((r) => events.some((e) => e.id === r.subject));
    expect(mine.map((r) => r.status)).toEqual(['failed', 'failed', 'pending', 'pending', 'pending']);
    const log = await t.database.db
      .select({ error: webhookAttempts.error })
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.organizationId, orgB), sql`${webhookAttempts.error} like 'Dropped:%'`));
    expect(log).toHaveLength(2);
    // org A's backlog is capped the same way
    const pendingA = await t.database.db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.organizationId, orgA), eq(webhookMessages.status, 'pending')));
    expect(pendingA.length).toBeLessThanOrEqual(3);
  });

  it('waits longer after each failed attempt, at most an hour', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(30, n, mid))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(30, 20, mid)).toBe(3600);
    expect(retryDelaySeconds(30, 1, () => 0)).toBe(22.5);
    expect(retryDelaySeconds(30, 1, () => 1)).toBe(37.5);
  });
});
