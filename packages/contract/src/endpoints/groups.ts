/**
 * The endpoint map's entries for groups. `../endpoints.ts` joins every area into `endpoints`; the
 * console imports only the areas a page calls.
 */
import { ADMINS, STAFF, ZDetailResponse } from '../common';
import {
  ZGroup,
  ZGroupCreateRequest,
  ZGroupListQuery,
  ZGroupMembers,
  ZGroupResourceRequest,
  ZGroupUpdateRequest,
  ZGroupUsersRequest,
} from '../groups';
import { endpoint, listArea } from './define';

export const groupsEndpoints = {
  groups: {
    ...listArea('groups', {
      item: ZGroup,
      create: ZGroupCreateRequest,
      update: ZGroupUpdateRequest,
      query: ZGroupListQuery,
      // members may add groups but not open a group's edit (spec: operational §1)
      roles: { read: STAFF, update: ADMINS },
    }),
    members: endpoint({ roles: STAFF, method: 'GET', path: '/groups/:id/members', response: ZGroupMembers }),
    assignUser: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/groups/:id/assign-user',
      body: ZGroupUsersRequest,
      response: ZDetailResponse,
    }),
    removeUser: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/groups/:id/remove-user',
      body: ZGroupUsersRequest,
      response: ZDetailResponse,
    }),
    assignResource: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/groups/:id/assign',
      body: ZGroupResourceRequest,
      response: ZDetailResponse,
    }),
    removeResource: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/groups/:id/remove',
      body: ZGroupResourceRequest,
      response: ZDetailResponse,
    }),
  },
} as const;
