/**
 * The endpoint map's entries for reports and the dashboard metrics. `../endpoints.ts` joins every
 * area into `endpoints`; the console imports only the areas a page calls.
 */

import type { z } from 'zod';
import {
  METRIC_NAMES,
  type TMetricName,
  ZAvgRevenueMetric,
  ZAvgTransactionTimeMetric,
  ZDashboardRangeResponse,
  ZDoorCountsMetric,
  ZDoorHealthMetric,
  ZEarningsMetric,
  ZIssueRateMetric,
  ZMetricQuery,
  ZOccupancyRateMetric,
  ZTopLocationsReport,
  ZTopUsersReport,
  ZTotalLocationsMetric,
  ZTotalTransactionsMetric,
  ZTotalUsersMetric,
  ZTransactionRateMetric,
  ZTransactionsPerLockerMetric,
  ZTransactionsReport,
  ZUserGrowthMetric,
  ZUsersReport,
} from '../dashboard';
import {
  ZReport,
  ZReportCreateRequest,
  ZReportDownloadQuery,
  ZReportListQuery,
  ZReportUpdateRequest,
} from '../reports';
import { type Endpoint, endpoint, listArea } from './define';

export const reportsEndpoints = {
  reports: {
    ...listArea('reports', { item: ZReport, create: ZReportCreateRequest, update: ZReportUpdateRequest }),
    range: endpoint({
      method: 'GET',
      path: '/reports/range',
      query: ZMetricQuery,
      response: ZDashboardRangeResponse,
    }),
    earnings: endpoint({
      method: 'GET',
      path: '/reports/earnings',
      query: ZMetricQuery,
      response: ZEarningsMetric,
    }),
    userGrowth: endpoint({
      method: 'GET',
      path: '/reports/user_growth',
      query: ZMetricQuery,
      response: ZUserGrowthMetric,
    }),
    doorHealth: endpoint({
      method: 'GET',
      path: '/reports/door_health',
      query: ZMetricQuery,
      response: ZDoorHealthMetric,
    }),
    issueRate: endpoint({
      method: 'GET',
      path: '/reports/issue_rate',
      query: ZMetricQuery,
      response: ZIssueRateMetric,
    }),
    occupancyRate: endpoint({
      method: 'GET',
      path: '/reports/occupancy_rate',
      query: ZMetricQuery,
      response: ZOccupancyRateMetric,
    }),
    transactionRate: endpoint({
      method: 'GET',
      path: '/reports/transaction_rate',
      query: ZMetricQuery,
      response: ZTransactionRateMetric,
    }),
    transactionsPerLocker: endpoint({
      method: 'GET',
      path: '/reports/transactions_per_locker',
      query: ZMetricQuery,
      response: ZTransactionsPerLockerMetric,
    }),
    totalTransactions: endpoint({
      method: 'GET',
      path: '/reports/total_transactions',
      query: ZMetricQuery,
      response: ZTotalTransactionsMetric,
    }),
    avgTransactionTime: endpoint({
      method: 'GET',
      path: '/reports/avg_transaction_time',
      query: ZMetricQuery,
      response: ZAvgTransactionTimeMetric,
    }),
    totalUsers: endpoint({
      method: 'GET',
      path: '/reports/total_users',
      query: ZMetricQuery,
      response: ZTotalUsersMetric,
    }),
    totalLocations: endpoint({
      method: 'GET',
      path: '/reports/total_locations',
      query: ZMetricQuery,
      response: ZTotalLocationsMetric,
    }),
    avgRevenuePerTransaction: endpoint({
      method: 'GET',
      path: '/reports/avg_revenue_per_transaction',
      query: ZMetricQuery,
      response: ZAvgRevenueMetric,
    }),
    doorCounts: endpoint({
      method: 'GET',
      path: '/reports/door_counts',
      query: ZMetricQuery,
      response: ZDoorCountsMetric,
    }),
    users: endpoint({ method: 'GET', path: '/reports/users', query: ZMetricQuery, response: ZUsersReport }),
    transactions: endpoint({
      method: 'GET',
      path: '/reports/transactions',
      query: ZMetricQuery,
      response: ZTransactionsReport,
    }),
    topUsers: endpoint({
      method: 'GET',
      path: '/reports/top_users',
      query: ZMetricQuery,
      response: ZTopUsersReport,
    }),
    locations: endpoint({
      method: 'GET',
      path: '/reports/locations',
      query: ZMetricQuery,
      response: ZTopLocationsReport,
    }),
    all: endpoint({ method: 'GET', path: '/reports/all', query: ZReportListQuery }),
    download: endpoint({
      method: 'GET',
      path: '/reports/download/:id',
      query: ZReportDownloadQuery,
      file: true,
    }),
  },
} as const;

/** A dashboard metric's call: `GET /reports/<name>` with the metric filter. */
export interface MetricEndpoint extends Endpoint {
  method: 'GET';
  query: typeof ZMetricQuery;
  response: z.ZodType;
}

/** The call of each dashboard metric (`GET /reports/<name>`), by metric name. */
export const METRIC_ENDPOINTS = Object.fromEntries(
  METRIC_NAMES.map((name) => {
    const e = Object.values(reportsEndpoints.reports).find(
      (x) => x.method === 'GET' && x.path === `/reports/${name}`,
    );
    if (!e) throw new Error(`no endpoint for the metric ${name}`);
    return [name, e];
  }),
) as unknown as Record<TMetricName, MetricEndpoint>;
