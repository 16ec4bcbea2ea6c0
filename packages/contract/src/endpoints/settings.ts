/**
 * The endpoint map's entries for the organization's settings, the saved table filters and the
 * notification contact. `../endpoints.ts` joins every area into `endpoints`; the console imports
 * only the areas a page calls.
 */
import { ADMINS, EVERYONE, ZDetailResponse } from '../common';
import {
  ZNotificationContactVerifyQuery,
  ZSettings,
  ZSettingsRequest,
  ZTableFilters,
  ZTableFiltersRequest,
} from '../settings';
import { endpoint } from './define';

export const settingsEndpoints = {
  settings: {
    // Every signed-in role reads them: the console loads the currency for every session
    // (spec console §4 Login); only the Settings page is closed to viewers.
    get: endpoint({ roles: EVERYONE, method: 'GET', path: '/settings', response: ZSettings }),
    save: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/settings',
      body: ZSettingsRequest,
      response: ZSettings,
    }),
    update: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/settings',
      body: ZSettingsRequest,
      response: ZSettings,
    }),
  },
  filters: {
    get: endpoint({ roles: EVERYONE, method: 'GET', path: '/filters/:page', response: ZTableFilters }),
    update: endpoint({
      roles: EVERYONE,
      method: 'PUT',
      path: '/filters/:page',
      body: ZTableFiltersRequest,
      response: ZTableFilters,
    }),
  },
  notificationContact: {
    sendVerification: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/notification-contact/verify',
      query: ZNotificationContactVerifyQuery,
      response: ZDetailResponse,
    }),
    verify: endpoint({ method: 'GET', path: '/notification-contact/verify', file: true }),
  },
} as const;
