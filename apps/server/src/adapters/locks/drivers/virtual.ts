import type { LockDriver, LockReport, LockTarget, SimulatedFaults } from '../types';
import { LockUnreachable } from '../types';

/** Seconds an opened virtual door stays open before it reports `locked` again (the door closed). */
export const VIRTUAL_RELATCH_SECONDS = 10;

/** Hooks of the virtual driver for tests: how it waits and how it draws chances. */
export interface VirtualDriverOptions {
  /** Waits `ms` milliseconds (the location's latency); default a timer. */
  delay?: (ms: number, target: LockTarget) => Promise<void>;
  /** A number in [0, 1); default `Math.random`. */
  random?: () => number;
  /** The faults each simulated lock is told to show, by device id (kept by the lock adapter). */
  faults?: ReadonlyMap<string, SimulatedFaults>;
}

/** Battery and signal a healthy simulated lock reports, percent. */
const HEALTHY = { battery: 96, signal: 80 };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The local default driver: a lock that answers like hardware without any, and a simulated fleet
 * for demos. Its state is the device row itself, so every server process sees the same lock:
 * `offline` means disconnected (unlock fails as unreachable), anything else is connected. An opened
 * door reports `locked` again after `VIRTUAL_RELATCH_SECONDS`. The location's settings add a
 * latency to each unlock, a share of unlocks that find the lock offline, and a share that jam: the
 * lock acknowledges, but the door keeps reporting `locked` until a later unlock opens it (kept by
 * this driver instance, i.e. per server process).
 */
export function createVirtualDriver(opts: VirtualDriverOptions = {}): LockDriver {
  const delay = opts.delay ?? ((ms: number) => sleep(ms));
  const random = opts.random ?? Math.random;
  const jammed = new Set<string>();
  const faultsOf = (t: LockTarget) => opts.faults?.get(t.id) ?? {};
  const withHealth = (t: LockTarget, r: LockReport): LockReport => ({
    ...r,
    battery: faultsOf(t).battery ?? HEALTHY.battery,
    signal: HEALTHY.signal,
  });
  const sensed = (t: LockTarget): LockReport['lockStatus'] => {
    const f = faultsOf(t);
    if (f.stuck_sensor) return f.stuck_sensor === 'open' ? 'open' : 'locked';
    if (f.door_open) return 'open';
    if (jammed.has(t.id)) return 'locked';
    if (t.lockStatus === 'open' && t.lockStatusAt) {
      const age = (Date.now() - t.lockStatusAt.getTime()) / 1000;
      return age >= VIRTUAL_RELATCH_SECONDS ? 'locked' : 'open';
    }
    return t.lockStatus === 'unknown' ? 'locked' : t.lockStatus;
  };
  return {
    vendor: 'virtual',
    async unlock(t: LockTarget): Promise<LockReport> {
      const s = t.settings;
      if (s.virtualLatencyMs > 0) await delay(s.virtualLatencyMs, t);
      if (t.lockStatus === 'offline' || faultsOf(t).offline)
        throw new LockUnreachable('virtual', 'the virtual lock is offline');
      // a sensor stuck closed never reports the door open: acknowledged, then no open report
      if (faultsOf(t).stuck_sensor === 'closed') return withHealth(t, { lockStatus: 'locked' });
      if (s.virtualOfflineRate > 0 && random() < s.virtualOfflineRate)
        throw new LockUnreachable('virtual', 'the simulated lock did not answer');
      if (s.virtualJamRate > 0 && random() < s.virtualJamRate) {
        jammed.add(t.id);
        return { lockStatus: 'locked' };
      }
      jammed.delete(t.id);
      return { lockStatus: 'open' };
    },
    async status(t: LockTarget): Promise<LockReport> {
      if (faultsOf(t).offline) throw new LockUnreachable('virtual', 'the virtual lock is offline');
      if (t.lockStatus === 'offline') return { lockStatus: 'offline' };
      return withHealth(t, { lockStatus: sensed(t) });
    },
  };
}
