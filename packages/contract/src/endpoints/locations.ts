/**
 * The endpoint map's entries for locations, their resources and the geocoder (both ways).
 * `../endpoints.ts` joins every area into `endpoints`; the console imports only the areas a page
 * calls.
 */
import { ADMINS, STAFF, ZDetailResponse } from '../common';
import { ZDeviceBulkResponse } from '../devices';
import {
  ZGeocodeSearchQuery,
  ZGeocodeSearchResponse,
  ZLocation,
  ZLocationCreateRequest,
  ZLocationListQuery,
  ZLocationPatchRequest,
  ZLocationSizesQuery,
  ZLocationUpdateRequest,
  ZResourceAssignRequest,
  ZReverseGeocodeQuery,
  ZReverseGeocodeResponse,
} from '../locations';
import { ZLocationLockSettings, ZLocationLockSettingsRequest } from '../locks';
import { endpoint, listArea, PARTNER } from './define';

export const locationsEndpoints = {
  location: {
    toggle: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/location/:id',
      body: ZLocationPatchRequest,
      response: ZLocation,
    }),
    unlock: endpoint({
      roles: ADMINS,
      scopes: PARTNER,
      method: 'PATCH',
      path: '/location/:id/unlock',
      response: ZDeviceBulkResponse,
    }),
  },
  locations: {
    ...listArea('locations', {
      partner: ['list', 'get'],
      item: ZLocation,
      create: ZLocationCreateRequest,
      update: ZLocationUpdateRequest,
      query: ZLocationListQuery,
      // spec operational §1: members may add locations but cannot open a location's edit
      roles: { read: STAFF, update: ADMINS },
    }),
    devices: endpoint({ roles: STAFF, scopes: PARTNER, method: 'GET', path: '/locations/:id/devices' }),
    sizes: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/locations/:id/sizes',
      query: ZLocationSizesQuery,
    }),
    getLockSettings: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/locations/:id/lock-settings',
      response: ZLocationLockSettings,
    }),
    putLockSettings: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/locations/:id/lock-settings',
      body: ZLocationLockSettingsRequest,
      response: ZLocationLockSettings,
    }),
  },
  resources: {
    assignUser: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/resources/:id/assign-user',
      body: ZResourceAssignRequest,
      response: ZDetailResponse,
    }),
    removeUser: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/resources/:id/remove-user',
      body: ZResourceAssignRequest,
      response: ZDetailResponse,
    }),
    users: endpoint({ roles: STAFF, method: 'GET', path: '/resources/:id/users' }),
    groups: endpoint({ roles: STAFF, method: 'GET', path: '/resources/:id/groups' }),
  },
  geocode: {
    reverse: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/geocode/reverse',
      query: ZReverseGeocodeQuery,
      response: ZReverseGeocodeResponse,
    }),
    search: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/geocode/search',
      query: ZGeocodeSearchQuery,
      response: ZGeocodeSearchResponse,
    }),
  },
} as const;
