import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';

/**
 * Calls to the outside world (CONTRIBUTING.md "Nothing outside inside a transaction").
 * Lock hardware, vendor APIs, the payment provider, mail, SMS and geocoding are slow or hostile at
 * times. A step reads and decides in a short transaction, calls out with no transaction open, then
 * records the outcome in a second short transaction. This module holds the two guards of that
 * rule: the marker of an open transaction (so an adapter called inside one is caught), and the
 * gate every call to a lock goes through (a deadline, a per-organization concurrency limit and a
 * circuit breaker), so one organization's dead bridge costs only that organization.
 */

const openTransaction = new AsyncLocalStorage<true>();

/**
 * Marks every transaction of `db` (and what runs inside it) as open, for `inTransaction`. Called
 * once on the database handle in `buildApp`; nested transactions (savepoints) run inside the
 * outer one and need no marker of their own. Idempotent.
 */
export function trackTransactions({ db }: { db: Db }): void {
  const marked = db as Db & { [TRACKED]?: true };
  if (marked[TRACKED]) return;
  const original = db.transaction.bind(db);
  marked.transaction = ((fn: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    original((tx) => openTransaction.run(true, () => fn(tx)), config as never)) as Db['transaction'];
  marked[TRACKED] = true;
}
const TRACKED = Symbol('lockerops.trackedTransactions');

/** True while the calling code runs inside a database transaction opened on a tracked handle. */
export function inTransaction(): boolean {
  return openTransaction.getStore() === true;
}

/** An adapter was called while a database transaction was open (a bug in the caller). */
export class OutsideCallInTransaction extends Error {
  constructor(readonly call: string) {
    super(`${call} was called while a database transaction was open`);
  }
}

/** What to do when an adapter is called inside a transaction: fail (tests), log, or nothing. */
export type OutsideCheck = 'throw' | 'log' | 'off';

/**
 * Wraps an adapter so that each of its calls (`methods`, or every function property) first checks
 * that no transaction is open: `throw` fails the call with `OutsideCallInTransaction` (the test
 * suite runs this way, so a step that calls out under a row lock fails its tests), `log` reports
 * it with the call's name and goes on. `off` answers the adapter as it is.
 */
export function guardAdapter<T extends object>(
  name: string,
  adapter: T,
  check: OutsideCheck,
  report: (err: OutsideCallInTransaction) => void,
  methods?: ReadonlyArray<keyof T & string>,
): T {
  if (check === 'off') return adapter;
  const watched = methods ? new Set<string>(methods) : undefined;
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      if (watched && !watched.has(prop)) return value;
      return function guarded(this: unknown, ...args: unknown[]) {
        if (inTransaction()) {
          const err = new OutsideCallInTransaction(`${name}.${prop}`);
          if (check === 'throw') throw err;
          report(err);
        }
        return value.apply(this === receiver ? target : this, args);
      };
    },
  });
}

/** A call refused at once because its target failed too often lately (the breaker is open). */
export class CircuitOpen extends Error {
  constructor(readonly target: string) {
    super(`${target}: skipped, it failed repeatedly (circuit open)`);
  }
}

/** A call refused because its organization already has as many calls in flight as it may. */
export class GateBusy extends Error {
  constructor(readonly organizationId: string) {
    super('too many calls to the outside in flight for this organization');
  }
}

/** Options of an `OutsideGate`. */
export interface GateOptions {
  /** Calls in flight at once per organization (default 8); the rest wait, within their deadline. */
  perOrganization?: number;
  /** Failures in a row that open a target's breaker (default 3). */
  failureThreshold?: number;
  /** How long an open breaker skips its target before one trial call, ms (default 30 000). */
  cooldownMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /** Told each time a target's breaker opens or closes again (metrics). */
  onChange?: (target: string, state: BreakerState) => void;
}

/** The state of one target's breaker: `closed` (calls go), `open` (skipped), `half_open` (one trial). */
export type BreakerState = 'closed' | 'open' | 'half_open';

interface Breaker {
  failures: number;
  openUntil: number;
  trial: boolean;
}

/**
 * The gate of outside calls of one kind (the locks): each call names its organization and its
 * target (a vendor's API, a bridge's address). A call waits for one of its organization's
 * `perOrganization` slots — never another organization's — for at most its deadline (`GateBusy`
 * after it; `fn` keeps its own time box), and counts towards its target's breaker: after
 * `failureThreshold` failures in a row the target is skipped (`CircuitOpen`, at once) for
 * `cooldownMs`, then one trial call decides (success closes it, failure opens it again). Per
 * process: each server process protects itself.
 */
export class OutsideGate {
  private readonly perOrganization: number;
  private readonly failureThreshold: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;
  private readonly onChange?: (target: string, state: BreakerState) => void;
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly breakers = new Map<string, Breaker>();

  constructor(opts: GateOptions = {}) {
    this.perOrganization = opts.perOrganization ?? 8;
    this.failureThreshold = opts.failureThreshold ?? 3;
    this.cooldownMs = opts.cooldownMs ?? 30_000;
    this.now = opts.now ?? Date.now;
    this.onChange = opts.onChange;
  }

  /**
   * Runs `fn` for `organizationId` against `target` within `deadlineMs` (the wait for a slot
   * included). `isFailure` tells which errors count against the target (default: all). Throws
   * `CircuitOpen` or `GateBusy` without calling `fn`, else what `fn` throws.
   */
  async run<T>(
    organizationId: string,
    target: string,
    deadlineMs: number,
    fn: () => Promise<T>,
    isFailure: (err: unknown) => boolean = () => true,
  ): Promise<T> {
    const key = `${organizationId}|${target}`;
    const b = this.breakers.get(key);
    if (b && b.openUntil > 0) {
      if (this.now() < b.openUntil || b.trial) throw new CircuitOpen(target);
      b.trial = true; // half open: this call is the trial
    }
    await this.acquire(organizationId, deadlineMs);
    try {
      const result = await fn();
      if (this.breakers.get(key)?.openUntil) this.onChange?.(target, 'closed');
      this.breakers.delete(key);
      return result;
    } catch (err) {
      if (isFailure(err)) this.fail(key, target);
      else if (b?.trial) b.trial = false;
      throw err;
    } finally {
      this.release(organizationId);
    }
  }

  /** The breaker state of `target` for `organizationId`. */
  state(organizationId: string, target: string): BreakerState {
    const b = this.breakers.get(`${organizationId}|${target}`);
    if (!b || b.openUntil === 0) return 'closed';
    return b.trial || this.now() >= b.openUntil ? 'half_open' : 'open';
  }

  /** Breakers not closed, by state (for metrics). */
  openBreakers(): { open: number; half_open: number } {
    const out = { open: 0, half_open: 0 };
    for (const key of this.breakers.keys()) {
      const [org, ...rest] = key.split('|');
      const s = this.state(org!, rest.join('|'));
      if (s !== 'closed') out[s] += 1;
    }
    return out;
  }

  private fail(key: string, target: string): void {
    const b = this.breakers.get(key) ?? { failures: 0, openUntil: 0, trial: false };
    b.failures += 1;
    b.trial = false;
    if (b.failures >= this.failureThreshold) {
      b.openUntil = this.now() + this.cooldownMs;
      this.onChange?.(target, 'open');
    }
    this.breakers.set(key, b);
  }

  private async acquire(organizationId: string, deadlineMs: number): Promise<void> {
    const n = this.inFlight.get(organizationId) ?? 0;
    if (n < this.perOrganization) {
      this.inFlight.set(organizationId, n + 1);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const queue = this.waiting.get(organizationId) ?? [];
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const q = this.waiting.get(organizationId);
        const i = q?.indexOf(wake) ?? -1;
        if (q && i >= 0) q.splice(i, 1);
        reject(new GateBusy(organizationId));
      }, deadlineMs);
      queue.push(wake);
      this.waiting.set(organizationId, queue);
    });
    // the slot was handed over by `release` (its count kept)
  }

  private release(organizationId: string): void {
    const next = this.waiting.get(organizationId)?.shift();
    if (next) {
      next(); // hand the slot to the next waiter
      return;
    }
    const n = (this.inFlight.get(organizationId) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(organizationId);
    else this.inFlight.set(organizationId, n);
    if (!this.waiting.get(organizationId)?.length) this.waiting.delete(organizationId);
  }
}
