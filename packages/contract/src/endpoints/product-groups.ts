/**
 * The endpoint map's entries for product groups. `../endpoints.ts` joins every area into
 * `endpoints`; the console imports only the areas a page calls.
 */
import { ZProductGroup, ZProductGroupCreateRequest, ZProductGroupUpdateRequest } from '../product-groups';
import { listArea } from './define';

export const productGroupsEndpoints = {
  productGroups: {
    ...listArea('product-groups', {
      item: ZProductGroup,
      create: ZProductGroupCreateRequest,
      update: ZProductGroupUpdateRequest,
    }),
  },
} as const;
