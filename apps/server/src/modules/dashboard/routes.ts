import { endpoints, METRIC_ENDPOINTS, METRIC_NAMES, type TMetricName } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveRange } from '../../lib/calendar';
import { errors, routeOf } from '../../lib/openapi';
import { foldDashboard } from './queries/fold';
import { assertLocations, computeMetric, organizationTimeZone } from './service';

const COMMON =
  'The period, locations and `target_org` are read as each query parameter says; a custom range that ends after today answers 400. Every signed-in role may read it.';

const TREND =
  ' `previous` is the same figure for the period of the same length just before the range; `trend` is the figure per bucket of the range (`interval` day, week from Sunday, or month; default day up to 62 days, else month), each point dated by its first day.';

const ROLLUP =
  ' Transactions count on the local day they were created on (their location zone, else the organization zone).';

/** What each number means (the spec names them only); shown in the OpenAPI document. */
const DESCRIPTIONS: Record<TMetricName, { summary: string; description: string }> = {
  earnings: {
    summary: 'Earnings',
    description: `\`{ currency, earnings }\`: the sum, over transactions created in the range, of the charged total when the payment succeeded, plus penalties charged, minus refunds; money in the organization's currency (settings \`default_currency\`), two decimals.${ROLLUP}${TREND}`,
  },
  user_growth: {
    summary: 'User growth',
    description: `\`{ percentage }\`: new users registered in the range against those registered in the previous period of the same length, as a percentage change ((new − previous) / previous × 100, two decimals; 100 when the previous period had none and the range has some, 0 when both have none). Also \`new_users\` and \`previous_new_users\`. Users belong to the whole organization: \`locations\` does not narrow them. \`trend\` counts new users per bucket (\`interval\`, months by default beyond 62 days, in the organization zone).${TREND}`,
  },
  door_health: {
    summary: 'Door health per location',
    description:
      '`[{ location_id, health_percentage }]`: for each location with doors, the share (percent, two decimals) of its doors that are not in maintenance and whose last lock command was answered (lock status open or locked; unknown or offline count as unhealthy). The doors as they are now: the dates do not change it.',
  },
  issue_rate: {
    summary: 'Issue rate',
    description: `\`{ issue_rate }\`: issues reported in the range per 100 transactions created in the range (two decimals; 0 without transactions). An issue counts on the local day it was reported (its location zone, else the organization zone); with \`locations\`, only the issues of those locations.${ROLLUP}${TREND}`,
  },
  occupancy_rate: {
    summary: 'Occupancy per location',
    description:
      "`[{ id, occupancy_rate }]`: for each location with doors (`id` is the location's id), the share (percent, two decimals, 0–100) of the range's door-time spent in a transaction: the time each transaction that holds a door (every mode but vending) overlapped the range, from its start until it ended (or now), over the number of doors × the range's elapsed time (up to now). Days are the location's (its zone, else the organization's).",
  },
  transaction_rate: {
    summary: 'New-transaction rate',
    description: `\`{ new_transaction_percentage }\`: the share (percent, two decimals) of the transactions created in the range that were their customer's first with the organization (no earlier transaction of the same user at any location); transactions without a user are never new; 0 without transactions. \`previous\` is the same share one period earlier, \`trend\` the share per bucket.${ROLLUP}${TREND}`,
  },
  transactions_per_locker: {
    summary: 'Transactions per locker',
    description: `\`{ avg_transactions_per_locker }\`: transactions created in the range divided by the number of doors (devices) at the chosen locations now; two decimals; 0 without doors.${ROLLUP}${TREND}`,
  },
  total_transactions: {
    summary: 'Total transactions',
    description: `\`{ breakdown: { organization_total } }\`: the number of transactions (every mode and status) created in the range.${ROLLUP}${TREND}`,
  },
  avg_transaction_time: {
    summary: 'Average transaction time',
    description: `\`{ avg_transaction_time }\`: the mean duration in seconds (whole seconds) of the transactions created in the range that have ended with a recorded duration (\`total_time\`); 0 when none has.${ROLLUP}${TREND}`,
  },
  total_users: {
    summary: 'Total users',
    description:
      'A bare number: the users registered by the end of the range (in the organization zone) and not deleted. Users belong to the whole organization: `locations` does not narrow them.',
  },
  total_locations: {
    summary: 'Total locations',
    description:
      '`{ main_org_total_locations }`: the locations of the organization (hidden ones included), or how many of the chosen `locations` exist. The dates do not change it.',
  },
  avg_revenue_per_transaction: {
    summary: 'Average revenue per transaction',
    description: `\`{ avg_revenue_per_transaction }\`: earnings (as in \`reports/earnings\`) divided by the number of transactions created in the range; money, two decimals; 0 without transactions.${ROLLUP}${TREND}`,
  },
  door_counts: {
    summary: 'Door counts',
    description:
      '`{ main_org: { main_org_total_doors }, door_counts_by_location: [{ location_id, location_name, total_doors }] }`: the doors (devices) of the organization now, in all and per location (locations without doors count 0). The dates do not change it.',
  },
  users: {
    summary: 'Users report',
    description:
      '`{ total, data: [{ month, count }] }`: `total` as `reports/total_users`; `data` the users registered in each month (YYYY-MM, organization zone) of the range, months without any included with 0.',
  },
  transactions: {
    summary: 'Transactions report',
    description: `\`{ total, data: [{ date, total, rental, storage, delivery, service, vending }] }\`: transactions created in the range, in all and per bucket (\`interval\`, default day; every bucket of the range present) and mode.${ROLLUP}`,
  },
  top_users: {
    summary: 'Top users',
    description:
      "`[{ id, user, email, location, location_id, purchases }]`: the users with the most transactions created in the range (at the chosen locations), most first, `limit` rows (default 10); `user` is the first and last name, `location` the location where the user made most of those transactions. Days are each transaction's location's.",
  },
  locations: {
    summary: 'Top locations',
    description: `\`[{ id, name, address, count }]\`: the locations with the most transactions created in the range, most first, \`limit\` rows (default 10); locations without any are left out.${ROLLUP}`,
  },
};

/**
 * The metric reads of spec console §7 (`GET reports/<metric>`) and `GET reports/range`. Thin: the
 * range is resolved in the organization's zone, the numbers come from `metrics.ts`. Open to every
 * signed-in role (console §6: home is open to all).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dashboard'];

  app.route({
    ...routeOf(endpoints.reports.range, {
      tags,
      summary: 'The dates of a dashboard range',
      description: `Answers the calendar dates a \`range\` (or a custom \`from_date\`/\`to_date\`) stands for in the organization zone, the previous period of the same length, today's date there and the zone. ${COMMON} spec: console §4 dashboard date ranges.`,
      errors: errors(400, 401, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) =>
        resolveRange(req.query, await organizationTimeZone({ tx, organizationId: req.auth.organizationId })),
      ),
  });

  for (const name of METRIC_NAMES) {
    const d = DESCRIPTIONS[name];
    app.route({
      ...routeOf(METRIC_ENDPOINTS[name], {
        tags,
        summary: d.summary,
        description: `${d.description} ${COMMON} spec: console §3 Metric payloads, §7 reports/${name}.`,
        errors: errors(400, 401, 404),
      }),
      handler: async (req) => {
        // the roll-ups brought up to date on the primary first: the read below may go to a replica
        await foldDashboard({ db: app.ctx.readDb, organizationId: req.auth.organizationId });
        return req.withTenant(async (tx) => {
          const organizationId = req.auth.organizationId;
          const timeZone = await organizationTimeZone({ tx, organizationId });
          const range = resolveRange(req.query, timeZone);
          await assertLocations({ tx, organizationId, ids: req.query.locations });
          return computeMetric(
            name,
            {
              organizationId,
              from: range.from_date,
              to: range.to_date,
              locations: req.query.locations,
              timeZone,
              interval: req.query.interval,
              limit: req.query.limit,
            },
            tx,
          );
        });
      },
    });
  }
};
