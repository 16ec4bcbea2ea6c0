/**
 * The endpoint map's entries for the organization, its sub-organizations and its white label.
 * `../endpoints.ts` joins every area into `endpoints`; the console imports only the areas a page
 * calls.
 */
import { ADMINS, EVERYONE, ZDetailResponse, ZIdParams } from '../common';
import {
  ZListOrganizationsQuery,
  ZOrganization,
  ZOrganizationList,
  ZOrganizationNameCheck,
  ZOrganizationNameQuery,
  ZOrganizationPublic,
  ZOrganizationPublicQuery,
  ZWhiteLabelRequest,
  ZWhiteLabelResponse,
} from '../organizations';
import { endpoint, PARTNER } from './define';

export const organizationsEndpoints = {
  organization: {
    get: endpoint({
      method: 'GET',
      path: '/organization',
      query: ZOrganizationPublicQuery,
      response: ZOrganizationPublic,
    }),
  },
  organizations: {
    self: endpoint({ scopes: PARTNER, method: 'GET', path: '/organizations/self', response: ZOrganization }),
    list: endpoint({
      roles: EVERYONE,
      method: 'GET',
      path: '/organizations',
      query: ZListOrganizationsQuery,
      response: ZOrganizationList,
    }),
    nameAvailable: endpoint({
      roles: ADMINS,
      method: 'GET',
      path: '/organizations/name-available',
      query: ZOrganizationNameQuery,
      response: ZOrganizationNameCheck,
    }),
    create: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/organizations',
      response: ZOrganization,
      status: 201,
      multipart: true,
    }),
    patch: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/organizations/:id',
      params: ZIdParams,
      response: ZOrganization,
    }),
    remove: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/organizations/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    cancel: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/organizations/:id/cancel',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
  },
  whiteLabel: {
    get: endpoint({ roles: EVERYONE, method: 'GET', path: '/white-label', response: ZWhiteLabelResponse }),
    replace: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/white-label',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    patch: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/white-label',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    replaceFor: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/white-label/:org',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    logo: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/white-label/logo',
      response: ZWhiteLabelResponse,
      multipart: true,
    }),
  },
} as const;
