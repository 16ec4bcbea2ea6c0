/**
 * The demo history's timeline: the clock units, what the history needs (`HistoryContext`), the
 * plans of single transactions (steps at planned times) and the door bookings that keep two
 * transactions out of one door at once.
 */
import type { TMode } from '@lockerops/contract';
import type { Db } from '../../src/db/client';
import type { ApiClient } from './client';
import type { Random } from './random';
import type { DemoDevice, DemoSetup } from './setup';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Chicago is five or six hours behind UTC; the demo keeps business hours in local time (UTC−5). */
export const LOCAL_OFFSET = 5 * HOUR;

/** What the steps of one transaction share while it is driven. */
export interface TxState {
  id?: string;
  /** The product the transaction moves (rental, vending), whose tracking entries move with it. */
  product?: string;
  total: number;
  pin?: string | null;
}

/** One call of the life cycle at a planned (virtual) time. */
export interface Step {
  at: number;
  run(s: TxState): Promise<unknown>;
}

/** One planned transaction: its steps in time order (only those before the present are kept). */
export interface Plan {
  mode: TMode;
  steps: Step[];
}

/** What the history needs besides the set-up. */
export interface HistoryContext {
  /** The admin's console session. */
  admin: ApiClient;
  /** A kiosk or end-user app: the organization's API key. */
  kiosk: ApiClient;
  db: Db;
  setup: DemoSetup;
  rnd: Random;
  days: number;
  /** How many transactions a day at full size (60 doors); scaled with the number of doors. */
  perDay: number;
  /** Seconds a delivered parcel may wait before the expiry job expires it. */
  pickupLimitSeconds: number;
  /** Runs the delivery expiry job's handler once (the scheduled job's own code). */
  runExpiryJob(): Promise<void>;
  /**
   * Goods to restock vending doors with after each purchase, made during the set-up
   * (`POST products`); `planHistory` answers how many it needs.
   */
  vendingStock: string[];
}

/** Door bookings on the planned timeline, so two transactions never share a door at once. */
export class DoorSchedule {
  private readonly busy = new Map<string, Array<[number, number]>>();

  isFree(id: string, from: number, to: number): boolean {
    return !(this.busy.get(id) ?? []).some(([a, b]) => a < to && from < b);
  }
  hold(id: string, from: number, to: number): void {
    const list = this.busy.get(id) ?? [];
    list.push([from, to]);
    this.busy.set(id, list);
  }
  pick(rnd: Random, doors: readonly DemoDevice[], from: number, to: number): DemoDevice | undefined {
    const free = doors.filter((d) => this.isFree(d.id, from, to));
    return free.length ? rnd.pick(free) : undefined;
  }
}

/** Where plans are made: the context, the door bookings and the present. */
export interface Planner {
  ctx: HistoryContext;
  doors: DoorSchedule;
  now: number;
}
