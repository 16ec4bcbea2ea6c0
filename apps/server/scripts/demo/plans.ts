/**
 * The plan of one transaction of the demo history, by mode: its door, its steps through the life
 * cycle at planned times (kiosk, desk, courier and operator calls) and what may follow it.
 */
import type { TTransactionActionResponse } from '@lockerops/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { smsOutbox } from '../../src/db/schema';
import type { DemoDevice, DemoUser } from './setup';
import {
  DAY,
  type HistoryContext,
  HOUR,
  MINUTE,
  type Plan,
  type Planner,
  type Step,
  type TxState,
} from './timeline';

const money = (v: number) => Math.round(v * 100) / 100;

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

/** A storage use at a kiosk: ended at the door, by the desk (an end) or canceled at once. */
export function planStorage(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
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

/** A rental returned in a condition; a damaged one is penalized, a door not in good condition repaired. */
export function planRental(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
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

/** A laundry: dropped in, picked up by the operator, weighed and charged, dropped back, collected. */
export function planService(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
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

/** A parcel: at the desk or in a door by the courier, collected with its code, or left to expire. */
export function planDelivery(env: Planner, list: DemoDevice[], user: DemoUser, t0: number): Plan | undefined {
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

/** A vending purchase; the operator restocks the door with the next article. */
export function planVending(
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
