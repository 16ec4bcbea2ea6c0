/**
 * The endpoint map's entries for conditions. `../endpoints.ts` joins every area into `endpoints`;
 * the console imports only the areas a page calls.
 */
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
    }),
    flags: endpoint({
      method: 'PATCH',
      path: '/conditions/:id',
      body: ZConditionFlagsRequest,
      response: ZConditionActionResponse,
    }),
    clone: endpoint({ method: 'POST', path: '/conditions/:id/clone', response: ZConditionActionResponse }),
  },
} as const;
