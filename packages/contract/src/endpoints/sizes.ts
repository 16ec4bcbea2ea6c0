/**
 * The endpoint map's entries for sizes. `../endpoints.ts` joins every area into `endpoints`; the
 * console imports only the areas a page calls.
 */
import { STAFF } from '../common';
import { ZSize, ZSizeCreateRequest, ZSizeUpdateRequest } from '../sizes';
import { listArea } from './define';

export const sizesEndpoints = {
  sizes: {
    ...listArea('sizes', {
      partner: ['list', 'get'],
      item: ZSize,
      create: ZSizeCreateRequest,
      update: ZSizeUpdateRequest,
      // viewers are kept out of the Sizes page (spec: console §6)
      roles: { read: STAFF },
    }),
  },
} as const;
