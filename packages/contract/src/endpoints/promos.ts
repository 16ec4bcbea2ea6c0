/**
 * The endpoint map's entries for promo codes. `../endpoints.ts` joins every area into `endpoints`;
 * the console imports only the areas a page calls.
 */
import { STAFF } from '../common';
import { ZPromo, ZPromoCreateRequest, ZPromoUpdateRequest } from '../promos';
import { listArea } from './define';

export const promosEndpoints = {
  promos: {
    ...listArea('promos', {
      item: ZPromo,
      create: ZPromoCreateRequest,
      update: ZPromoUpdateRequest,
      roles: { read: STAFF },
    }),
  },
} as const;
