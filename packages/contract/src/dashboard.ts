import { z } from 'zod';
import { MODES } from './common';
import { isTimeZone } from './reservations';

/**
 * The dashboard and its metric reads (spec: console §2 Dashboard, §3 "Dashboard report payload"
 * and "Metric payloads", §4 dashboard date ranges, §7 metric reads, §9 dashboard constants).
 */

/** The date ranges of the filter bar (spec console §4); the default is this week. */
export const DASHBOARD_RANGES = [
  'today',
  'this_week',
  'this_month',
  'this_quarter',
  'this_year',
  'custom',
] as const;
export const ZDashboardRange = z.enum(DASHBOARD_RANGES);
export type TDashboardRange = z.infer<typeof ZDashboardRange>;
export const DEFAULT_DASHBOARD_RANGE: TDashboardRange = 'this_week';
export const DASHBOARD_RANGE_LABELS: Record<TDashboardRange, string> = {
  today: 'Today',
  this_week: 'This Week',
  this_month: 'This Month',
  this_quarter: 'This Quarter',
  this_year: 'This Year',
  custom: 'Custom',
};

/** Metric cards: 5 by default, up to 10, remembered in cookies (spec console §9). */
export const DASHBOARD_DEFAULT_CARDS = 5;
export const DASHBOARD_MAX_CARDS = 10;
export const METRIC_COOKIE_PREFIX = 'metric_';
export const METRICS_LENGTH_COOKIE = 'metrics_length';

export const DASHBOARD_MESSAGES = {
  /** spec console §7: a metric call that fails shows this in its card. */
  noData: 'No data found',
  /** spec console §2: the empty Top Users / Top Locations tables. */
  noDataToShow: 'No data to show',
  downloadCsv: 'Download Latest Report CSV',
  /** Our texts (the spec names none). */
  futureRange: 'The date range cannot end in the future.',
  reversedRange: 'The start date must be on or before the end date.',
  rangeTooLong: 'The date range cannot be longer than 10 years.',
  invalidDate: 'Dates must be written YYYY-MM-DD.',
  invalidTimeZone: 'Unknown time zone. Use an IANA name such as America/Chicago.',
} as const;

/** A calendar date `YYYY-MM-DD`, read in the organization's (or location's) time zone. */
const calendarDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DASHBOARD_MESSAGES.invalidDate)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: DASHBOARD_MESSAGES.invalidDate,
      },
    );

/** An IANA time zone name known to the runtime (`America/Chicago`, `UTC`). */
export const ZTimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, DASHBOARD_MESSAGES.invalidTimeZone);

/** `locations` as repeated parameters or one comma-separated list of ids. */
const ZLocationIds = z.preprocess(
  (v) =>
    v === undefined || v === ''
      ? []
      : (Array.isArray(v) ? v : [v])
          .flatMap((x) => String(x).split(','))
          .map((s) => s.trim())
          .filter(Boolean),
  z.array(z.uuid()).max(1000),
);

/** Bucket of a trend: a day, a week (from Sunday), a month. */
export const METRIC_INTERVALS = ['day', 'week', 'month'] as const;
export const ZMetricInterval = z.enum(METRIC_INTERVALS);
export type TMetricInterval = z.infer<typeof ZMetricInterval>;

/**
 * Query of every metric read (spec console §7): `from_date`/`to_date` (calendar dates, both
 * included) or `range` (the server computes the dates in the organization's zone; default this
 * week), `locations` (ids), `target_org` (a super-tenant's sub-organization), `interval` (trend
 * bucket; default day up to 62 days, else month).
 */
export const ZMetricQuery = z.object({
  // inline schemas (not the exported ones): query parameters are documented in place
  from_date: calendarDate()
    .optional()
    .describe(
      'First day, YYYY-MM-DD, included; read in the organization time zone (settings `time_zone`), or in a location’s own zone',
    ),
  to_date: calendarDate().optional().describe('Last day, YYYY-MM-DD, included; after today answers 400'),
  range: z
    .enum(DASHBOARD_RANGES)
    .optional()
    .describe(
      'Instead of the dates: computed by the server in the organization zone (week from Sunday); default this_week',
    ),
  locations: ZLocationIds.optional()
    .default([])
    .describe('Location ids, repeated or comma-separated; default every location'),
  target_org: z
    .uuid()
    .optional()
    .describe('A super-tenant reads one of its sub-organizations; any other id answers 404'),
  interval: z
    .enum(METRIC_INTERVALS)
    .optional()
    .describe('Trend bucket; default day up to 62 days, else month'),
  limit: z.coerce.number().int().min(1).max(100).optional().describe('Rows of a top table (default 10)'),
});
export type TMetricQuery = z.input<typeof ZMetricQuery>;

/** `GET reports/range`: the dates a range stands for, and the period before it. */
export const ZDashboardRangeResponse = z.object({
  range: ZDashboardRange,
  from_date: z.string(),
  to_date: z.string(),
  previous_from_date: z.string(),
  previous_to_date: z.string(),
  today: z.string(),
  time_zone: z.string(),
});
export type TDashboardRangeResponse = z.infer<typeof ZDashboardRangeResponse>;

/** One point of a card's trend: the bucket's first date and the metric's value in it. */
export const ZTrendPoint = z.object({ date: z.string(), value: z.number() });
export type TTrendPoint = z.infer<typeof ZTrendPoint>;

/** What every card-able scalar metric adds to its spec keys: the previous period and a trend. */
const cardExtras = {
  previous: z.number(),
  trend: z.array(ZTrendPoint),
};

export const ZEarningsMetric = z.object({
  currency: z.string(),
  earnings: z.number(),
  ...cardExtras,
});
export const ZUserGrowthMetric = z.object({
  percentage: z.number(),
  new_users: z.number().int(),
  previous_new_users: z.number().int(),
  ...cardExtras,
});
export const ZDoorHealthMetric = z.array(z.object({ location_id: z.uuid(), health_percentage: z.number() }));
export const ZIssueRateMetric = z.object({ issue_rate: z.number(), ...cardExtras });
export const ZOccupancyRateMetric = z.array(z.object({ id: z.uuid(), occupancy_rate: z.number() }));
export const ZTransactionRateMetric = z.object({ new_transaction_percentage: z.number(), ...cardExtras });
export const ZTransactionsPerLockerMetric = z.object({
  avg_transactions_per_locker: z.number(),
  ...cardExtras,
});
export const ZTotalTransactionsMetric = z.object({
  breakdown: z.object({ organization_total: z.number().int() }),
  ...cardExtras,
});
export const ZAvgTransactionTimeMetric = z.object({ avg_transaction_time: z.number(), ...cardExtras });
/** `reports/total_users` answers a bare number (spec console §3 "total users (number)"). */
export const ZTotalUsersMetric = z.number().int();
export const ZTotalLocationsMetric = z.object({ main_org_total_locations: z.number().int() });
export const ZAvgRevenueMetric = z.object({ avg_revenue_per_transaction: z.number(), ...cardExtras });
export const ZDoorCountsMetric = z.object({
  main_org: z.object({ main_org_total_doors: z.number().int() }),
  door_counts_by_location: z.array(
    z.object({ location_id: z.uuid(), location_name: z.string(), total_doors: z.number().int() }),
  ),
});
export const ZUsersReport = z.object({
  total: z.number().int(),
  data: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
/** One day of `reports/transactions`: the count per mode and in all. */
export const ZTransactionsDay = z.object({
  date: z.string(),
  total: z.number().int(),
  ...(Object.fromEntries(MODES.map((m) => [m, z.number().int()])) as Record<
    (typeof MODES)[number],
    z.ZodNumber
  >),
});
export const ZTransactionsReport = z.object({ total: z.number().int(), data: z.array(ZTransactionsDay) });
export const ZEarningsDay = z.object({ date: z.string(), earnings: z.number() });
export const ZTopUser = z.object({
  id: z.uuid(),
  user: z.string(),
  email: z.string().nullable(),
  location: z.string().nullable(),
  location_id: z.uuid().nullable(),
  purchases: z.number().int(),
});
export const ZTopUsersReport = z.array(ZTopUser);
export const ZTopLocation = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  count: z.number().int(),
});
export const ZTopLocationsReport = z.array(ZTopLocation);

export type TEarningsMetric = z.infer<typeof ZEarningsMetric>;
export type TUserGrowthMetric = z.infer<typeof ZUserGrowthMetric>;
export type TDoorHealthMetric = z.infer<typeof ZDoorHealthMetric>;
export type TIssueRateMetric = z.infer<typeof ZIssueRateMetric>;
export type TOccupancyRateMetric = z.infer<typeof ZOccupancyRateMetric>;
export type TTransactionRateMetric = z.infer<typeof ZTransactionRateMetric>;
export type TTransactionsPerLockerMetric = z.infer<typeof ZTransactionsPerLockerMetric>;
export type TTotalTransactionsMetric = z.infer<typeof ZTotalTransactionsMetric>;
export type TAvgTransactionTimeMetric = z.infer<typeof ZAvgTransactionTimeMetric>;
export type TTotalLocationsMetric = z.infer<typeof ZTotalLocationsMetric>;
export type TAvgRevenueMetric = z.infer<typeof ZAvgRevenueMetric>;
export type TDoorCountsMetric = z.infer<typeof ZDoorCountsMetric>;
export type TUsersReport = z.infer<typeof ZUsersReport>;
export type TTransactionsReport = z.infer<typeof ZTransactionsReport>;
export type TTopUser = z.infer<typeof ZTopUser>;
export type TTopLocation = z.infer<typeof ZTopLocation>;

/** The metric reads of spec console §7 (`GET reports/<metric>`) and the schema of each answer. */
export const METRIC_SCHEMAS = {
  earnings: ZEarningsMetric,
  user_growth: ZUserGrowthMetric,
  door_health: ZDoorHealthMetric,
  issue_rate: ZIssueRateMetric,
  occupancy_rate: ZOccupancyRateMetric,
  transaction_rate: ZTransactionRateMetric,
  transactions_per_locker: ZTransactionsPerLockerMetric,
  total_transactions: ZTotalTransactionsMetric,
  avg_transaction_time: ZAvgTransactionTimeMetric,
  total_users: ZTotalUsersMetric,
  total_locations: ZTotalLocationsMetric,
  avg_revenue_per_transaction: ZAvgRevenueMetric,
  door_counts: ZDoorCountsMetric,
  users: ZUsersReport,
  transactions: ZTransactionsReport,
  top_users: ZTopUsersReport,
  locations: ZTopLocationsReport,
} as const;
export type TMetricName = keyof typeof METRIC_SCHEMAS;
export const METRIC_NAMES = Object.keys(METRIC_SCHEMAS) as TMetricName[];
export type TMetricAnswer<N extends TMetricName> = z.infer<(typeof METRIC_SCHEMAS)[N]>;

/**
 * The metrics a card can show, its title, and how to read its one figure from the answer. Lists
 * (door health, occupancy) show their average over the locations.
 */
export const CARD_METRICS = [
  'earnings',
  'total_transactions',
  'transaction_rate',
  'total_users',
  'avg_revenue_per_transaction',
  'user_growth',
  'avg_transaction_time',
  'transactions_per_locker',
  'occupancy_rate',
  'door_health',
  'issue_rate',
  'total_locations',
  'door_counts',
] as const satisfies readonly TMetricName[];
export type TCardMetric = (typeof CARD_METRICS)[number];
export const DEFAULT_CARD_METRICS: readonly TCardMetric[] = CARD_METRICS.slice(0, DASHBOARD_DEFAULT_CARDS);
export const CARD_TITLES: Record<TCardMetric, string> = {
  earnings: 'Earnings',
  total_transactions: 'Total Transactions',
  transaction_rate: 'Transaction Rate',
  total_users: 'Total Users',
  avg_revenue_per_transaction: 'Avg. Revenue per Transaction',
  user_growth: 'User Growth',
  avg_transaction_time: 'Avg. Transaction Time',
  transactions_per_locker: 'Transactions per Locker',
  occupancy_rate: 'Occupancy Rate',
  door_health: 'Door Health',
  issue_rate: 'Issue Rate',
  total_locations: 'Total Locations',
  door_counts: 'Total Doors',
};
