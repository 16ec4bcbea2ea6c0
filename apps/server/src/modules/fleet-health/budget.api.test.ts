import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createOrganization,
  createTestApp,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { createLockAdapter, createVirtualDriver, type LockDriver } from '../../adapters/locks';
import { OutsideGate } from '../../lib/outside';
import { parseVendorRates } from '../../lib/vendor-budget';

// The heartbeat relay's per-vendor budget: a vendor is never asked more than its calls per second,
// whoever asks, and a small organization is not kept waiting behind a large one.

type H = { authorization: string };
const RATE = 10;
let t: TestApp;
const calls: { org: string; at: number }[] = [];

const inject = (method: 'GET' | 'POST', url: string, headers: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** An organization with its admin and `n` virtual doors at one place. */
async function fleet(name: string, n: number): Promise<{ id: string; admin: H }> {
  const org = await createOrganization(t, name);
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  await createMember(t, org.id, { email: `boss@${slug}.test` });
  const admin = bearer(await signIn(t.app, `boss@${slug}.test`, undefined, `${slug}.localhost`));
  const size = (await inject('POST', 'sizes', admin, { name: 'S', width: 5, depth: 5, height: 5 })).json().id;
  const loc = (
    await inject('POST', 'locations', admin, {
      name: 'Yard',
      address: 'Yard 1',
      contact_email: 'y@x.test',
      contact_phone: '+15551234567',
    })
  ).json().id;
  for (let i = 1; i <= n; i++) {
    const res = await inject('POST', 'devices', admin, {
      name: `D${i}`,
      locker_number: i,
      mode: 'storage',
      status: 'available',
      hardware_type: 'virtual',
      id_location: loc,
      id_size: size,
    });
    expect(res.statusCode).toBe(200);
  }
  return { id: org.id, admin };
}

beforeAll(async () => {
  const virtual = createVirtualDriver();
  const counted: LockDriver = {
    vendor: 'virtual',
    unlock: (target) => virtual.unlock(target),
    status: (target) => {
      calls.push({ org: target.organizationId ?? '', at: performance.now() });
      return virtual.status(target);
    },
  };
  t = await createTestApp({ HEALTH_VENDOR_RATES: `virtual=${RATE}` }, undefined, {
    locks: createLockAdapter({ drivers: { virtual: counted }, gate: new OutsideGate() }),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('heartbeat calls per second per vendor', () => {
  it('reads HEALTH_VENDOR_RATES over the documented defaults and refuses a bad one', () => {
    expect(parseVendorRates(undefined)).toMatchObject({ virtual: 500, kerong: 20, linka: 5 });
    expect(parseVendorRates('linka=2, virtual=100')).toMatchObject({ linka: 2, virtual: 100, ojmar: 5 });
    expect(() => parseVendorRates('acme=3')).toThrow(/HEALTH_VENDOR_RATES/);
    expect(() => parseVendorRates('linka=0')).toThrow(/HEALTH_VENDOR_RATES/);
  });

  it('two organizations polling at once stay within the vendor budget and take turns', async () => {
    const big = await fleet('Budget Big', 16);
    const small = await fleet('Budget Small', 4);
    calls.length = 0;
    const started = performance.now();
    const [a, b] = await Promise.all([
      inject('POST', 'fleet-health/poll', big.admin),
      inject('POST', 'fleet-health/poll', small.admin),
    ]);
    expect(a.json().polled).toBe(16);
    expect(b.json().polled).toBe(4);
    expect(calls).toHaveLength(20);
    // never more than RATE calls in any second
    const times = calls.map((c) => c.at).sort((x, y) => x - y);
    for (let i = 0; i < times.length; i++)
      expect(times.filter((x) => x >= times[i]! && x < times[i]! + 1000).length).toBeLessThanOrEqual(RATE);
    // 20 calls at 10 a second take about two seconds
    expect(performance.now() - started).toBeGreaterThan(1800);
    // fair: the organizations take turns, so the small one's four calls come within the first ten
    // (one each, after the big one's head start), not after the big one's sixteen
    const order = [...calls].sort((x, y) => x.at - y.at).map((c) => c.org);
    expect(order.lastIndexOf(small.id)).toBeLessThan(10);
    expect(order.slice(0, 10).filter((o) => o === big.id).length).toBeGreaterThanOrEqual(4);
  });
});
