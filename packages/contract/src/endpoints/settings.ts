/**
 * The endpoint map's entries for the organization's settings, the saved table filters and the
 * notification contact. `../endpoints.ts` joins every area into `endpoints`; the console imports
 * only the areas a page calls.
 */
import { ZDetailResponse } from '../common';
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
    get: endpoint({ method: 'GET', path: '/settings', response: ZSettings }),
    save: endpoint({ method: 'POST', path: '/settings', body: ZSettingsRequest, response: ZSettings }),
    update: endpoint({ method: 'PUT', path: '/settings', body: ZSettingsRequest, response: ZSettings }),
  },
  filters: {
    get: endpoint({ method: 'GET', path: '/filters/:page', response: ZTableFilters }),
    update: endpoint({
      method: 'PUT',
      path: '/filters/:page',
      body: ZTableFiltersRequest,
      response: ZTableFilters,
    }),
  },
  notificationContact: {
    sendVerification: endpoint({
      method: 'POST',
      path: '/notification-contact/verify',
      query: ZNotificationContactVerifyQuery,
      response: ZDetailResponse,
    }),
    verify: endpoint({ method: 'GET', path: '/notification-contact/verify', file: true }),
  },
} as const;
