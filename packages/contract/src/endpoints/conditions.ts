/**
 * The endpoint map's entries for conditions. `../endpoints.ts` joins every area into `endpoints`;
 * the console imports only the areas a page calls.
 */
import { ADMINS, STAFF } from '../common';
import {
  ZCondition,
  ZConditionActionResponse,
  ZConditionCreateRequest,
  ZConditionFlagsRequest,
  ZConditionUpdateRequest,
} from '../conditions';
import { endpoint, listArea } from './define';

export const conditionsEndpoints = {
  conditions: {
    ...listArea('conditions', {
      partner: ['list', 'get'],
      item: ZCondition,
      create: ZConditionCreateRequest,
      update: ZConditionUpdateRequest,
      // viewers are kept out of the Conditions page (spec: console §6); members may list and add,
      // editing is the admins' (spec: operational §1)
      roles: { read: STAFF, update: ADMINS },
    }),
    flags: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/conditions/:id',
      body: ZConditionFlagsRequest,
      response: ZConditionActionResponse,
    }),
    clone: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/conditions/:id/clone',
      response: ZConditionActionResponse,
    }),
  },
} as const;
