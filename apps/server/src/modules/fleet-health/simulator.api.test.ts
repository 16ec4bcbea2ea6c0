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
  simulatedBridgeKey,
} from '../../adapters/locks';
import { createOutboundPolicy } from '../../lib/outbound';
import { OutsideGate } from '../../lib/outside';

// Fleet health's simulator for bridges: the Kerong board simulators of this process go offline
// and come back through the API, and the device details name the door's bridge.

type H = { authorization: string };
let t: TestApp;
let admin: H;
let loc: string;
let plainLoc: string;
let sizeId: string;
let board: BoardSimulator;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: H = admin) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const place = async (name: string) =>
  (
    await inject('POST', 'locations', {
      name,
      address: `${name} 1`,
      contact_email: 'desk@x.test',
      contact_phone: '+15551234567',
    })
  ).json().id as string;
let nextNumber = 900;
const door = async (over: Record<string, unknown>) => {
  const res = await inject('POST', 'devices', {
    name: `Door ${nextNumber}`,
    locker_number: nextNumber++,
    mode: 'storage',
    status: 'available',
    id_size: sizeId,
    ...over,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
};
const poll = async () => expect((await inject('POST', 'fleet-health/poll')).statusCode).toBe(200);

beforeAll(async () => {
  board = await kerongBoard(3);
  const locks = createLockAdapter({
    drivers: {
      kerong: createKerongDriver({
        timeoutMs: 200,
        outbound: createOutboundPolicy({ allow: ['127.0.0.1'] }),
      }),
    },
    timeoutMs: 1000,
    gate: new OutsideGate({ failureThreshold: 1000 }),
  });
  locks.boards!.set(simulatedBridgeKey(board), board);
  t = await createTestApp({ HEALTH_OFFLINE_AFTER: '2', HEALTH_ONLINE_AFTER: '1' }, undefined, { locks });
  admin = bearer(await signIn(t.app));
  sizeId = (await inject('POST', 'sizes', { name: 'M', width: 10, depth: 10, height: 10 })).json().id;
  loc = await place('Quay');
  plainLoc = await place('Plain');
  await inject('PUT', `locations/${loc}/lock-settings`, {
    bridge_host: '127.0.0.1',
    bridge_port: board.port,
  });
});
afterAll(async () => {
  await t?.close();
  await board?.close();
});

describe('simulated bridges', () => {
  it('a bridge goes offline through the API: one bridge alert, its doors offline; and back', async () => {
    const a = await door({ hardware_type: 'kerong', circuit_unit: '3', hook_port: '1', id_location: loc });
    await door({ hardware_type: 'kerong', circuit_unit: '3', hook_port: '2', id_location: loc });
    await poll();
    const before = (await inject('GET', `fleet-health/devices/${a.id}`)).json();
    const bridge = `kerong:127.0.0.1:${board.port}`;
    expect(before.device).toMatchObject({
      id: a.id,
      hardware_type: 'kerong',
      id_location: loc,
      location_name: 'Quay',
      bridge: { bridge, simulated: true, offline: false, jam: false },
    });
    expect(before.health.online).toBe(true);

    const off = await inject('PUT', `fleet-health/locations/${loc}/bridge-faults`, { offline: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      id_location: loc,
      bridges: [{ bridge, simulated: true, offline: true, jam: false }],
    });
    expect(board.behaviour.silent).toBe(true);
    await poll();
    await poll();
    const alerts = (await inject('GET', 'fleet-health')).json().alerts as { kind: string; subject: string }[];
    expect(alerts.filter((x) => x.kind === 'bridge_offline')).toMatchObject([
      { subject: `bridge:${bridge}` },
    ]);
    const during = (await inject('GET', `fleet-health/devices/${a.id}`)).json();
    expect(during.health).toMatchObject({ online: false, state: 'alert' });
    expect(during.device.bridge.offline).toBe(true);

    // absent fields keep their value
    const jam = await inject('PUT', `fleet-health/locations/${loc}/bridge-faults`, { jam: true });
    expect(jam.json().bridges[0]).toMatchObject({ offline: true, jam: true });
    await inject('PUT', `fleet-health/locations/${loc}/bridge-faults`, { offline: false, jam: false });
    await poll();
    const after = (await inject('GET', 'fleet-health')).json().alerts as { kind: string }[];
    expect(after.filter((x) => x.kind === 'bridge_offline')).toEqual([]);
    expect((await inject('GET', `fleet-health/devices/${a.id}`)).json().health.online).toBe(true);
  });

  it('a virtual door has no bridge; a place without a simulated bridge answers 409', async () => {
    const v = await door({ hardware_type: 'virtual', id_location: plainLoc });
    expect((await inject('GET', `fleet-health/devices/${v.id}`)).json().device.bridge).toBeNull();
    const res = await inject('PUT', `fleet-health/locations/${plainLoc}/bridge-faults`, { offline: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Only simulated bridges can be told to show faults.');
    const bad = await inject('PUT', `fleet-health/locations/${loc}/bridge-faults`, { offline: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it("another organization's location answers 404; members and viewers may not set bridge faults", async () => {
    const other = await createOrganization(t, 'Bridge Other');
    await createMember(t, other.id, { email: 'boss@bridge-other.test' });
    const foreign = bearer(
      await signIn(t.app, 'boss@bridge-other.test', undefined, 'bridge-other.localhost'),
    );
    const res = await inject(
      'PUT',
      `fleet-health/locations/${loc}/bridge-faults`,
      { offline: true },
      foreign,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Location not found');
    expect(board.behaviour.silent).toBe(false);
    const demo = (await demoOrg(t)).id;
    for (const role of ['member', 'viewer'] as const) {
      await createMember(t, demo, { email: `${role}@bridge.test`, role });
      const h = bearer(await signIn(t.app, `${role}@bridge.test`));
      expect(
        (await inject('PUT', `fleet-health/locations/${loc}/bridge-faults`, { offline: true }, h)).statusCode,
      ).toBe(403);
    }
  });
});
