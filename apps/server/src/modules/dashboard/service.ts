import {
  LOCATION_MESSAGES,
  MODES,
  type TMetricAnswer,
  type TMetricName,
  type TTrendPoint,
} from '@lockerops/contract';
import type Decimal from 'decimal.js';
import type { DbOrTx } from '../../db/client';
import { NotFound } from '../../errors';
import {
  addDays,
  bucketOf,
  bucketsOf,
  daysBetween,
  defaultInterval,
  previousPeriod,
} from '../../lib/calendar';
import { firstTransactionsByDay } from './queries/firsts';
import { doorHealth, occupancy } from './queries/occupancy';
import {
  countLocations,
  currencyOf,
  doorsByLocation,
  locationCount,
  organizationZone,
} from './queries/organization';
import {
  addSums,
  type DaySums,
  dailySums,
  doorCount,
  emptySums,
  issuesByDay,
  newUsersByDay,
  usersBy,
} from './queries/rollup';
import type { MetricQuery, MetricScope } from './queries/scope';
import {
  topUsersLive as liveTopUsers,
  topUsersRollupPeriod as rollupPeriodOf,
  topLocations,
  topUsers,
} from './queries/top';

/**
 * The metric computations of the dashboard and of scheduled reports (spec: console §2 Dashboard,
 * §3 "Dashboard report payload" and "Metric payloads", §7 metric reads). Plain functions on a
 * database handle, with no HTTP: `computeMetric(name, scope, tx)`. Run them inside
 * `withTenant` (row-level security) — every query also names the organization.
 *
 * Where the numbers come from:
 * - transaction counts, earnings and durations: the daily roll-up (`dashboard_org_daily` with no
 *   location filter, `dashboard_daily` with one; see db/schema/dashboard.ts), by the local day a
 *   transaction was created on (its location's zone, else the organization's);
 * - users: the registrations roll-up (`dashboard_users_daily`, kept by a trigger on `users`), by
 *   the local day of registration in the organization's zone;
 * - doors and locations: the current devices and locations;
 * - occupancy: the door-time roll-up (`dashboard_busy_daily`) plus the holds still open;
 * - top users: the per-user roll-up (`dashboard_user_period`) for a whole month, quarter or year
 *   (or one up to today), else the transactions themselves, bounded by
 *   `transactions_org_created_idx`;
 * - customers' first transactions (Transaction Rate): the same roll-up's rows of period 'f', else
 *   (with a location filter) the transactions at those locations.
 */

export type { MetricScope } from './queries/scope';

const round = (n: number, places = 2): number => {
  const f = 10 ** places;
  return Math.round((n + Number.EPSILON) * f) / f;
};

/** Percentage change from `prev` to `cur`: 100 when growing from nothing, 0 when both are 0. */
export const percentChange = (cur: number, prev: number): number =>
  prev === 0 ? (cur > 0 ? 100 : 0) : round(((cur - prev) / prev) * 100);

/** Sums of the days in `[from, to]` of a day map. */
function sumOver(days: Map<string, DaySums>, from: string, to: string): DaySums {
  let acc = emptySums();
  for (const [d, v] of days) if (d >= from && d <= to) acc = addSums(acc, v);
  return acc;
}

/** The trend buckets of the range: each bucket's first date and the days of the range it covers. */
function bucketSpans(s: MetricScope): Array<{ date: string; from: string; to: string }> {
  const interval = s.interval ?? defaultInterval(s.from, s.to);
  const starts = bucketsOf(s.from, s.to, interval);
  return starts.map((date, i) => ({
    date,
    from: date < s.from ? s.from : date,
    to: i + 1 < starts.length ? addDays(starts[i + 1]!, -1) : s.to,
  }));
}

/**
 * A roll-up metric's figure for the range, for the previous period of the same length, and per
 * trend bucket. `value` reads a figure from the sums of a period (and of the period before it,
 * for rates of change).
 */
async function rollupMetric(
  tx: DbOrTx,
  s: MetricScope,
  value: (cur: DaySums, before: DaySums) => number,
): Promise<{ value: number; previous: number; trend: TTrendPoint[] }> {
  const len = daysBetween(s.from, s.to) + 1;
  const prev = previousPeriod(s.from, s.to);
  const days = await dailySums({ tx, ...s }, addDays(s.from, -2 * len), s.to);
  const period = (from: string, to: string) => sumOver(days, from, to);
  const before = (from: string) => addDays(from, -len);
  const trend = bucketSpans(s).map((b) => ({
    date: b.date,
    value: value(period(b.from, b.to), emptySums()),
  }));
  return {
    value: value(period(s.from, s.to), period(prev.from, prev.to)),
    previous: value(period(prev.from, prev.to), period(before(prev.from), addDays(prev.from, -1))),
    trend,
  };
}

const sumDays = (m: Map<string, number>, from: string, to: string) => {
  let n = 0;
  for (const [d, v] of m) if (d >= from && d <= to) n += v;
  return n;
};

/**
 * A count per day (`countsByDay`: issues, first transactions) per hundred transactions of the same
 * days: over the period, over the one before it, and for each bucket of the trend.
 */
async function perHundredTransactions(
  tx: DbOrTx,
  s: MetricScope,
  countsByDay: (q: MetricQuery, from: string, to: string) => Promise<Map<string, number>>,
): Promise<{ value: number; previous: number; trend: TTrendPoint[] }> {
  const prev = previousPeriod(s.from, s.to);
  const counts = await countsByDay({ tx, ...s }, prev.from, s.to);
  const days = await dailySums({ tx, ...s }, prev.from, s.to);
  const rate = (from: string, to: string) => {
    const n = sumOver(days, from, to).transactions;
    return n ? round((100 * sumDays(counts, from, to)) / n) : 0;
  };
  return {
    value: rate(s.from, s.to),
    previous: rate(prev.from, prev.to),
    trend: bucketSpans(s).map((b) => ({ date: b.date, value: rate(b.from, b.to) })),
  };
}

/** The organization's IANA zone (settings `time_zone`, UTC when unset). */
export const organizationTimeZone = ({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<string> => organizationZone({ tx, organizationId });

/** 404 unless every id is a location of the organization (another organization's ids included). */
export async function assertLocations({
  tx,
  organizationId,
  ids,
}: {
  tx: DbOrTx;
  organizationId: string;
  ids: readonly string[];
}): Promise<void> {
  if (!ids.length) return;
  if ((await countLocations({ tx, organizationId, ids })) !== new Set(ids).size)
    throw NotFound(LOCATION_MESSAGES.notFound);
}

/** The top users counted from the transactions themselves (the definition). */
export const topUsersLive = ({ tx, s }: { tx: DbOrTx; s: MetricScope }) => liveTopUsers({ tx, ...s });

/** Where Top Users counts come from: the per-user roll-up's period, or null (see `queries/top.ts`). */
export const topUsersRollupPeriod = ({ tx, s }: { tx: DbOrTx; s: MetricScope }) =>
  rollupPeriodOf({ tx, ...s });

const money = (d: Decimal) => d.toDecimalPlaces(2).toNumber();

type Computer<N extends TMetricName> = (tx: DbOrTx, s: MetricScope) => Promise<TMetricAnswer<N>>;

/** One computation per metric read of spec console §7; see each operation's OpenAPI description. */
export const METRICS: { [N in TMetricName]: Computer<N> } = {
  async earnings(tx, s) {
    const m = await rollupMetric(tx, s, (c) => money(c.earnings));
    return {
      currency: await currencyOf({ tx, organizationId: s.organizationId }),
      earnings: m.value,
      previous: m.previous,
      trend: m.trend,
    };
  },

  async user_growth(tx, s) {
    const len = daysBetween(s.from, s.to) + 1;
    const prev = previousPeriod(s.from, s.to);
    const days = await newUsersByDay({ tx, ...s }, addDays(s.from, -2 * len), s.to);
    const cur = sumDays(days, s.from, s.to);
    const before = sumDays(days, prev.from, prev.to);
    const beforePrev = sumDays(days, addDays(prev.from, -len), addDays(prev.from, -1));
    const interval = s.interval ?? defaultInterval(s.from, s.to);
    const trend = bucketsOf(s.from, s.to, interval).map((b) => ({ date: b, value: 0 }));
    const at = new Map(trend.map((p) => [p.date, p]));
    for (const [d, n] of days) if (d >= s.from && d <= s.to) at.get(bucketOf(d, interval))!.value += n;
    return {
      percentage: percentChange(cur, before),
      new_users: cur,
      previous_new_users: before,
      previous: percentChange(before, beforePrev),
      trend,
    };
  },

  door_health: (tx, s) => doorHealth({ tx, ...s }),

  async issue_rate(tx, s) {
    const { value, previous, trend } = await perHundredTransactions(tx, s, issuesByDay);
    return { issue_rate: value, previous, trend };
  },

  occupancy_rate: (tx, s) => occupancy({ tx, ...s }),

  async transaction_rate(tx, s) {
    const { value, previous, trend } = await perHundredTransactions(tx, s, firstTransactionsByDay);
    return { new_transaction_percentage: value, previous, trend };
  },

  async transactions_per_locker(tx, s) {
    const doors = await doorCount({ tx, ...s });
    const m = await rollupMetric(tx, s, (c) => (doors ? round(c.transactions / doors) : 0));
    return { avg_transactions_per_locker: m.value, previous: m.previous, trend: m.trend };
  },

  async total_transactions(tx, s) {
    const m = await rollupMetric(tx, s, (c) => c.transactions);
    return { breakdown: { organization_total: m.value }, previous: m.previous, trend: m.trend };
  },

  async avg_transaction_time(tx, s) {
    const m = await rollupMetric(tx, s, (c) => (c.timed ? Math.round(c.timeSum / c.timed) : 0));
    return { avg_transaction_time: m.value, previous: m.previous, trend: m.trend };
  },

  async total_users(tx, s) {
    return usersBy({ tx, ...s }, s.to);
  },

  async total_locations(tx, s) {
    return { main_org_total_locations: await locationCount({ tx, ...s }) };
  },

  async avg_revenue_per_transaction(tx, s) {
    const m = await rollupMetric(tx, s, (c) =>
      c.transactions ? money(c.earnings.dividedBy(c.transactions)) : 0,
    );
    return { avg_revenue_per_transaction: m.value, previous: m.previous, trend: m.trend };
  },

  async door_counts(tx, s) {
    const rows = await doorsByLocation({ tx, ...s });
    return {
      main_org: { main_org_total_doors: rows.reduce((n, r) => n + r.total_doors, 0) },
      door_counts_by_location: rows,
    };
  },

  async users(tx, s) {
    const days = await newUsersByDay({ tx, ...s }, s.from, s.to);
    const data = bucketsOf(s.from, s.to, 'month').map((b) => ({ month: b.slice(0, 7), count: 0 }));
    const at = new Map(data.map((p) => [p.month, p]));
    for (const [d, n] of days) at.get(d.slice(0, 7))!.count += n;
    return { total: await usersBy({ tx, ...s }, s.to), data };
  },

  async transactions(tx, s) {
    const interval = s.interval ?? 'day';
    const days = await dailySums({ tx, ...s }, s.from, s.to);
    const data = bucketsOf(s.from, s.to, interval).map((b) => ({
      date: b,
      total: 0,
      ...(Object.fromEntries(MODES.map((m) => [m, 0])) as Record<(typeof MODES)[number], number>),
    }));
    const at = new Map(data.map((p) => [p.date, p]));
    let total = 0;
    for (const [d, v] of days) {
      const p = at.get(bucketOf(d, interval))!;
      p.total += v.transactions;
      total += v.transactions;
      for (const m of MODES) p[m] += v[m];
    }
    return { total, data };
  },

  top_users: (tx, s) => topUsers({ tx, ...s }),
  locations: (tx, s) => topLocations({ tx, ...s }),
};

/**
 * Computes one metric read of spec console §7 for `scope` (see `MetricScope`); the answer has the
 * shape of `METRIC_SCHEMAS[name]` in the contract. Throws only database errors.
 */
export function computeMetric<N extends TMetricName>(
  name: N,
  scope: MetricScope,
  tx: DbOrTx,
): Promise<TMetricAnswer<N>> {
  return (METRICS[name] as Computer<N>)(tx, scope);
}
