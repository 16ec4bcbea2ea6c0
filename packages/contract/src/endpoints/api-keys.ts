/**
 * The endpoint map's entries for aPI keys. `../endpoints.ts` joins every area into `endpoints`; the
 * console imports only the areas a page calls.
 */
import { ZApiKeyCreated, ZApiKeyList } from '../api-keys';
import { ADMINS, ZDetailResponse } from '../common';
import { endpoint } from './define';

export const apiKeysEndpoints = {
  apiKeys: {
    list: endpoint({ roles: ADMINS, method: 'GET', path: '/api-keys', response: ZApiKeyList }),
    create: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/api-keys',
      response: ZApiKeyCreated,
      status: 201,
    }),
    rotate: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/api-keys/:id/rotate',
      response: ZApiKeyCreated,
    }),
    remove: endpoint({ roles: ADMINS, method: 'DELETE', path: '/api-keys/:id', response: ZDetailResponse }),
  },
} as const;
