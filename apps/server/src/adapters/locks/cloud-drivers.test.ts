import net from 'node:net';
import {
  CLOUD_LOCK_VENDORS,
  cloudVendorSettingsText,
  HARDWARE_LABELS,
  LOCK_MESSAGES,
  type TCloudLockVendor,
} from '@lockerops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ACCOUNT, type FakeLockVendor, fakeLockVendor } from '../../../test/fake-lock-vendor';
import {
  CLOUD_VENDOR_SPECS,
  createCloudDriver,
  createLockAdapter,
  LockNotConfigured,
  type LockTarget,
  LockUnreachable,
  NO_LOCK_SETTINGS,
  parseVendorStatus,
} from './index';

// The secret box is the identity here with a marker, so a test can tell an opened secret from a sealed one.
const seal = (s: string) => `sealed:${s}`;
const unseal = (s: string) => {
  if (!s.startsWith('sealed:')) throw new Error('not sealed');
  return s.slice(7);
};

/** The device fields that address one lock of each vendor, and the path the fake sees for it. */
const ADDRESS: Record<TCloudLockVendor, { fields: LockTarget['fields']; door: string; unlockPath: string }> =
  {
    linka: {
      fields: { mac_address: 'AA:BB:CC:00:11:22' },
      door: '/locks/AA%3ABB%3ACC%3A00%3A11%3A22',
      unlockPath: '/locks/AA%3ABB%3ACC%3A00%3A11%3A22/commands',
    },
    ojmar: {
      fields: { locker_udn: 'UDN-7', master_code: '9911' },
      door: '/lockers/UDN-7',
      unlockPath: '/lockers/UDN-7/open',
    },
    gantner: { fields: { gantner_id: 'G-1' }, door: '/locks/G-1', unlockPath: '/locks/G-1/open' },
    harbor: {
      fields: { harbor_tower_id: '0000000000000001', harbor_locker_id: '959' },
      door: '/api/v1/towers/0000000000000001/lockers/959',
      unlockPath: '/api/v1/towers/0000000000000001/lockers/959/open',
    },
    spintly: {
      fields: { integration_id: 'AP-42' },
      door: '/access-points/AP-42',
      unlockPath: '/access-points/AP-42/remote-open',
    },
    dclock: {
      fields: { dclock_terminal_no: 'T9', dclock_box_no: '12' },
      door: '/terminals/T9/boxes/12',
      unlockPath: '/terminals/T9/boxes/12/open',
    },
  };

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.each(CLOUD_LOCK_VENDORS)('%s cloud driver against a local fake of its API', (vendor) => {
  let fake: FakeLockVendor;
  const label = HARDWARE_LABELS[vendor];
  const driver = createCloudDriver(CLOUD_VENDOR_SPECS[vendor], { unseal, timeoutMs: 1500 });
  const adapter = createLockAdapter({ drivers: { [vendor]: driver }, openTimeoutMs: 1000, pollMs: 20 });
  const target = (
    over: { secret?: string; baseUrl?: string; fields?: LockTarget['fields'] } = {},
  ): LockTarget => ({
    id: 'd1',
    hardwareType: vendor,
    lockStatus: 'locked',
    lockStatusAt: null,
    fields: over.fields ?? ADDRESS[vendor].fields,
    settings: NO_LOCK_SETTINGS,
    account: {
      baseUrl: over.baseUrl ?? fake.url,
      accountId: FAKE_ACCOUNT.accountId,
      tokenUrl: null,
      sealedSecret: seal(over.secret ?? FAKE_ACCOUNT.secret),
    },
  });
  beforeAll(async () => {
    fake = await fakeLockVendor(vendor);
  });
  afterAll(() => fake.close());

  it('unlocks through the vendor API and reads the door open from its status', async () => {
    fake.mode = 'ok';
    fake.jam = false;
    fake.doors.clear();
    fake.requests.length = 0;
    expect((await adapter.status(target())).lockStatus).toBe('locked');
    expect(await adapter.unlock(target())).toEqual({ outcome: 'opened', lockStatus: 'open' });
    const unlock = fake.requests.find((r) => r.method === 'POST' && r.path !== '/oauth/token')!;
    expect(unlock.path).toBe(ADDRESS[vendor].unlockPath);
    if (vendor === 'linka') expect(JSON.parse(unlock.body)).toEqual({ command: 'unlock' });
    if (vendor === 'ojmar') expect(unlock.headers['x-installation-id']).toBe(FAKE_ACCOUNT.accountId);
    expect((await adapter.status(target())).lockStatus).toBe('open');
    // the secret travels only in the authentication of the calls, never in a path
    expect(fake.requests.every((r) => !r.path.includes(FAKE_ACCOUNT.secret))).toBe(true);
  });

  it('reports a jam when the vendor accepts the unlock but the door never reports open', async () => {
    fake.mode = 'ok';
    fake.jam = true;
    fake.doors.clear();
    expect(await adapter.unlock(target())).toEqual({ outcome: 'jammed', lockStatus: 'locked' });
    fake.jam = false;
  });

  it('answers "credentials refused" (not configured) when the vendor refuses the secret', async () => {
    fake.mode = 'ok';
    const err = await adapter.unlock(target({ secret: 'wrong-secret-0000' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockNotConfigured);
    expect((err as LockNotConfigured).detail).toBe(LOCK_MESSAGES.credentialsRefused(label));
  });

  it('answers unreachable when the vendor is too slow', async () => {
    fake.mode = 'slow';
    fake.delayMs = 3000;
    await expect(adapter.unlock(target())).rejects.toThrow(/within 1500 ms/);
    fake.mode = 'ok';
  });

  it('answers unreachable when the vendor reports the lock offline, or cannot be reached', async () => {
    fake.mode = 'offline';
    await expect(adapter.unlock(target())).rejects.toBeInstanceOf(LockUnreachable);
    expect((await adapter.status(target())).lockStatus).toBe('offline');
    fake.mode = 'ok';
    const down = `http://127.0.0.1:${await closedPort()}`;
    await expect(adapter.unlock(target({ baseUrl: down }))).rejects.toBeInstanceOf(LockUnreachable);
  });

  it('names the settings to fill without an account, and the device field without an address', async () => {
    const none = { ...target(), account: null };
    const err = await adapter.unlock(none).catch((e: unknown) => e);
    expect((err as LockNotConfigured).detail).toBe(
      LOCK_MESSAGES.notConfigured(label, cloudVendorSettingsText(vendor)),
    );
    const noAddress = await adapter.unlock(target({ fields: {} })).catch((e: unknown) => e);
    expect(noAddress).toBeInstanceOf(LockNotConfigured);
    expect((noAddress as LockNotConfigured).detail).toMatch(/Fill in the device's /);
  });
});

describe('vendor status answers', () => {
  it.each([
    [{ status: 'open' }, 'open'],
    [{ lock_status: 'C' }, 'locked'],
    [{ state: { name: 'unlocked' } }, 'open'],
    [{ data: { locked: true } }, 'locked'],
    [{ door_open: false }, 'locked'],
    [{ online: false, status: 'open' }, 'offline'],
    [{ status: { name: 'available' } }, 'unknown'],
    ['garbage', 'unknown'],
  ])('%j reads %s', (body, expected) => {
    expect(parseVendorStatus(body)).toBe(expected);
  });
});
