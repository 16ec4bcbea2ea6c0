/**
 * The endpoint map's entries for product groups. `../endpoints.ts` joins every area into
 * `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, STAFF } from '../common';
import { ZProductGroup, ZProductGroupCreateRequest, ZProductGroupUpdateRequest } from '../product-groups';
import { listArea } from './define';

export const productGroupsEndpoints = {
  productGroups: {
    ...listArea('product-groups', {
      item: ZProductGroup,
      create: ZProductGroupCreateRequest,
      update: ZProductGroupUpdateRequest,
      // viewers are kept out of the Product Groups page (spec: console §6); members cannot open a
      // product group's edit (spec: operational §1 roles), so its update is the admins'
      roles: { read: STAFF, update: ADMINS },
    }),
  },
} as const;
