import {
  METRIC_ENDPOINTS,
  METRIC_SCHEMAS,
  type MetricEndpoint,
  organizationsEndpoints,
  reportsEndpoints,
  settingsEndpoints,
  type TDashboardRange,
  type TMetricAnswer,
  type TMetricName,
  ZDashboardRangeResponse,
  ZSettings,
  ZWhiteLabelResponse,
} from '@lockerops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

/**
 * The dashboard's filter bar (spec console §2 Dashboard, §4 date ranges): a range (or custom
 * calendar dates), a super-tenant's sub-organization, locations. Every read of the page is keyed
 * by it, so a change refetches each read once.
 */
export interface DashboardFilter {
  range: TDashboardRange;
  /** custom range only: YYYY-MM-DD, both included */
  from?: string;
  to?: string;
  /** a super-tenant's sub-organization (`target_org`) */
  targetOrg?: string;
  locations: string[];
}

/** Query-key prefix of every dashboard read. */
export const dashboardKey = ['dashboard'] as const;

/** The query parameters of a metric read for `filter` (spec console §7: from_date, to_date, locations, target_org). */
export function metricQuery(filter: DashboardFilter) {
  const dates =
    filter.range === 'custom' && filter.from && filter.to
      ? { from_date: filter.from, to_date: filter.to }
      : { range: filter.range === 'custom' ? undefined : filter.range };
  return { ...dates, locations: [...filter.locations].sort(), target_org: filter.targetOrg };
}

/** A stable, plain key part for `filter` (sorted locations; empty fields dropped). */
export function filterKey(filter: DashboardFilter) {
  return metricQuery(filter);
}

/** A custom range is read only once both dates are chosen. */
export const filterReady = (f: DashboardFilter) => f.range !== 'custom' || (!!f.from && !!f.to);

/**
 * The area's reads as query options: each key and fetcher is written once, here (the cards and the
 * report CSV share `metric` and `range`). Every read stays fresh for a minute.
 */
export const dashboardQueries = {
  /** `GET reports/<name>` for the filter; not retried, a failed read is an error of that card only. */
  metric: <N extends TMetricName>(name: N, filter: DashboardFilter) =>
    queryOptions({
      queryKey: [...dashboardKey, 'reports', name, filterKey(filter)] as const,
      queryFn: ({ signal }) =>
        apiCall(METRIC_ENDPOINTS[name] as MetricEndpoint, {
          query: metricQuery(filter),
          schema: METRIC_SCHEMAS[name] as unknown as z.ZodType<TMetricAnswer<N>>,
          signal,
        }),
      retry: false,
      staleTime: 60_000,
    }),
  /** `GET reports/range`: the calendar dates the filter stands for, today and the zone. */
  range: (filter: DashboardFilter) =>
    queryOptions({
      queryKey: [...dashboardKey, 'range', filterKey(filter)] as const,
      queryFn: ({ signal }) =>
        apiCall(reportsEndpoints.reports.range, {
          query: metricQuery(filter),
          schema: ZDashboardRangeResponse,
          signal,
        }),
      retry: false,
      staleTime: 60_000,
    }),
  /** `GET settings?target_org=`: a sub-organization's settings, under the settings key. */
  settings: (targetOrg: string | undefined) =>
    queryOptions({
      queryKey: ['settings', targetOrg ?? null],
      queryFn: ({ signal }) =>
        apiCall(settingsEndpoints.settings.get, {
          query: { target_org: targetOrg },
          schema: ZSettings,
          signal,
        }),
      staleTime: 60_000,
    }),
};

/** `GET reports/<name>` for the filter; a failed read is an error of that query only. */
export const useMetric = <N extends TMetricName>(name: N, filter: DashboardFilter, enabled = true) =>
  useQuery({ ...dashboardQueries.metric(name, filter), enabled: enabled && filterReady(filter) });

/** `GET reports/range` for the filter. */
export const useDashboardRange = (filter: DashboardFilter) =>
  useQuery({ ...dashboardQueries.range(filter), enabled: filterReady(filter) });

/** The organization's currency code (`GET settings` default_currency), null until loaded. */
export function useDashboardCurrency(targetOrg: string | undefined): string | null {
  const q = useQuery(dashboardQueries.settings(targetOrg));
  return q.data?.default_currency ?? null;
}

/** `PATCH white-label/logo` (multipart field `image`; admins only; images only, spec console §2, §5). */
export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return apiCall(organizationsEndpoints.whiteLabel.logo, { body, schema: ZWhiteLabelResponse });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.organizationSelf }),
  });
}
