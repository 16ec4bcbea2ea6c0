/**
 * The endpoint map's entries for users and their transactions. `../endpoints.ts` joins every area
 * into `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, STAFF } from '../common';
import {
  ZUser,
  ZUserActivationResponse,
  ZUserCreateRequest,
  ZUserListQuery,
  ZUserSearchQuery,
  ZUserSearchResponse,
  ZUserTransactionsQuery,
  ZUserTransactionsResponse,
  ZUserUpdateRequest,
} from '../users';
import { endpoint, listArea, PARTNER } from './define';

export const usersEndpoints = {
  users: {
    ...listArea('users', {
      partner: ['list', 'get'],
      item: ZUser,
      create: ZUserCreateRequest,
      update: ZUserUpdateRequest,
      query: ZUserListQuery,
      roles: { read: STAFF },
    }),
    activate: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/users/:id/activate',
      response: ZUserActivationResponse,
    }),
    deactivate: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/users/:id/deactivate',
      response: ZUserActivationResponse,
    }),
    search: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/users/search',
      query: ZUserSearchQuery,
      response: ZUserSearchResponse,
    }),
  },
  eventsByUser: {
    get: endpoint({
      scopes: PARTNER,
      method: 'GET',
      path: '/events_by_user/:id',
      query: ZUserTransactionsQuery,
      response: ZUserTransactionsResponse,
    }),
  },
} as const;
