/**
 * The endpoint map's entries for reservations and their settings. `../endpoints.ts` joins every
 * area into `endpoints`; the console imports only the areas a page calls.
 */
import { STAFF } from '../common';
import {
  ZReservation,
  ZReservationCreateRequest,
  ZReservationListQuery,
  ZReservationSettings,
  ZReservationSettingsResponse,
  ZReservationSettingsUpdateRequest,
  ZReservationUpdateRequest,
  ZTrackingCheckQuery,
  ZTrackingCheckResponse,
} from '../reservations';
import { endpoint, listArea, PARTNER } from './define';

export const reservationsEndpoints = {
  reservationSettings: {
    get: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/reservation-settings',
      response: ZReservationSettings,
    }),
    update: endpoint({
      roles: STAFF,
      method: 'PUT',
      path: '/reservation-settings',
      body: ZReservationSettingsUpdateRequest,
      response: ZReservationSettingsResponse,
    }),
  },
  reservations: {
    ...listArea('reservations', {
      partner: ['list', 'get', 'create', 'update'],
      item: ZReservation,
      create: ZReservationCreateRequest,
      update: ZReservationUpdateRequest,
      query: ZReservationListQuery,
      roles: { read: STAFF },
    }),
    checkUniqueness: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/reservations/:tracking/check-uniqueness',
      query: ZTrackingCheckQuery,
      response: ZTrackingCheckResponse,
    }),
  },
} as const;
