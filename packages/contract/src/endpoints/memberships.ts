/**
 * The endpoint map's entries for memberships and their subscribers. `../endpoints.ts` joins every
 * area into `endpoints`; the console imports only the areas a page calls.
 */
import { STAFF, ZListQuery } from '../common';
import {
  ZMembership,
  ZMembershipCreateRequest,
  ZMembershipListQuery,
  ZMembershipUpdateRequest,
} from '../memberships';
import { endpoint, listArea } from './define';

export const membershipsEndpoints = {
  memberships: {
    ...listArea('memberships', {
      item: ZMembership,
      create: ZMembershipCreateRequest,
      update: ZMembershipUpdateRequest,
      query: ZMembershipListQuery,
      roles: { read: STAFF },
    }),
    subscribers: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/memberships/subscribers',
      query: ZListQuery,
    }),
  },
} as const;
