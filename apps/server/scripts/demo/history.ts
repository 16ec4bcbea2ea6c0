/**
 * The demo's history: `planHistory` plans `days` days of transactions in start order, and
 * `driveHistory` drives each through the partner API, its rows moved back to the planned times.
 */
import type { TMode } from '@lockerops/contract';
import { planDelivery, planRental, planService, planStorage, planVending } from './plans';
import {
  dbClock,
  rowsSince,
  type StepRows,
  shiftStepRows,
  shiftTransaction,
  trackingSeq,
} from './time-shift';
import {
  DAY,
  DoorSchedule,
  type HistoryContext,
  HOUR,
  LOCAL_OFFSET,
  MINUTE,
  type Plan,
  type Planner,
  type Step,
  type TxState,
} from './timeline';

/** The plans of the history and the planning time they were cut at. */
export interface History {
  plans: Plan[];
  /** Restocking articles the vending purchases need. */
  vendingStockNeeded: number;
}

/**
 * Plans `days` days of activity and drives each transaction through the partner API in time
 * order: kiosks start storage, rentals, laundry drop-offs and vending purchases with the API key;
 * the desk creates deliveries and couriers drop them off; users pick up with their SMS codes;
 * operators end, cancel, refund, penalize, run the laundry steps and share; the expiry job
 * expires parcels nobody collected. Answers how many transactions were driven.
 */
export async function driveHistory(ctx: HistoryContext, history: History): Promise<{ transactions: number }> {
  for (const p of history.plans) {
    await execute(ctx, p);
  }
  return { transactions: history.plans.length };
}

/** Runs one plan: each step now, then its rows moved back by the planned gaps (see time-shift.ts). */
async function execute(ctx: HistoryContext, plan: Plan): Promise<void> {
  const state: TxState = { total: 0 };
  const sinceSeq = plan.mode === 'rental' || plan.mode === 'vending' ? await trackingSeq(ctx.db) : 0;
  const [first, ...rest] = plan.steps;
  if (!first) return;
  // the unlocks and issues the steps write move with the transaction
  const written: StepRows = { unlocks: [], issues: [] };
  let mark = await dbClock(ctx.db);
  const run = async (step: Step) => {
    await step.run(state);
    const rows = await rowsSince(ctx.db, mark);
    // rows moved back by a shift are older than the mark, so none is taken twice
    written.unlocks.push(...rows.unlocks.filter((id) => !written.unlocks.includes(id)));
    written.issues.push(...rows.issues.filter((id) => !written.issues.includes(id)));
    mark = rows.at;
  };
  const shift = async (id: string, ms: number, product?: { id: string; sinceSeq: number }) => {
    await shiftTransaction(ctx.db, id, ms, product);
    await shiftStepRows(ctx.db, written, ms);
  };
  await run(first);
  if (!state.id) throw new Error(`the first ${plan.mode} step made no transaction`);
  const product = state.product ? { id: state.product, sinceSeq } : undefined;
  let previous = first.at;
  for (const step of rest) {
    await shift(state.id, step.at - previous, product);
    await run(step);
    previous = step.at;
  }
  await shift(state.id, Date.now() - previous, product);
}

/**
 * Builds the plans in start order, up to `now`; steps after it are left out, so those
 * transactions stay open (in progress, awaiting a pickup…) as a live operator's would.
 */
export function planHistory(ctx: HistoryContext, now: number): History {
  const { rnd, setup } = ctx;
  const env: Planner = { ctx, doors: new DoorSchedule(), now };
  const byMode = (m: TMode) => setup.devices.filter((d) => d.mode === m);
  const scale = setup.devices.length / 60;
  const rate: Record<TMode, number> = {
    storage: 0.38 * ctx.perDay * scale,
    delivery: 0.3 * ctx.perDay * scale,
    rental: 0.14 * ctx.perDay * scale,
    service: 0.11 * ctx.perDay * scale,
    vending: 0.07 * ctx.perDay * scale,
  };
  const midnight = new Date(now - LOCAL_OFFSET);
  midnight.setUTCHours(0, 0, 0, 0);
  const today = midnight.getTime() + LOCAL_OFFSET;
  const starts: Array<{ at: number; mode: TMode }> = [];
  for (let d = ctx.days; d >= 0; d--) {
    const dayStart = today - d * DAY;
    for (const mode of Object.keys(rate) as TMode[]) {
      const n = Math.floor(rate[mode] * (0.6 + rnd.next() * 0.8) + rnd.next());
      for (let i = 0; i < n; i++) {
        const at = dayStart + 7 * HOUR + Math.floor(rnd.next() * 15 * HOUR);
        if (at < now - 10 * MINUTE && at > now - ctx.days * DAY) starts.push({ at, mode });
      }
    }
  }
  starts.sort((a, b) => a.at - b.at);

  const plans: Plan[] = [];
  let stock = 0;
  for (const s of starts) {
    const user = rnd.pick(setup.users);
    const plan =
      s.mode === 'storage'
        ? planStorage(env, byMode('storage'), user, s.at)
        : s.mode === 'rental'
          ? planRental(env, byMode('rental'), user, s.at)
          : s.mode === 'service'
            ? planService(env, byMode('service'), user, s.at)
            : s.mode === 'delivery'
              ? planDelivery(env, byMode('delivery'), user, s.at)
              : planVending(env, byMode('vending'), user, s.at, stock++);
    if (!plan) continue;
    plan.steps = plan.steps.filter((st) => st.at < now);
    plans.push(plan);
  }
  return { plans, vendingStockNeeded: stock };
}
