/**
 * The endpoint map's entries for products (inventory; spec operational §3). `../endpoints.ts` joins
 * every area into `endpoints`; the console imports only the areas a page calls.
 */
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
    }),
    duplicate: endpoint({ method: 'POST', path: '/products/:id/duplicate' }),
    bulkUpdate: endpoint({
      method: 'PATCH',
      path: '/products',
      body: ZProductBulkUpdateRequest,
      response: ZProductBulkUpdateResponse,
    }),
    tracking: endpoint({ method: 'GET', path: '/products/:id/tracking', response: ZProductTrackingResponse }),
  },
} as const;
