import net from 'node:net';
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

/**
 * CONTRIBUTING.md "Nothing outside inside a transaction": a lock that never answers costs
 * only its own call. A TCP listener that accepts and stays silent stands for a dead bridge.
 */
type H = { authorization: string };

let t: TestApp;
let admin: H;
let other: H;
let silent: net.Server;
let silentPort: number;
const connections: net.Socket[] = [];
let connected: () => void = () => undefined;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function kerongDoor(h: H, lockerNumber: number) {
  const loc = (
    await inject('POST', 'locations', h, {
      name: `Silent ${lockerNumber}`,
      address: 'Dock Road 1',
      contact_email: 'desk@x.test',
      contact_phone: '+15551234567',
    })
  ).json().id as string;
  await inject('PUT', `locations/${loc}/lock-settings`, h, {
    bridge_host: '127.0.0.1',
    bridge_port: silentPort,
  });
  const size = (
    await inject('POST', 'sizes', h, { name: `S${lockerNumber}`, width: 1, depth: 1, height: 1 })
  ).json().id as string;
  const res = await inject('POST', 'devices', h, {
    name: `Door ${lockerNumber}`,
    locker_number: lockerNumber,
    mode: 'storage',
    status: 'available',
    hardware_type: 'kerong',
    circuit_unit: '1',
    hook_port: '1',
    id_location: loc,
    id_size: size,
  });
  if (res.statusCode !== 200) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return { id: res.json().id as string, loc };
}

beforeAll(async () => {
  silent = net.createServer((s) => {
    connections.push(s);
    s.on('error', () => undefined);
    connected();
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentPort = (silent.address() as net.AddressInfo).port;
  t = await createTestApp({
    LOCK_TIMEOUT_MS: '1500',
    LOCK_BREAKER_FAILURES: '2',
    LOCK_BREAKER_COOLDOWN_MS: '600000',
    OUTBOUND_ALLOW: '127.0.0.1',
  });
  admin = bearer(await signIn(t.app));
  await demoOrg(t);
  const acme = await createOrganization(t, 'silentco');
  await createMember(t, acme.id, { email: 'owner@silentco.test', role: 'admin' });
  other = bearer(await signIn(t.app, 'owner@silentco.test', undefined, 'silentco.localhost'));
});
afterAll(async () => {
  for (const s of connections) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
  await t?.close();
});

describe('GET devices/{id}/lock-status against a lock that never answers', () => {
  it("holds no transaction while it waits: another organization's calls answer meanwhile", async () => {
    const door = await kerongDoor(admin, 901);
    const reached = new Promise<void>((r) => {
      connected = r;
    });
    let settled = false;
    const waiting = inject('GET', `devices/${door.id}/lock-status`, admin).then((r) => {
      settled = true;
      return r;
    });
    await reached; // the server is now inside its call to the silent bridge
    for (let i = 0; i < 5; i++) {
      const list = await inject('GET', 'devices?page=1&size=10', other);
      expect(list.statusCode).toBe(200);
      const own = await inject('GET', 'locations?page=1&size=10', admin);
      expect(own.statusCode).toBe(200);
    }
    // every call above answered while the lock-status call was still waiting on the bridge
    expect(settled).toBe(false);
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.json().lock_status).toBe('offline');
  });

  it('skips a bridge that keeps failing: the status reads unknown at once and an issue is opened', async () => {
    const door = await kerongDoor(admin, 902);
    // the first test's failure counted for that bridge; one more opens its breaker
    expect((await inject('GET', `devices/${door.id}/lock-status`, admin)).json().lock_status).toBe('offline');
    const before = connections.length;
    const skipped = await inject('GET', `devices/${door.id}/lock-status`, admin);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().lock_status).toBe('unknown');
    expect(connections.length).toBe(before); // not even asked
    const issues = (await inject('GET', 'issues?page=1&size=50', admin)).json().items as Array<{
      description: string;
      source: string;
    }>;
    const raised = issues.filter((i) => i.source === 'lock' && i.description.includes('locker 902'));
    expect(raised).toHaveLength(1);
    // asked again while skipped: no second issue
    await inject('GET', `devices/${door.id}/lock-status`, admin);
    const again = (await inject('GET', 'issues?page=1&size=50', admin)).json().items as Array<{
      description: string;
      source: string;
    }>;
    expect(again.filter((i) => i.source === 'lock' && i.description.includes('locker 902'))).toHaveLength(1);
    // another organization's locks are not skipped for it
    const theirs = await kerongDoor(other, 903);
    const reached = new Promise<void>((r) => {
      connected = r;
    });
    const asked = inject('GET', `devices/${theirs.id}/lock-status`, other);
    await reached;
    expect((await asked).json().lock_status).toBe('offline');
  });
});
