import { settingsEndpoints, ZSettings } from '@lockerops/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './client';

/** Query key of the organization's settings: the settings page writes them, other areas read their defaults. */
export const settingsKey = ['settings'] as const;

/**
 * `GET settings` (spec console §7) as query options: one key and one fetcher for the settings page
 * and for the areas that read a default from it (currency, notification channel).
 */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiCall(settingsEndpoints.settings.get, { schema: ZSettings, signal }),
  });
