/**
 * The endpoint map's entries for the Lite App, the customer's side (`/api/customer/{organization}`):
 * no member role applies; the public calls need nothing, the others the customer's own session
 * (an httpOnly cookie for `/api/customer/{organization}` only).
 */
import { ZDetailResponse } from '../common';
import {
  ZCustomerAppConfig,
  ZCustomerCodeRequest,
  ZCustomerCodeSent,
  ZCustomerLocations,
  ZCustomerLocationsQuery,
  ZCustomerLocker,
  ZCustomerLockerParams,
  ZCustomerLockers,
  ZCustomerMe,
  ZCustomerMeUpdate,
  ZCustomerOrgParams,
  ZCustomerParcels,
  ZCustomerSignIn,
  ZCustomerStorageStart,
} from '../customer-app';
import { endpoint } from './define';

const params = ZCustomerOrgParams;

export const customerAppEndpoints = {
  customerApp: {
    config: endpoint({
      method: 'GET',
      path: '/customer/:organization/config',
      params,
      response: ZCustomerAppConfig,
    }),
    requestCode: endpoint({
      method: 'POST',
      path: '/customer/:organization/code',
      params,
      body: ZCustomerCodeRequest,
      response: ZCustomerCodeSent,
      status: 202,
    }),
    signIn: endpoint({
      method: 'POST',
      path: '/customer/:organization/session',
      params,
      body: ZCustomerSignIn,
      response: ZCustomerMe,
    }),
    signOut: endpoint({
      method: 'DELETE',
      path: '/customer/:organization/session',
      params,
      response: ZDetailResponse,
    }),
    me: endpoint({ method: 'GET', path: '/customer/:organization/me', params, response: ZCustomerMe }),
    updateMe: endpoint({
      method: 'PATCH',
      path: '/customer/:organization/me',
      params,
      body: ZCustomerMeUpdate,
      response: ZCustomerMe,
    }),
    locations: endpoint({
      method: 'GET',
      path: '/customer/:organization/locations',
      params,
      query: ZCustomerLocationsQuery,
      response: ZCustomerLocations,
    }),
    lockers: endpoint({
      method: 'GET',
      path: '/customer/:organization/lockers',
      params,
      response: ZCustomerLockers,
    }),
    startStorage: endpoint({
      method: 'POST',
      path: '/customer/:organization/lockers',
      params,
      body: ZCustomerStorageStart,
      response: ZCustomerLocker,
      status: 201,
    }),
    openAgain: endpoint({
      method: 'POST',
      path: '/customer/:organization/lockers/:id/open',
      params: ZCustomerLockerParams,
      response: ZCustomerLocker,
    }),
    end: endpoint({
      method: 'POST',
      path: '/customer/:organization/lockers/:id/end',
      params: ZCustomerLockerParams,
      response: ZCustomerLocker,
    }),
    parcels: endpoint({
      method: 'GET',
      path: '/customer/:organization/parcels',
      params,
      response: ZCustomerParcels,
    }),
    openParcel: endpoint({
      method: 'POST',
      path: '/customer/:organization/parcels/:id/open',
      params: ZCustomerLockerParams,
      response: ZCustomerLocker,
    }),
    deleteMe: endpoint({
      method: 'DELETE',
      path: '/customer/:organization/me',
      params,
      response: ZDetailResponse,
    }),
  },
} as const;
