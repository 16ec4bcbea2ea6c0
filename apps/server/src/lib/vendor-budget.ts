import type { THardwareType } from '@lockerops/contract';

/**
 * Heartbeat calls per second each lock vendor is asked at most, across every organization of the
 * server (README "Door health, alerts and simulator faults"): a cloud vendor's API is shared by
 * all its customers and answers 429 beyond its quota; a serial bridge answers one frame at a time;
 * a virtual lock is simulated in this process, so its budget only keeps a runaway poll in check.
 * `HEALTH_VENDOR_RATES` (`vendor=calls,…`) changes them.
 */
export const HEARTBEAT_CALLS_PER_SECOND: Record<THardwareType, number> = {
  virtual: 500,
  kerong: 20,
  headleader: 20,
  linka: 5,
  ojmar: 5,
  gantner: 5,
  harbor: 5,
  spintly: 5,
  dclock: 5,
};

/** Reads `HEALTH_VENDOR_RATES` (`linka=2,virtual=100`) over the defaults; an unknown vendor or a bad number is an error. */
export function parseVendorRates(text: string | undefined): Record<THardwareType, number> {
  const out = { ...HEARTBEAT_CALLS_PER_SECOND };
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [vendor, value] = part.split('=').map((p) => p.trim());
    const n = Number(value);
    if (!vendor || !(vendor in out) || !Number.isFinite(n) || n <= 0)
      throw new Error(`HEALTH_VENDOR_RATES: "${part}" is not vendor=calls per second`);
    out[vendor as THardwareType] = n;
  }
  return out;
}

/** The heartbeat relay's per-vendor budget: `take` resolves when a call may start. */
export interface VendorBudget {
  /** Waits for the vendor's next free slot; organizations waiting on one vendor take turns. */
  take(vendor: THardwareType, organizationId: string): Promise<void>;
}

interface Lane {
  /** Waiting calls by organization, in arrival order. */
  waiting: Map<string, Array<() => void>>;
  /** The organizations with waiting calls, in turn order. */
  turns: string[];
  /** When the last call of this vendor started, ms. */
  last: number;
  pumping: boolean;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A budget of `rates[vendor]` calls per second per vendor, shared by every organization polled
 * through it: two calls of one vendor start at least `1000 / rate` ms apart (so no second holds
 * more than the rate), and the organizations waiting take turns, one call each, so a large fleet
 * never starves a small one. `now` and `wait` are the clock (tests keep the real one).
 */
export function createVendorBudget(
  rates: Record<THardwareType, number>,
  clock: { now: () => number; wait: (ms: number) => Promise<void> } = { now: Date.now, wait: sleep },
): VendorBudget {
  const lanes = new Map<THardwareType, Lane>();
  const pump = async (vendor: THardwareType, lane: Lane) => {
    lane.pumping = true;
    const gap = 1000 / rates[vendor];
    while (lane.turns.length) {
      const due = lane.last + gap - clock.now();
      if (due > 0) await clock.wait(due);
      if (clock.now() < lane.last + gap) continue;
      const org = lane.turns.shift()!;
      const queue = lane.waiting.get(org)!;
      const go = queue.shift()!;
      if (queue.length) lane.turns.push(org);
      else lane.waiting.delete(org);
      lane.last = clock.now();
      go();
    }
    lane.pumping = false;
  };
  return {
    take(vendor, organizationId) {
      if (!Number.isFinite(rates[vendor])) return Promise.resolve();
      const lane: Lane = lanes.get(vendor) ?? {
        waiting: new Map(),
        turns: [],
        last: Number.NEGATIVE_INFINITY,
        pumping: false,
      };
      lanes.set(vendor, lane);
      return new Promise<void>((resolve) => {
        const queue = lane.waiting.get(organizationId);
        if (queue) queue.push(resolve);
        else {
          lane.waiting.set(organizationId, [resolve]);
          lane.turns.push(organizationId);
        }
        if (!lane.pumping) void pump(vendor, lane);
      });
    },
  };
}
