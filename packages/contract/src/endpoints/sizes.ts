/**
 * The endpoint map's entries for sizes. `../endpoints.ts` joins every area into `endpoints`; the
 * console imports only the areas a page calls.
 */
import { ZSize, ZSizeCreateRequest, ZSizeUpdateRequest } from '../sizes';
import { listArea } from './define';

export const sizesEndpoints = {
  sizes: {
    ...listArea('sizes', {
      partner: ['list', 'get'],
      item: ZSize,
      create: ZSizeCreateRequest,
      update: ZSizeUpdateRequest,
    }),
  },
} as const;
