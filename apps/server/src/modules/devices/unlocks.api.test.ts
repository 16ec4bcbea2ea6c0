import { DEVICE_MESSAGES, LOCK_MESSAGES } from '@lockerops/contract';
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
  createVirtualDriver,
  kerongBoard,
  type LockTarget,
} from '../../adapters/locks';
import { createOutboundPolicy } from '../../lib/outbound';

type H = { authorization: string };
type Unlock = {
  state: string;
  reason: string;
  actor_name: string | null;
  detail: string | null;
  requested_at: string;
  sent_at: string | null;
  acknowledged_at: string | null;
  opened_at: string | null;
  jammed_at: string | null;
  offline_at: string | null;
};

/** A latency the test ends itself: the virtual lock waits until `release()` (no real 5 s wait). */
function controllableDelay() {
  const asked: number[] = [];
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((r) => {
    started = r;
  });
  const gate = new Promise<void>((r) => {
    release = r;
  });
  return {
    asked,
    running,
    release: () => release(),
    delay: async (ms: number, _t: LockTarget) => {
      asked.push(ms);
      started();
      await gate;
    },
  };
}

let t: TestApp;
let admin: H;
let member: H;
let orgId: string;
let loc: string;
let jamLoc: string;
let sizeId: string;
let board: BoardSimulator;
const slow = controllableDelay();

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

let nextNumber = 500;
const create = async (over: Record<string, unknown> = {}) => {
  const res = await inject('POST', 'devices', {
    name: `Door ${nextNumber}`,
    locker_number: nextNumber++,
    mode: 'storage',
    status: 'available',
    hardware_type: 'virtual',
    id_location: loc,
    id_size: sizeId,
    ...over,
  });
  if (res.statusCode !== 200) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
};
const timeline = async (id: string) =>
  (await inject('GET', `devices/${id}/unlocks?size=50`)).json() as { items: Unlock[]; total: number };

beforeAll(async () => {
  board = await kerongBoard(4);
  t = await createTestApp({ LOCK_OPEN_TIMEOUT_MS: '150' }, undefined, {
    locks: createLockAdapter({
      drivers: {
        virtual: createVirtualDriver({ delay: slow.delay }),
        kerong: createKerongDriver({
          timeoutMs: 500,
          outbound: createOutboundPolicy({ allow: ['127.0.0.1'] }),
        }),
      },
      openTimeoutMs: 150,
      pollMs: 20,
      jamLimit: 3,
    }),
  });
  admin = bearer(await signIn(t.app));
  orgId = (await demoOrg(t)).id;
  await createMember(t, orgId, { email: 'member@demo-org.test', role: 'member' });
  member = bearer(await signIn(t.app, 'member@demo-org.test'));
  const location = async (name: string) =>
    (
      await inject('POST', 'locations', {
        name,
        address: `${name} Road 1`,
        contact_email: 'desk@x.test',
        contact_phone: '+15551234567',
      })
    ).json().id as string;
  sizeId = (await inject('POST', 'sizes', { name: 'M', width: 10, depth: 10, height: 10 })).json().id;
  loc = await location('Pier 1');
  jamLoc = await location('Pier 2');
});
afterAll(async () => {
  await t?.close();
  await board?.close();
});

describe('unlock timeline', () => {
  it('records requested → sent → acknowledged → opened with who and why', async () => {
    const d = await create();
    const res = await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.unlocked);
    const { items, total } = await timeline(d.id);
    expect(total).toBe(1);
    const u = items[0]!;
    expect(u).toMatchObject({
      state: 'opened',
      reason: 'Unlock from the console',
      jammed_at: null,
      offline_at: null,
    });
    expect(u.actor_name).toBeTruthy();
    const times = [u.requested_at, u.sent_at, u.acknowledged_at, u.opened_at].map((s) => Date.parse(s!));
    expect(times.every((x) => Number.isFinite(x))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('pages the timeline newest first, and answers 404 for another organization', async () => {
    const d = await create();
    for (let i = 0; i < 3; i++) await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    const p = (await inject('GET', `devices/${d.id}/unlocks?size=2&page=2`)).json();
    expect(p).toMatchObject({ total: 3, pages: 2, page: 2, page_size: 2 });
    expect(p.items).toHaveLength(1);
    const other = await createOrganization(t, 'Other Lockers');
    await createMember(t, other.id, { email: 'boss@other.test' });
    const foreign = bearer(await signIn(t.app, 'boss@other.test', undefined, 'other-lockers.localhost'));
    expect((await inject('GET', `devices/${d.id}/unlocks`, undefined, foreign)).statusCode).toBe(404);
  });

  it('a 5 s lock delay holds no row: the same device is edited while the lock is being called', async () => {
    const d = await create();
    const saved = await inject('PUT', `locations/${loc}/lock-settings`, { virtual_latency_ms: 5000 });
    expect(saved.statusCode).toBe(200);
    const unlocking = inject('PATCH', 'devices/unlock', { ids: [d.id] });
    await slow.running;
    expect(slow.asked).toEqual([5000]);
    // the lock is still being called: the intent is committed and the device row is free
    expect((await timeline(d.id)).items[0]).toMatchObject({ state: 'sent', acknowledged_at: null });
    const current = (await inject('GET', `devices/${d.id}`)).json();
    const edit = await inject('PUT', `devices/${d.id}`, {
      ...current,
      id_size: current.id_size,
      name: 'Renamed while unlocking',
    });
    expect(edit.statusCode).toBe(200);
    slow.release();
    expect((await unlocking).statusCode).toBe(200);
    expect((await timeline(d.id)).items[0]!.state).toBe('opened');
    const after = (await inject('GET', `devices/${d.id}`)).json();
    expect(after).toMatchObject({ name: 'Renamed while unlocking', lock_status: 'open' });
    await inject('PUT', `locations/${loc}/lock-settings`, { virtual_latency_ms: 0 });
  });

  it('records offline when the simulated lock does not answer', async () => {
    const d = await create();
    await inject('PUT', `locations/${loc}/lock-settings`, { virtual_offline_rate: 1 });
    const res = await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(DEVICE_MESSAGES.unreachable);
    expect((await timeline(d.id)).items[0]).toMatchObject({ state: 'offline', acknowledged_at: null });
    expect((await timeline(d.id)).items[0]!.offline_at).toBeTruthy();
    await inject('PUT', `locations/${loc}/lock-settings`, {});
  });
});

describe('jams', () => {
  it('records a jam, counts it in the list column and filter, and puts the door in maintenance after N in a row', async () => {
    const set = await inject('PUT', `locations/${jamLoc}/lock-settings`, {
      virtual_jam_rate: 1,
      jam_limit: 2,
    });
    expect(set.json()).toMatchObject({ virtual_jam_rate: 1, jam_limit: 2, effective_jam_limit: 2 });
    const d = await create({ id_location: jamLoc });
    const fine = await create({ id_location: jamLoc, hardware_type: 'virtual' });
    const res = await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(LOCK_MESSAGES.jammed);
    const u = (await timeline(d.id)).items[0]!;
    expect(u.state).toBe('jammed');
    expect(u.acknowledged_at && u.jammed_at && !u.opened_at).toBeTruthy();

    const list = (await inject('GET', `devices?id_location=${jamLoc}&size=100`)).json().items as Array<{
      id: string;
      jams_30d: number;
      status: string;
    }>;
    expect(list.find((x) => x.id === d.id)!.jams_30d).toBe(1);
    expect(list.find((x) => x.id === fine.id)!.jams_30d).toBe(0);
    const filtered = (await inject('GET', 'devices?min_jams=1&size=100')).json().items as Array<{
      id: string;
    }>;
    expect(filtered.map((x) => x.id)).toEqual([d.id]);
    expect((await inject('GET', `devices/${d.id}`)).json().status).toBe('available');

    await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    const after = (await inject('GET', `devices/${d.id}`)).json();
    expect(after).toMatchObject({ status: 'maintenance', jams_30d: 2 });
    const logs = (await inject('GET', `device-logs/${d.id}`)).json().items as Array<{
      log_type: string;
      changes: Record<string, { after: unknown }>;
    }>;
    const auto = logs.find((l) => l.log_type === 'auto_maintenance');
    expect(auto?.changes).toMatchObject({ status: { after: 'maintenance' }, jams_in_a_row: { after: 2 } });
    expect(logs.filter((l) => l.log_type === 'unlock_jammed')).toHaveLength(2);
  });

  it('an opened unlock breaks the row: no maintenance after jam, open, jam (limit 2)', async () => {
    const d = await create({ id_location: jamLoc });
    await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    await inject('PUT', `locations/${jamLoc}/lock-settings`, { virtual_jam_rate: 0, jam_limit: 2 });
    expect((await inject('PATCH', 'devices/unlock', { ids: [d.id] })).statusCode).toBe(200);
    await inject('PUT', `locations/${jamLoc}/lock-settings`, { virtual_jam_rate: 1, jam_limit: 2 });
    await inject('PATCH', 'devices/unlock', { ids: [d.id] });
    expect((await inject('GET', `devices/${d.id}`)).json().status).toBe('available');
    expect((await timeline(d.id)).items.map((u) => u.state)).toEqual(['jammed', 'opened', 'jammed']);
  });
});

describe('lock settings and hardware drivers', () => {
  it('validates the settings, answers defaults, and lets only admins write', async () => {
    const fresh = (await inject('GET', `locations/${loc}/lock-settings`)).json();
    expect(fresh).toMatchObject({
      bridge_host: null,
      virtual_jam_rate: 0,
      jam_limit: null,
      effective_jam_limit: 3,
    });
    const bad = await inject('PUT', `locations/${loc}/lock-settings`, { virtual_jam_rate: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain(LOCK_MESSAGES.rate);
    const port = await inject('PUT', `locations/${loc}/lock-settings`, { bridge_port: 70000 });
    expect(port.json().detail).toContain(LOCK_MESSAGES.bridgePort);
    expect((await inject('PUT', `locations/${loc}/lock-settings`, {}, member)).statusCode).toBe(403);
    expect((await inject('GET', `locations/${loc}/lock-settings`, undefined, member)).statusCode).toBe(200);
  });

  it('opens a Kerong door through its location bridge, and says what to fill when the bridge is missing', async () => {
    const k = await create({
      hardware_type: 'kerong',
      circuit_unit: '4',
      hook_port: '2',
      id_location: jamLoc,
    });
    const missing = await inject('PATCH', 'devices/unlock', { ids: [k.id] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().detail).toMatch(
      /^The Kerong lock is not configured\. Fill in the bridge host and port/,
    );
    await inject('PUT', `locations/${jamLoc}/lock-settings`, {
      bridge_host: '127.0.0.1',
      bridge_port: board.port,
    });
    const res = await inject('PATCH', 'devices/unlock', { ids: [k.id] });
    expect(res.statusCode).toBe(200);
    expect(board.doors.get(2)).toBe(true);
    expect((await timeline(k.id)).items.map((u) => u.state)).toEqual(['opened', 'offline']);
    board.doors.set(2, false);
    expect((await inject('GET', `devices/${k.id}/lock-status`)).json().lock_status).toBe('locked');
  });
});
