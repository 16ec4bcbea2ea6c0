import {
  CLOUD_LOCK_VENDORS,
  DEVICE_HARDWARE_TYPES,
  type THardwareType,
  type TLockStatus,
} from '@lockerops/contract';
import { createOutboundPolicy, type OutboundPolicy } from '../../lib/outbound';
import { CircuitOpen, GateBusy, OutsideGate } from '../../lib/outside';
import { CLOUD_VENDOR_SPECS, createCloudDriver } from './drivers/cloud';
import { createHeadleaderDriver } from './drivers/headleader';
import { createKerongDriver } from './drivers/kerong';
import { createVirtualDriver } from './drivers/virtual';
import type { BoardSimulators } from './simulators/boards';
import {
  type LockDriver,
  LockNotConfigured,
  type LockReport,
  type LockTarget,
  LockUnreachable,
  type SimulatedFaults,
} from './types';

export { CLOUD_VENDOR_SPECS, createCloudDriver, parseVendorStatus } from './drivers/cloud';
export { createHeadleaderDriver } from './drivers/headleader';
export { createKerongDriver } from './drivers/kerong';
export { createVirtualDriver } from './drivers/virtual';
export {
  type BoardSimulator,
  type BoardSimulators,
  kerongBoard,
  simulatedBridgeKey,
} from './simulators/boards';
export {
  type LockDriver,
  LockNotConfigured,
  type LockReport,
  type LockSettings,
  type LockTarget,
  LockUnreachable,
  NO_LOCK_SETTINGS,
  type SimulatedFaults,
  type VendorAccount,
} from './types';

/** How an unlock ended once the lock acknowledged it. */
export interface UnlockResult {
  /** `opened`: the door reported open; `jammed`: no open report within the open timeout. */
  outcome: 'opened' | 'jammed';
  /** The lock's status at the end: `open` when opened, the last report otherwise. */
  lockStatus: TLockStatus;
}

/** The lock adapter: one driver per hardware type behind one interface, each call time-boxed. */
export interface LockAdapter {
  /**
   * Opens a lock: sends the command (`LockUnreachable` / `LockNotConfigured` when it cannot),
   * calls `onAcknowledged` once the lock acknowledged, then waits for the door's open report
   * (asking its status) for at most the open timeout: `opened`, else `jammed`.
   */
  unlock(target: LockTarget, hooks?: { onAcknowledged?: () => Promise<void> }): Promise<UnlockResult>;
  status(target: LockTarget): Promise<LockReport>;
  /** Jams in a row after which a door goes to maintenance, unless its location sets its own. */
  readonly jamLimit: number;
  /** The gate of its calls: per-organization slots and breakers (`lib/outside.ts`). */
  readonly gate?: OutsideGate;
  /**
   * The faults the virtual locks are told to show, by device id (fleet health's simulator keeps
   * it in step with the database). Per process.
   */
  readonly simulator?: Map<string, SimulatedFaults>;
  /**
   * The Kerong/Headleader board simulators this process runs, by their bridge's `host:port`
   * (tests and the demo register theirs; fleet health's simulator sets their faults). Per process.
   */
  readonly boards?: BoardSimulators;
}

/** How long one driver call may take before the lock counts as unreachable, milliseconds. */
export const LOCK_TIMEOUT_MS = 5000;
/** Default wait for the open report after an acknowledged unlock, ms (`LOCK_OPEN_TIMEOUT_MS`). */
export const LOCK_OPEN_TIMEOUT_MS = 10_000;

function withTimeout<T>(p: Promise<T>, ms: number, vendor: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LockUnreachable(vendor, `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Options of `createLockAdapter`. */
export interface LockAdapterOptions {
  /** A driver per vendor replacing the default one (a deployment with vendor access, a test). */
  drivers?: Partial<Record<THardwareType, LockDriver>>;
  /** Time box of one driver call, ms (default `LOCK_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** Wait for the open report after an acknowledged unlock, ms (default `LOCK_OPEN_TIMEOUT_MS`). */
  openTimeoutMs?: number;
  /** Jams in a row that put a door into maintenance (default 3; `LOCK_JAM_LIMIT`). */
  jamLimit?: number;
  /** Pause between two status questions while waiting for the open report, ms (default 250). */
  pollMs?: number;
  /**
   * Opens the sealed secret of an organization's cloud vendor account (the server's secret box).
   * Without it every cloud vendor answers `LockNotConfigured`.
   */
  unseal?: (sealed: string) => string;
  /** The HTTP client of the cloud vendors' drivers (default: the outbound policy's `fetch`). */
  fetchImpl?: typeof fetch;
  /**
   * The gate every lock call goes through: per-organization concurrency and a breaker per
   * organization and target (default: a gate of its own, `LOCK_CONCURRENCY_PER_ORGANIZATION`
   * calls per organization, 3 failures in a row open a target's breaker for 30 s).
   */
  gate?: OutsideGate;
  /**
   * The outbound address policy (`lib/outbound`) of vendor APIs and bridges (default: public
   * addresses only).
   */
  outbound?: OutboundPolicy;
}

/**
 * The target a lock call reaches, for the breaker: the vendor's API (cloud), the location's
 * serial bridge (Kerong, Headleader) with the board's address, or the simulated fleet of a
 * location (virtual). Two doors behind one dead bridge share its breaker.
 */
export function lockEndpointOf(t: LockTarget): string {
  if (t.account) return `${t.hardwareType}:${t.account.baseUrl}`;
  const ip = t.fields.ip ?? t.fields.ip_address;
  if (ip) return `${t.hardwareType}:${ip}`;
  if (t.settings.bridgeHost)
    return `${t.hardwareType}:${t.settings.bridgeHost}:${t.settings.bridgePort ?? ''}`;
  return t.hardwareType;
}

/**
 * Builds the lock adapter, one driver per hardware type: `virtual` the simulated lock (its
 * location's latency, jam and offline rates), `kerong` and `headleader` the RS-485 boards behind
 * their serial-to-TCP bridge, and every cloud vendor (Linka, Ojmar, Gantner, Harbor, Spintly, DC
 * Lock) its REST driver on the organization's account (`LockTarget.account`; `LockNotConfigured`
 * naming the settings to fill without one). `drivers` replaces any of them. Any driver error other than
 * `LockUnreachable` / `LockNotConfigured` is reported as unreachable, so a flaky vendor never
 * yields a 500.
 */
export function createLockAdapter(opts: LockAdapterOptions = {}): LockAdapter {
  const unseal =
    opts.unseal ??
    (() => {
      throw new Error('no secret box');
    });
  const outbound = opts.outbound ?? createOutboundPolicy();
  const simulator = new Map<string, SimulatedFaults>();
  const defaults: Record<THardwareType, LockDriver> = {
    virtual: createVirtualDriver({ faults: simulator }),
    kerong: createKerongDriver({ outbound }),
    headleader: createHeadleaderDriver({ outbound }),
    ...(Object.fromEntries(
      CLOUD_LOCK_VENDORS.map((v) => [
        v,
        createCloudDriver(CLOUD_VENDOR_SPECS[v], { unseal, fetchImpl: opts.fetchImpl ?? outbound.fetch }),
      ]),
    ) as Record<(typeof CLOUD_LOCK_VENDORS)[number], LockDriver>),
  };
  const registry = new Map<THardwareType, LockDriver>();
  for (const vendor of DEVICE_HARDWARE_TYPES)
    registry.set(vendor, opts.drivers?.[vendor] ?? defaults[vendor]);
  const timeoutMs = opts.timeoutMs ?? LOCK_TIMEOUT_MS;
  const openTimeoutMs = opts.openTimeoutMs ?? LOCK_OPEN_TIMEOUT_MS;
  const pollMs = opts.pollMs ?? Math.max(10, Math.min(250, Math.floor(openTimeoutMs / 4)));
  const gate = opts.gate ?? new OutsideGate();
  const call = async (t: LockTarget, op: 'unlock' | 'status'): Promise<LockReport> => {
    const driver = registry.get(t.hardwareType)!;
    // the virtual lock's latency is part of the simulation: the time box grows with it
    const box = t.hardwareType === 'virtual' ? timeoutMs + t.settings.virtualLatencyMs : timeoutMs;
    try {
      return await gate.run(
        t.organizationId ?? `device:${t.id}`,
        lockEndpointOf(t),
        box,
        () => withTimeout(driver[op](t), box, t.hardwareType),
        (err) => !(err instanceof LockNotConfigured),
      );
    } catch (err) {
      if (err instanceof LockUnreachable || err instanceof LockNotConfigured) throw err;
      if (err instanceof CircuitOpen) throw new LockUnreachable(t.hardwareType, err.message, true);
      if (err instanceof GateBusy) throw new LockUnreachable(t.hardwareType, err.message);
      throw new LockUnreachable(t.hardwareType, err instanceof Error ? err.message : 'driver error');
    }
  };
  return {
    async unlock(t, hooks) {
      const ack = await call(t, 'unlock');
      await hooks?.onAcknowledged?.();
      if (ack.lockStatus === 'open') return { outcome: 'opened', lockStatus: 'open' };
      const deadline = Date.now() + openTimeoutMs;
      let last: TLockStatus = ack.lockStatus;
      while (Date.now() < deadline) {
        await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
        try {
          last = (await call(t, 'status')).lockStatus;
        } catch (err) {
          if (err instanceof LockNotConfigured) throw err;
          continue; // no report this time; the door may still report open before the deadline
        }
        if (last === 'open') return { outcome: 'opened', lockStatus: 'open' };
      }
      return { outcome: 'jammed', lockStatus: last === 'unknown' ? 'locked' : last };
    },
    status: (t) => call(t, 'status'),
    jamLimit: opts.jamLimit ?? 3,
    gate,
    simulator,
    boards: new Map(),
  };
}
