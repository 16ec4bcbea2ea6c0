/**
 * The endpoint map's entries for products (inventory; spec operational §3). `../endpoints.ts` joins
 * every area into `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, STAFF } from '../common';
import {
  ZProduct,
  ZProductBulkUpdateRequest,
  ZProductBulkUpdateResponse,
  ZProductCreateRequest,
  ZProductListQuery,
  ZProductTrackingResponse,
  ZProductUpdateRequest,
} from '../products';
import { endpoint, listArea } from './define';

export const productsEndpoints = {
  products: {
    ...listArea('products', {
      partner: ['list', 'get'],
      item: ZProduct,
      create: ZProductCreateRequest,
      update: ZProductUpdateRequest,
      query: ZProductListQuery,
      // viewers are kept out of the Inventory page (spec: console §6); members may add products but
      // editing one is the admins' (spec: operational §1)
      roles: { read: STAFF, update: ADMINS },
    }),
    duplicate: endpoint({ roles: STAFF, method: 'POST', path: '/products/:id/duplicate' }),
    bulkUpdate: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/products',
      body: ZProductBulkUpdateRequest,
      response: ZProductBulkUpdateResponse,
    }),
    tracking: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/products/:id/tracking',
      response: ZProductTrackingResponse,
    }),
  },
} as const;
