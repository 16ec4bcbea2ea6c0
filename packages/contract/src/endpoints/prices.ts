/**
 * The endpoint map's entries for prices. `../endpoints.ts` joins every area into `endpoints`; the
 * console imports only the areas a page calls.
 */
import { STAFF } from '../common';
import { ZPrice, ZPriceCreateRequest, ZPriceListQuery, ZPriceUpdateRequest } from '../prices';
import { listArea } from './define';

export const pricesEndpoints = {
  prices: {
    ...listArea('prices', {
      partner: ['list', 'get'],
      item: ZPrice,
      create: ZPriceCreateRequest,
      update: ZPriceUpdateRequest,
      query: ZPriceListQuery,
      // viewers are kept out of the pricing pages (spec: console §6)
      roles: { read: STAFF },
    }),
  },
} as const;
