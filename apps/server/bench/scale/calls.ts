/**
 * What `npm run bench:scale` measures: the calls, in order, and how often each is timed.
 */
import { DEFAULT_CARD_METRICS, type TMetricName } from '@lockerops/contract';
import { BENCH_ADMIN, BENCH_PASSWORD } from './database';

export const RUNS = Number(process.env.BENCH_RUNS ?? 30);
export const WARMUP = 3;
/** Rounds over every measured call before the first is timed (BENCH_SERVER_WARMUP). */
export const SERVER_WARMUP = Number(process.env.BENCH_SERVER_WARMUP ?? 5);

/** Median and 95th percentile of a sample, ms. */
export function stats(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** Parameters of the calls, read from the generated data. */
export interface Params {
  location: string;
  user: string;
  lastName: string;
  invoice: string;
}

/**
 * One benchmarked call. `kind: 'list'` calls are held to the list targets (p95 ≤ 25 ms and ≤ 1.5×
 * their SQL). `prepare` runs once before timing (e.g. to fetch a cursor) and answers the URL.
 */
export interface Call {
  name: string;
  kind: 'list' | 'other';
  method?: 'GET' | 'POST';
  url: string | ((ctx: { p: Params; get: (url: string) => Promise<unknown> }) => Promise<string> | string);
  body?: () => unknown;
  runs?: number;
}

/** The reads of the dashboard's first screen: the five default cards and both top tables. */
export const DASHBOARD_FIRST_SCREEN: readonly TMetricName[] = [
  ...DEFAULT_CARD_METRICS,
  'top_users',
  'locations',
];

/** The calls measured, in order; add a line to measure another. */
export function calls(): Call[] {
  const list = (name: string, url: Call['url']): Call => ({ name, kind: 'list', url });
  return [
    list('events page 1', '/api/events?page=1&size=50'),
    list('events page 1,000', async ({ get }) => {
      // keyset: the console follows next_cursor; reach page 1,000 once, then time that page.
      let url = '/api/events?size=50';
      for (let page = 1; page < 1000; page++) {
        const r = (await get(url)) as { next_cursor?: string | null; page: number };
        if (!r.next_cursor) return `/api/events?page=1000&size=50`;
        url = `/api/events?size=50&cursor=${encodeURIComponent(r.next_cursor)}`;
      }
      return url;
    }),
    // the last page of the newest-first order is the first of the oldest-first one (keyset both ways)
    list('events last page', '/api/events?sort_by=created_at&order=asc&size=50'),
    list('events by location', ({ p }) => `/api/events?id_location=${p.location}&size=50`),
    list('events status=in_progress', '/api/events?status=in_progress&size=50'),
    list('events status=finished', '/api/events?status=finished&size=50'),
    list('events by_type=delivery', '/api/events?by_type=delivery&size=50'),
    list('events by user', ({ p }) => `/api/events?id_user=${p.user}&size=50`),
    list('events invoice_id=', ({ p }) => `/api/events?invoice_id=${p.invoice}&size=50`),
    list('events search invoice', ({ p }) => `/api/events?search=${p.invoice}&size=50`),
    list('events search user name', ({ p }) => `/api/events?search=${p.lastName}&size=50`),
    list('users page 1', '/api/users?page=1&size=25'),
    list('users search', ({ p }) => `/api/users?search=${p.lastName}&size=25`),
    list('devices by location', ({ p }) => `/api/devices?id_location=${p.location}&size=50`),
    list('locations page 1', '/api/locations?page=1&size=25'),
    {
      name: 'sign-in',
      kind: 'other',
      method: 'POST',
      url: '/api/auth/sign-in',
      body: () => ({ email: BENCH_ADMIN, password: BENCH_PASSWORD, organization: 'demo-org' }),
    },
  ];
}
