/**
 * The endpoint map's entries for team members and the signed-in member's own profile.
 * `../endpoints.ts` joins every area into `endpoints`; the console imports only the areas a page
 * calls.
 */
import { ZChangePasswordRequest, ZMemberSelf, ZUpdateProfileRequest } from '../auth';
import {
  ADMINS,
  EVERYONE,
  STAFF,
  ZBulkUploadResult,
  ZDeleteResponse,
  ZDetailResponse,
  ZIdsRequest,
} from '../common';
import {
  ZMember,
  ZMemberActionResponse,
  ZMemberBulkResponse,
  ZMemberBulkRoleRequest,
  ZMemberInviteQuery,
  ZMemberRequest,
  ZMemberStatusRequest,
  ZMemberUpdateRequest,
  ZResendPasswordRequest,
} from '../members';
import { endpoint } from './define';

export const membersEndpoints = {
  members: {
    self: endpoint({ roles: EVERYONE, method: 'GET', path: '/members/self', response: ZMemberSelf }),
    updateProfile: endpoint({
      roles: EVERYONE,
      method: 'PATCH',
      path: '/members/:id',
      body: ZUpdateProfileRequest,
      response: ZMemberSelf,
    }),
    changePassword: endpoint({
      roles: EVERYONE,
      method: 'POST',
      path: '/members/change-password',
      body: ZChangePasswordRequest,
      response: ZDetailResponse,
    }),
    list: endpoint({ roles: STAFF, method: 'GET', path: '/members' }),
    export: endpoint({ roles: ADMINS, method: 'GET', path: '/members/export', file: true }),
    get: endpoint({ roles: STAFF, method: 'GET', path: '/members/:id', response: ZMember }),
    create: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/members',
      query: ZMemberInviteQuery,
      body: ZMemberRequest,
      response: ZMember,
    }),
    update: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/members/:id',
      body: ZMemberUpdateRequest,
      response: ZMember,
    }),
    remove: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/members',
      body: ZIdsRequest,
      response: ZDeleteResponse,
    }),
    status: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/members/:id/status',
      body: ZMemberStatusRequest,
      response: ZMemberActionResponse,
    }),
    verify: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/members/:id/verify',
      response: ZMemberActionResponse,
    }),
    bulkRole: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/members',
      body: ZMemberBulkRoleRequest,
      response: ZMemberBulkResponse,
    }),
    resendPasswordEmail: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/members/resend-password-email',
      body: ZResendPasswordRequest,
      response: ZDetailResponse,
    }),
    upload: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/members/csv',
      response: ZBulkUploadResult,
      multipart: true,
    }),
  },
} as const;
