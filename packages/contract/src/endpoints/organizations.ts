/**
 * The endpoint map's entries for the organization, its sub-organizations and its white label.
 * `../endpoints.ts` joins every area into `endpoints`; the console imports only the areas a page
 * calls.
 */
import { ZDetailResponse, ZIdParams } from '../common';
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
      method: 'GET',
      path: '/organizations',
      query: ZListOrganizationsQuery,
      response: ZOrganizationList,
    }),
    nameAvailable: endpoint({
      method: 'GET',
      path: '/organizations/name-available',
      query: ZOrganizationNameQuery,
      response: ZOrganizationNameCheck,
    }),
    create: endpoint({
      method: 'POST',
      path: '/organizations',
      response: ZOrganization,
      status: 201,
      multipart: true,
    }),
    patch: endpoint({
      method: 'PATCH',
      path: '/organizations/:id',
      params: ZIdParams,
      response: ZOrganization,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/organizations/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    cancel: endpoint({
      method: 'DELETE',
      path: '/organizations/:id/cancel',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
  },
  whiteLabel: {
    get: endpoint({ method: 'GET', path: '/white-label', response: ZWhiteLabelResponse }),
    replace: endpoint({
      method: 'PUT',
      path: '/white-label',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    patch: endpoint({
      method: 'PATCH',
      path: '/white-label',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    replaceFor: endpoint({
      method: 'PUT',
      path: '/white-label/:org',
      body: ZWhiteLabelRequest,
      response: ZWhiteLabelResponse,
    }),
    logo: endpoint({
      method: 'PATCH',
      path: '/white-label/logo',
      response: ZWhiteLabelResponse,
      multipart: true,
    }),
  },
} as const;
