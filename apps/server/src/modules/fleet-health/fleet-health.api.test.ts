import { and, eq } from 'drizzle-orm';
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
import {
  type BoardSimulator,
  createKerongDriver,
  createLockAdapter,
  kerongBoard,
} from '../../adapters/locks';
import { devices, issues, notificationDeliveries, webhookMessages } from '../../db/schema';
import { createJobRunner, type JobRunner } from '../../jobs';
import { createOutboundPolicy } from '../../lib/outbound';
import { OutsideGate } from '../../lib/outside';
import { healthPoller } from '.';

type H = { authorization: string };
let t: TestApp;
let admin: H;
let orgId: string;
let loc: string;
let sizeId: string;
let board: BoardSimulator;
let deadBoard: BoardSimulator;

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: H = admin,
) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let nextNumber = 700;
const create = async (over: Record<string, unknown> = {}, headers: H = admin, location = loc) => {
  const res = await inject(
    'POST',
    'devices',
    {
      name: `Door ${nextNumber}`,
      locker_number: nextNumber++,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: location,
      id_size: sizeId,
      ...over,
    },
    headers,
  );
  if (res.statusCode !== 200) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; locker_number: number };
};
const poll = async (headers: H = admin) => {
  const res = await inject('POST', 'fleet-health/poll', undefined, headers);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json() as { polled: number; raised: number; resolved: number };
};
const faults = async (id: string, body: Record<string, unknown>) => {
  const res = await inject('PUT', `fleet-health/devices/${id}/faults`, body);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const health = async (id: string) =>
  (await inject('GET', `fleet-health/devices/${id}`)).json() as {
    health: { state: string; alerts: string[]; online: boolean; battery: number | null; sensed: string };
    alerts: { kind: string; state: string; id_issue: string | null }[];
    timeline: unknown[];
  };
const alertsOf = async (id: string, kind: string) => (await health(id)).alerts.filter((a) => a.kind === kind);
const db = () => t.database.db;
/** The webhook messages, team messages and issues an alert made (by the alert's own words). */
const traces = async (kindText: string, door: string | number) => {
  const hooks = await db().select().from(webhookMessages).where(eq(webhookMessages.organizationId, orgId));
  const detail = (p: unknown) => (p as { data: { payload: { detail: string } } }).data.payload.detail;
  const mine = hooks.filter((h) => detail(h.payload).includes(kindText.replace('{door}', String(door))));
  const mails = (
    await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.organizationId, orgId))
  ).filter((d) => d.body.includes(kindText.replace('{door}', String(door))));
  const iss = (
    await db()
      .select()
      .from(issues)
      .where(and(eq(issues.organizationId, orgId), eq(issues.source, 'lock')))
  ).filter((i) => i.description.includes(kindText.replace('{door}', String(door))));
  return {
    alert: mine.filter((h) => h.eventType === 'device.alert').length,
    recovered: mine.filter((h) => h.eventType === 'device.recovered').length,
    mails: mails.length,
    issues: iss,
  };
};

beforeAll(async () => {
  board = await kerongBoard(3);
  deadBoard = await kerongBoard(5);
  deadBoard.behaviour.silent = true;
  t = await createTestApp(
    {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      HEALTH_POLL_SECONDS: '0.5',
      HEALTH_OFFLINE_AFTER: '2',
      HEALTH_ONLINE_AFTER: '2',
      HEALTH_LEFT_OPEN_SECONDS: '1',
      HEALTH_GRACE_SECONDS: '0',
    },
    undefined,
    {
      locks: createLockAdapter({
        drivers: {
          kerong: createKerongDriver({
            timeoutMs: 300,
            outbound: createOutboundPolicy({ allow: ['127.0.0.1'] }),
          }),
        },
        openTimeoutMs: 150,
        pollMs: 20,
        jamLimit: 2,
        timeoutMs: 1000,
        gate: new OutsideGate({ failureThreshold: 1000 }),
      }),
    },
  );
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  sizeId = (await inject('POST', 'sizes', { name: 'M', width: 10, depth: 10, height: 10 })).json().id;
  loc = (
    await inject('POST', 'locations', {
      name: 'Harbour',
      address: 'Harbour Road 1',
      contact_email: 'desk@x.test',
      contact_phone: '+15551234567',
    })
  ).json().id;
  const hook = await inject('POST', 'webhooks', { url: 'http://127.0.0.1:9/hook' });
  expect(hook.statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await board?.close();
  await deadBoard?.close();
});

describe('door faults raise one alert, one issue, one notification, one webhook, and clear', () => {
  it('forced open: opened without a command', async () => {
    const d = await create();
    await poll();
    expect((await health(d.id)).health).toMatchObject({ state: 'closed', online: true, battery: 96 });
    await faults(d.id, { door: 'forced' });
    expect((await poll()).raised).toBe(1);
    await poll(); // a second heartbeat with the door still open raises nothing more
    const h = await health(d.id);
    expect(h.health).toMatchObject({ state: 'alert', alerts: ['forced_open'], sensed: 'open' });
    const raised = await traces('door {door} opened without an unlock', d.locker_number);
    expect(raised).toMatchObject({ alert: 1, recovered: 0, mails: 1 });
    expect(raised.issues).toHaveLength(1);
    expect(raised.issues[0]!.status).toBe('pending');
    await faults(d.id, { door: null });
    expect((await poll()).resolved).toBe(1);
    const cleared = await traces('door {door} opened without an unlock', d.locker_number);
    expect(cleared).toMatchObject({ alert: 1, recovered: 1, mails: 1 });
    expect(cleared.issues[0]!.status).toBe('resolved');
    expect((await health(d.id)).health.state).toBe('closed');
    // the condition comes back: the same issue again, pending
    await faults(d.id, { door: 'forced' });
    await poll();
    const again = await traces('door {door} opened without an unlock', d.locker_number);
    expect(again.issues).toHaveLength(1);
    expect(again.issues[0]!.status).toBe('pending');
    await faults(d.id, { door: null });
    await poll();
  });

  it('door left open after a pickup, once the set time has passed', async () => {
    const d = await create();
    await faults(d.id, { door: 'left_open' });
    await poll();
    expect(await alertsOf(d.id, 'door_left_open')).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1100));
    await poll();
    expect(await alertsOf(d.id, 'door_left_open')).toMatchObject([{ state: 'open' }]);
    expect(await traces('door {door} was left open', d.locker_number)).toMatchObject({ alert: 1, mails: 1 });
    await faults(d.id, { door: null });
    await poll();
    expect(await alertsOf(d.id, 'door_left_open')).toMatchObject([{ state: 'resolved' }]);
    expect((await health(d.id)).health).toMatchObject({ state: 'closed' });
  });

  it('unlock not confirmed (stuck sensor), N failed unlocks → maintenance, back after a test unlock', async () => {
    const d = await create();
    await faults(d.id, { stuck_sensor: 'closed' });
    expect((await inject('PATCH', 'devices/unlock', { ids: [d.id] })).statusCode).toBe(502);
    await poll();
    expect((await health(d.id)).health.alerts).toEqual(['unlock_not_confirmed']);
    expect((await inject('PATCH', 'devices/unlock', { ids: [d.id] })).statusCode).toBe(502);
    expect((await inject('GET', `devices/${d.id}`)).json().status).toBe('maintenance');
    await poll();
    expect((await health(d.id)).health.alerts.sort()).toEqual(['unlock_failures', 'unlock_not_confirmed']);
    expect(await traces('door {door} failed several unlocks', d.locker_number)).toMatchObject({
      alert: 1,
      mails: 1,
    });
    await faults(d.id, { stuck_sensor: null });
    expect((await inject('PATCH', 'devices/unlock', { ids: [d.id] })).statusCode).toBe(200);
    expect((await poll()).resolved).toBe(2);
    expect((await inject('GET', `devices/${d.id}`)).json().status).toBe('available');
  });

  it('lock offline with hysteresis, and low battery', async () => {
    const d = await create();
    await poll();
    await faults(d.id, { offline: true, battery_low: true });
    await poll(); // one miss: still online
    expect((await health(d.id)).health.alerts).toEqual([]);
    await poll();
    const h = await health(d.id);
    expect(h.health).toMatchObject({ online: false, state: 'alert' });
    expect(h.health.alerts).toEqual(['lock_offline']);
    await faults(d.id, { offline: false });
    await poll(); // one answer: still offline
    expect((await health(d.id)).health.online).toBe(false);
    await poll();
    const back = await health(d.id);
    expect(back.health).toMatchObject({ online: true, battery: 10, alerts: ['battery_low'] });
    expect(await traces('the lock of door {door} is offline', d.locker_number)).toMatchObject({
      alert: 1,
      recovered: 1,
      mails: 1,
    });
    await faults(d.id, { battery_low: false });
    await poll();
    expect((await health(d.id)).health.alerts).toEqual([]);
    expect(back.timeline.length).toBeGreaterThanOrEqual(3);
  });
});

describe('Kerong boards behind a bridge', () => {
  it('a silent bridge is one bridge alert for all its doors; a forced door on a live board is its own', async () => {
    await inject('PUT', `locations/${loc}/lock-settings`, {
      bridge_host: '127.0.0.1',
      bridge_port: board.port,
    });
    const live = await create({ hardware_type: 'kerong', circuit_unit: '3', hook_port: '1' });
    const dead = [
      await create({
        hardware_type: 'kerong',
        circuit_unit: '5',
        hook_port: '1',
        ip: `127.0.0.1:${deadBoard.port}`,
      }),
      await create({
        hardware_type: 'kerong',
        circuit_unit: '5',
        hook_port: '2',
        ip: `127.0.0.1:${deadBoard.port}`,
      }),
    ];
    await poll();
    await poll();
    const all = (await inject('GET', 'fleet-health')).json();
    const bridgeAlerts = all.alerts.filter((a: { kind: string }) => a.kind === 'bridge_offline');
    expect(bridgeAlerts).toHaveLength(1);
    expect(bridgeAlerts[0].subject).toBe(`bridge:kerong:127.0.0.1:${deadBoard.port}`);
    for (const d of dead)
      expect((await health(d.id)).health).toMatchObject({ online: false, state: 'alert' });
    expect(
      (await db().select().from(issues).where(eq(issues.organizationId, orgId))).filter((i) =>
        i.description.includes(`lock bridge 127.0.0.1:${deadBoard.port}`),
      ),
    ).toHaveLength(1);
    board.doors.set(1, true); // opened by hand: no command
    await poll();
    expect((await health(live.id)).health.alerts).toEqual(['forced_open']);
    board.doors.set(1, false);
    deadBoard.behaviour.silent = false;
    await poll();
    await poll();
    const left = (await inject('GET', 'fleet-health')).json().alerts as { subject: string }[];
    expect(
      left.filter(
        (a) => [live.id, ...dead.map((d) => d.id)].includes(a.subject) || a.subject.startsWith('bridge:'),
      ),
    ).toEqual([]);
    for (const d of [live, ...dead])
      await db()
        .delete(devices)
        .where(and(eq(devices.organizationId, orgId), eq(devices.id, d.id)));
    await inject('PUT', `locations/${loc}/lock-settings`, { bridge_host: null, bridge_port: null });
  });
});

describe('tenancy and roles', () => {
  it("another organization's device answers 404; a viewer may read but not set faults", async () => {
    const d = await create();
    const other = await createOrganization(t, 'Health Other');
    await createMember(t, other.id, { email: 'boss@health-other.test' });
    const foreign = bearer(
      await signIn(t.app, 'boss@health-other.test', undefined, 'health-other.localhost'),
    );
    expect((await inject('GET', `fleet-health/devices/${d.id}`, undefined, foreign)).statusCode).toBe(404);
    expect(
      (await inject('PUT', `fleet-health/devices/${d.id}/faults`, { offline: true }, foreign)).statusCode,
    ).toBe(404);
    await createMember(t, orgId, { email: 'viewer@demo-org.test', role: 'viewer' });
    const viewer = bearer(await signIn(t.app, 'viewer@demo-org.test'));
    expect((await inject('GET', 'fleet-health', undefined, viewer)).statusCode).toBe(200);
    expect(
      (await inject('PUT', `fleet-health/devices/${d.id}/faults`, { offline: true }, viewer)).statusCode,
    ).toBe(403);
  });
});

describe('heartbeats on the schedule', () => {
  let runner: JobRunner;
  afterAll(async () => {
    await runner?.stop({ timeoutMs: 2000 });
  });

  it("an alert comes within the period + 10 s, and another organization's dead bridge does not delay it", async () => {
    // organization B: twelve doors behind a bridge that never answers (each call waits its full time box)
    const b = await createOrganization(t, 'Dead Bridge Co');
    await createMember(t, b.id, { email: 'boss@dead-bridge-co.test' });
    const bAdmin = bearer(
      await signIn(t.app, 'boss@dead-bridge-co.test', undefined, 'dead-bridge-co.localhost'),
    );
    const bSize = (await inject('POST', 'sizes', { name: 'S', width: 5, depth: 5, height: 5 }, bAdmin)).json()
      .id;
    const bLoc = (
      await inject(
        'POST',
        'locations',
        { name: 'Dock', address: 'Dock 1', contact_email: 'd@x.test', contact_phone: '+15551234567' },
        bAdmin,
      )
    ).json().id;
    deadBoard.behaviour.silent = true;
    for (let i = 1; i <= 12; i++)
      await create(
        {
          hardware_type: 'kerong',
          circuit_unit: '5',
          hook_port: String(i),
          ip: `127.0.0.1:${deadBoard.port}`,
          id_size: bSize,
        },
        bAdmin,
        bLoc,
      );
    const d = await create();
    const pool = t.database.pool as unknown as { options: { connectionString: string } } | undefined;
    runner = createJobRunner({
      database: t.database,
      databaseUrl: pool?.options.connectionString,
      log: t.app.log,
      jobs: [],
      relays: [healthPoller({ locks: t.app.ctx.locks, rules: t.config.health, pollSeconds: 0.5 })],
    });
    await runner.start();
    const seen: number[] = [];
    const started = Date.now();
    await faults(d.id, { door: 'forced' });
    let raisedAt = 0;
    while (Date.now() - started < 4000) {
      const h = (await health(d.id)).health as { last_seen_at?: string; alerts: string[] };
      const at = Date.parse((await inject('GET', `fleet-health/devices/${d.id}`)).json().health.last_seen_at);
      if (Number.isFinite(at) && !seen.includes(at)) seen.push(at);
      if (!raisedAt && h.alerts.includes('forced_open')) raisedAt = Date.now();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(raisedAt).toBeGreaterThan(0);
    expect(raisedAt - started).toBeLessThan(500 + 10_000);
    // B's poll takes 3 × 1 s (twelve silent doors, four at a time); A's heartbeats keep their period
    const gaps = seen.slice(1).map((v, i) => v - seen[i]!);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...gaps)).toBeLessThan(1500);
    await faults(d.id, { door: null });
  });
});
