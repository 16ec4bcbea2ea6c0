import {
  DASHBOARD_MESSAGES,
  type TDashboardRange,
  type TDashboardRangeResponse,
  type TMetricInterval,
} from '@lockerops/contract';
import { BadRequest } from '../errors';

/**
 * Calendar arithmetic on `YYYY-MM-DD` dates of a time zone (spec: console §4 dashboard date
 * ranges). Dates are plain calendar days: a day is turned into instants only in SQL, with the zone
 * of the organization or location (`(day::timestamp AT TIME ZONE zone)`), so the server's own zone
 * never matters.
 */

const DAY_MS = 86_400_000;
const MAX_DAYS = 3_660;

const toUtc = (d: string): number => Date.parse(`${d}T00:00:00Z`);
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `d` moved by `n` days. */
export const addDays = (d: string, n: number): string => fromUtc(toUtc(d) + n * DAY_MS);
/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string): number => Math.round((toUtc(b) - toUtc(a)) / DAY_MS);

/**
 * One formatter per time zone: building an `Intl.DateTimeFormat` loads the zone's rules and costs
 * about 0.3 ms, more than the roll-up read it serves, so each zone's is made once per process.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormatOf = (timeZone: string): Intl.DateTimeFormat => {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f;
};

/** Today's date in `timeZone` (an IANA zone; a RangeError for an unknown one) at the instant `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormatOf(timeZone).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The first day of `d`'s bucket: itself, the Sunday of its week, or the first of its month. */
export function bucketOf(d: string, interval: TMetricInterval): string {
  if (interval === 'day') return d;
  if (interval === 'week') return addDays(d, -new Date(toUtc(d)).getUTCDay());
  return `${d.slice(0, 7)}-01`;
}

/** The first days of the buckets that cover `[from, to]`, in order. */
export function bucketsOf(from: string, to: string, interval: TMetricInterval): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const b = bucketOf(d, interval);
    if (out[out.length - 1] !== b) out.push(b);
  }
  return out;
}

/** A calendar period of the per-user roll-up: `m` month, `q` quarter, `y` year. */
export type RollupPeriod = 'm' | 'q' | 'y';

/**
 * The months, quarters and years that begin on `from`, smallest first, each with its last day
 * (`YYYY-MM-DD`); empty when `from` is not the first of a month.
 */
export function periodsStartingOn(from: string): Array<{ period: RollupPeriod; start: string; end: string }> {
  const [y, m, d] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)), from.slice(8, 10)];
  if (d !== '01') return [];
  const endAfter = (months: number) => {
    const next = new Date(Date.UTC(y, m - 1 + months, 1));
    return addDays(fromUtc(next.getTime()), -1);
  };
  const out: Array<{ period: RollupPeriod; start: string; end: string }> = [
    { period: 'm', start: from, end: endAfter(1) },
  ];
  if ((m - 1) % 3 === 0) out.push({ period: 'q', start: from, end: endAfter(3) });
  if (m === 1) out.push({ period: 'y', start: from, end: endAfter(12) });
  return out;
}

/** Day buckets up to 62 days, else months. */
export const defaultInterval = (from: string, to: string): TMetricInterval =>
  daysBetween(from, to) < 62 ? 'day' : 'month';

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const len = daysBetween(from, to) + 1;
  return { from: addDays(from, -len), to: addDays(from, -1) };
}

/** The dates a preset range stands for on `today` (weeks start on Sunday); all end today. */
export function presetRange(
  range: Exclude<TDashboardRange, 'custom'>,
  today: string,
): { from: string; to: string } {
  const [y, m] = [today.slice(0, 4), Number(today.slice(5, 7))];
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'this_week':
      return { from: bucketOf(today, 'week'), to: today };
    case 'this_month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'this_quarter':
      return { from: `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`, to: today };
    case 'this_year':
      return { from: `${y}-01-01`, to: today };
  }
}

/**
 * Resolves a metric query's dates in `timeZone`: a preset `range`, else `from_date`/`to_date`
 * (custom), else this week. 400 when a custom range ends in the future, is reversed, lacks a
 * date, or is longer than 10 years.
 */
export function resolveRange(
  q: { range?: TDashboardRange; from_date?: string; to_date?: string },
  timeZone: string,
  now: Date = new Date(),
): TDashboardRangeResponse {
  const today = todayIn(timeZone, now);
  let range: TDashboardRange = q.range ?? (q.from_date || q.to_date ? 'custom' : 'this_week');
  let from: string;
  let to: string;
  if (range === 'custom') {
    if (!q.from_date && !q.to_date) range = 'this_week';
  }
  if (range === 'custom') {
    to = q.to_date ?? today;
    from = q.from_date ?? to;
    if (to > today) throw BadRequest(DASHBOARD_MESSAGES.futureRange);
    if (from > to) throw BadRequest(DASHBOARD_MESSAGES.reversedRange);
    if (daysBetween(from, to) > MAX_DAYS) throw BadRequest(DASHBOARD_MESSAGES.rangeTooLong);
  } else {
    ({ from, to } = presetRange(range, today));
  }
  const prev = previousPeriod(from, to);
  return {
    range,
    from_date: from,
    to_date: to,
    previous_from_date: prev.from,
    previous_to_date: prev.to,
    today,
    time_zone: timeZone,
  };
}
