/**
 * The endpoint map's entries for lock vendor accounts. `../endpoints.ts` joins every area into
 * `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, ZDetailResponse } from '../common';
import { ZLockVendorAccount, ZLockVendorAccountList, ZLockVendorAccountRequest } from '../locks';
import { endpoint } from './define';

export const locksEndpoints = {
  lockVendors: {
    list: endpoint({ roles: ADMINS, method: 'GET', path: '/lock-vendors', response: ZLockVendorAccountList }),
    save: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/lock-vendors/:vendor',
      body: ZLockVendorAccountRequest,
      response: ZLockVendorAccount,
    }),
    remove: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/lock-vendors/:vendor',
      response: ZDetailResponse,
    }),
  },
} as const;
