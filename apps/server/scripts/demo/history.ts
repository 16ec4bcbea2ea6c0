import type { TMode, TTransactionActionResponse } from '@lockerops/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { smsOutbox } from '../../src/db/schema';
import type { ApiClient } from './client';
import type { Random } from './random';
import type { DemoDevice, DemoSetup, DemoUser } from './setup';
import {
  dbClock,
  rowsSince,
  type StepRows,
  shiftStepRows,
  shiftTransaction,
  trackingSeq,
} from './time-shift';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Chicago is five or six hours behind UTC; the demo keeps business hours in local time (UTC−5). */
const LOCAL_OFFSET = 5 * HOUR;

/** What the steps of one transaction share while it is driven. */
interface TxState {
  id?: string;
  /** The product the transaction moves (rental, vending), whose tracking entries move with it. */
  product?: string;
  total: number;
  pin?: string | null;
}

/** One call of the life cycle at a planned (virtual) time. */
interface Step {
  at: number;
  run(s: TxState): Promise<unknown>;
}

/** One planned transaction: its steps in time order (only those before the present are kept). */
interface Plan {
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

/** The plans of the history and the planning time they were cut at. */
export interface History {
  plans: Plan[];
  /** Restocking articles the vending purchases need. */
  vendingStockNeeded: number;
}

/** Door bookings on the planned timeline, so two transactions never share a door at once. */
class DoorSchedule {
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

const money = (v: number) => Math.round(v * 100) / 100;

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

/** Where plans are made: the context, the door bookings and the present. */
interface Planner {
  ctx: HistoryContext;
  doors: DoorSchedule;
  now: number;
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

/** Refund, penalty and share after a finished, paid transaction (each now and then). */
function afterwards(ctx: HistoryContext, end: number, steps: Step[], opts: { refund: number }): void {
  const { rnd, admin } = ctx;
  if (rnd.chance(opts.refund)) {
    const partial = rnd.chance(0.6);
    steps.push({
      at: end + rnd.int(2, 30) * HOUR,
      async run(s) {
        if (s.total <= 0) return;
        await admin.patch(`events/${s.id}/refund`, { amount: partial ? money(s.total / 2) : s.total });
      },
    });
  } else if (rnd.chance(0.02)) {
    steps.push({
      at: end + rnd.int(1, 6) * HOUR,
      run: (s) =>
        admin.patch(`events/${s.id}/penalize`, {
          amount: 15,
          reason: rnd.pick(['misconduct', 'other'] as const),
        }),
    });
  }
  if (rnd.chance(0.03)) {
    const to = rnd.pick(ctx.setup.users);
    steps.push({
      at: end + rnd.int(1, 12) * HOUR,
      run: (s) => admin.post(`events/${s.id}/share`, { email: to.email }),
    });
  }
}

const started = (s: TxState, r: TTransactionActionResponse) => {
  s.id = r.event.id;
  s.product = r.event.product?.id;
  s.total = r.event.total;
  s.pin = r.event.courier_pin_code;
};
const charged = (s: TxState, r: TTransactionActionResponse) => {
  s.total = r.event.total;
};

function planStorage(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
  const { ctx, doors } = env;
  const { rnd, kiosk, admin } = ctx;
  const ending = rnd.next();
  const cancel = ending < 0.03;
  const duration = cancel
    ? rnd.int(5, 30) * MINUTE
    : rnd.chance(0.7)
      ? rnd.int(60, 600) * MINUTE
      : rnd.int(10, 72) * HOUR;
  const device = doors.pick(rnd, list, t0, t0 + duration);
  if (!device) return undefined;
  doors.hold(device.id, t0, t0 + duration);
  const promo = rnd.chance(0.12) ? ctx.setup.promoCode : undefined;
  const end = t0 + duration;
  const steps: Step[] = [
    {
      at: t0,
      run: async (s) =>
        started(
          s,
          await kiosk.post('events/storage', { id_device: device.id, id_user: user.id, promo_code: promo }),
        ),
    },
  ];
  if (cancel) steps.push({ at: end, run: (s) => admin.patch(`events/${s.id}/cancel`, {}) });
  else if (ending < 0.15)
    steps.push({
      at: end,
      run: async (s) =>
        charged(s, {
          detail: '',
          event: (
            await admin.patch<{ items: TTransactionActionResponse['event'][] }>('events', { ids: [s.id] })
          ).items[0]!,
        }),
    });
  else steps.push({ at: end, run: async (s) => charged(s, await kiosk.post(`events/${s.id}/pickup`, {})) });
  if (!cancel) afterwards(ctx, end, steps, { refund: 0.06 });
  return { mode: 'storage', steps };
}

function planRental(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
  const { ctx, doors } = env;
  const { rnd, kiosk, admin, setup } = ctx;
  const duration = rnd.int(45, 360) * MINUTE;
  const roll = rnd.next();
  const condition = roll < 0.05 ? 'damaged' : roll < 0.15 ? 'cleaning' : 'good';
  const repaired = condition === 'good' ? 0 : rnd.int(2, 8) * HOUR;
  const device = doors.pick(rnd, list, t0, t0 + duration + repaired);
  if (!device?.body.id_product) return undefined;
  doors.hold(device.id, t0, t0 + duration + repaired);
  const end = t0 + duration;
  const steps: Step[] = [
    {
      at: t0,
      run: async (s) =>
        started(s, await kiosk.post('events/rental', { id_device: device.id, id_user: user.id })),
    },
    {
      at: end,
      run: async (s) =>
        charged(
          s,
          await kiosk.post(`events/${s.id}/return`, {
            id_device: device.id,
            id_condition: setup.conditions[condition],
          }),
        ),
    },
  ];
  if (condition === 'damaged')
    steps.push({
      at: end + HOUR,
      run: (s) => admin.patch(`events/${s.id}/penalize`, { amount: 25, reason: 'damaged_items' }),
    });
  if (repaired)
    // The door went to maintenance with the condition; the operator puts it back in service.
    steps.push({ at: end + repaired, run: () => admin.put(`devices/${device.id}`, device.body) });
  else afterwards(ctx, end, steps, { refund: 0.05 });
  return { mode: 'rental', steps };
}

function planService(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
  const { ctx, doors, now } = env;
  const { rnd, kiosk, admin } = ctx;
  const t1 = t0 + rnd.int(120, 600) * MINUTE;
  const t2 = t1 + rnd.int(180, 480) * MINUTE;
  const t3 = t2 + rnd.int(60, 240) * MINUTE;
  const t4 = t3 + rnd.int(2, 30) * HOUR;
  const dropIn = doors.pick(rnd, list, t0, t1);
  if (!dropIn) return undefined;
  const here = list.filter((d) => d.locationIndex === dropIn.locationIndex);
  // A laundry still waiting in its door at the end holds that door from the start on.
  const back = doors.pick(rnd, here, t4 >= now ? t0 : t3, t4);
  if (!back) return undefined;
  doors.hold(dropIn.id, t0, t1);
  doors.hold(back.id, t4 >= now ? t0 : t3, t4);
  const weight = Math.round(rnd.int(50, 220)) / 10;
  const steps: Step[] = [
    {
      at: t0,
      run: async (s) =>
        started(s, await kiosk.post('events/service', { id_device: dropIn.id, id_user: user.id })),
    },
    { at: t1, run: (s) => admin.patch(`events/${s.id}/service`, { step: 'pickup' }) },
    {
      at: t2,
      run: async (s) => charged(s, await admin.patch(`events/${s.id}/service`, { step: 'charge', weight })),
    },
    { at: t3, run: (s) => admin.patch(`events/${s.id}/service`, { step: 'dropoff', id_device: back.id }) },
    { at: t4, run: (s) => kiosk.post(`events/${s.id}/pickup`, {}) },
  ];
  afterwards(ctx, t4, steps, { refund: 0.05 });
  return { mode: 'service', steps };
}

function planDelivery(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
  const { ctx, doors } = env;
  const { rnd, kiosk, admin } = ctx;
  const phone = user.phone;
  const pickup = async (s: TxState) => {
    const code = await lastCode(ctx.db, phone);
    await kiosk.post(`events/${s.id}/pickup`, { code });
  };
  if (rnd.chance(0.1)) {
    // A parcel left at the front desk: awaiting the recipient at once, picked up with the code.
    return {
      mode: 'delivery',
      steps: [
        {
          at: t0,
          run: async (s) => started(s, await admin.post('event/delivery', { phone_number: phone })),
        },
        { at: t0 + rnd.int(1, 48) * HOUR, run: pickup },
      ],
    };
  }
  const t1 = t0 + rnd.int(5, 90) * MINUTE;
  const limit = ctx.pickupLimitSeconds * 1000;
  const uncollected = rnd.chance(0.12);
  const expiry = t1 + limit + MINUTE;
  // Older uncollected parcels went back to their senders; the latest few still wait in their doors.
  const returned = uncollected && expiry < env.now - 6 * DAY ? expiry + rnd.int(20, 48) * HOUR : undefined;
  const resend = !uncollected && rnd.chance(0.05) ? t1 + rnd.int(20, 40) * HOUR : undefined;
  const t2 = Math.max(t1 + rnd.int(1, 60) * HOUR, (resend ?? 0) + rnd.int(1, 5) * HOUR);
  const end = uncollected ? (returned ?? Number.POSITIVE_INFINITY) : t2;
  const device = doors.pick(rnd, list, t0, end);
  if (!device) return undefined;
  doors.hold(device.id, t0, end);
  const steps: Step[] = [
    {
      at: t0,
      run: async (s) =>
        started(s, await admin.post('event/delivery', { id_device: device.id, phone_number: phone })),
    },
    rnd.chance(0.7)
      ? {
          at: t1,
          run: (s) => kiosk.post(`delivery/${s.id}/dropoff`, { courier_pin_code: s.pin ?? undefined }),
        }
      : { at: t1, run: (s) => admin.patch(`delivery/${s.id}/complete`, { id_device: device.id }) },
  ];
  if (uncollected) {
    steps.push({ at: expiry, run: () => ctx.runExpiryJob() });
    // The operator ends an expired delivery once the parcel went back to its sender.
    if (returned) steps.push({ at: returned, run: (s) => admin.patch('events', { ids: [s.id] }) });
  } else {
    // A recipient who lost the text asks the desk to send the code again.
    if (resend) steps.push({ at: resend, run: (s) => admin.post(`events/${s.id}/resend-code`) });
    steps.push({ at: t2, run: pickup });
  }
  return { mode: 'delivery', steps };
}

function planVending(
  env: Planner,
  list: DemoDevice[],
  user: DemoUser,
  t0: number,
  stock: number,
): Plan | undefined {
  const { ctx } = env;
  const { rnd, kiosk, admin } = ctx;
  if (!list.length) return undefined;
  const device = rnd.pick(list);
  const promo = rnd.chance(0.1) ? ctx.setup.promoCode : undefined;
  return {
    mode: 'vending',
    steps: [
      {
        at: t0,
        async run(s) {
          started(
            s,
            await kiosk.post('events/vending', { id_device: device.id, id_user: user.id, promo_code: promo }),
          );
          // The operator restocks the door with the next article.
          const next = ctx.vendingStock[stock];
          if (!next) throw new Error('the vending stock ran out');
          device.body.id_product = next;
          await admin.put(`devices/${device.id}`, device.body);
        },
      },
    ],
  };
}

/** The pickup code of the last text message sent to `phone` (what the recipient reads). */
async function lastCode(db: Db, phone: string): Promise<string> {
  const [m] = await db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(eq(smsOutbox.to, phone))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = /code: (\d{6})/.exec(m?.body ?? '')?.[1];
  if (!code) throw new Error(`no pickup code was sent to ${phone}`);
  return code;
}
