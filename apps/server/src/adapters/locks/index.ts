import { DEVICE_HARDWARE_TYPES, type THardwareType } from '@lockerops/contract';
import { unconnectedDriver } from './drivers/unconnected';
import { virtualDriver } from './drivers/virtual';
import { type LockDriver, type LockReport, type LockTarget, LockUnreachable } from './types';

export { VIRTUAL_RELATCH_SECONDS, virtualDriver } from './drivers/virtual';
export { type LockDriver, type LockReport, type LockTarget, LockUnreachable } from './types';

/** The lock adapter: one driver per hardware type behind one interface, each call time-boxed. */
export interface LockAdapter {
  unlock(target: LockTarget): Promise<LockReport>;
  status(target: LockTarget): Promise<LockReport>;
}

/** How long a driver may take before the lock counts as unreachable, milliseconds. */
export const LOCK_TIMEOUT_MS = 5000;

function withTimeout<T>(p: Promise<T>, ms: number, vendor: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LockUnreachable(vendor, `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Builds the lock adapter. `drivers` overrides the driver of a vendor (a deployment with vendor
 * access); by default `virtual` is the working virtual lock and every other vendor is an
 * unconnected driver that answers as an unreachable lock. Any driver error other than
 * `LockUnreachable` is also reported as unreachable, so a flaky vendor never yields a 500.
 */
export function createLockAdapter(
  opts: { drivers?: Partial<Record<THardwareType, LockDriver>>; timeoutMs?: number } = {},
): LockAdapter {
  const registry = new Map<THardwareType, LockDriver>();
  for (const vendor of DEVICE_HARDWARE_TYPES) {
    registry.set(
      vendor,
      opts.drivers?.[vendor] ?? (vendor === 'virtual' ? virtualDriver : unconnectedDriver(vendor)),
    );
  }
  const timeoutMs = opts.timeoutMs ?? LOCK_TIMEOUT_MS;
  const call = async (t: LockTarget, op: 'unlock' | 'status') => {
    const driver = registry.get(t.hardwareType)!;
    try {
      return await withTimeout(driver[op](t), timeoutMs, t.hardwareType);
    } catch (err) {
      if (err instanceof LockUnreachable) throw err;
      throw new LockUnreachable(t.hardwareType, err instanceof Error ? err.message : 'driver error');
    }
  };
  return {
    unlock: (t) => call(t, 'unlock'),
    status: (t) => call(t, 'status'),
  };
}
