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
  ZCustomerReceiptQuery,
  ZCustomerSignIn,
  ZCustomerStorageStart,
} from '../customer-app';
import {
  ZCustomerConditions,
  ZCustomerHold,
  ZCustomerHoldRequest,
  ZCustomerLocationParams,
  ZCustomerRentables,
  ZCustomerRentalStart,
  ZCustomerRentalsStarted,
  ZCustomerReservation,
  ZCustomerReservationRequest,
  ZCustomerReservations,
} from '../customer-rentals';
import { ZCustomerHandover, ZCustomerHandoverRequest, ZCustomerHandoverStart } from '../kiosk-storage';
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
    rentables: endpoint({
      method: 'GET',
      path: '/customer/:organization/locations/:id/products',
      params: ZCustomerLocationParams,
      response: ZCustomerRentables,
    }),
    conditions: endpoint({
      method: 'GET',
      path: '/customer/:organization/conditions',
      params,
      response: ZCustomerConditions,
    }),
    startRentals: endpoint({
      method: 'POST',
      path: '/customer/:organization/rentals',
      params,
      body: ZCustomerRentalStart,
      response: ZCustomerRentalsStarted,
      status: 201,
    }),
    returnRental: endpoint({
      method: 'POST',
      path: '/customer/:organization/rentals/:id/return',
      params: ZCustomerLockerParams,
      response: ZCustomerLocker,
      multipart: true,
    }),
    photo: endpoint({
      method: 'GET',
      path: '/customer/:organization/lockers/:id/photo',
      params: ZCustomerLockerParams,
      file: true,
    }),
    receipt: endpoint({
      method: 'GET',
      path: '/customer/:organization/lockers/:id/receipt',
      params: ZCustomerLockerParams,
      query: ZCustomerReceiptQuery,
      file: true,
    }),
    reservations: endpoint({
      method: 'GET',
      path: '/customer/:organization/reservations',
      params,
      response: ZCustomerReservations,
    }),
    reserve: endpoint({
      method: 'POST',
      path: '/customer/:organization/reservations',
      params,
      body: ZCustomerReservationRequest,
      response: ZCustomerReservation,
      status: 201,
    }),
    cancelReservation: endpoint({
      method: 'DELETE',
      path: '/customer/:organization/reservations/:id',
      params: ZCustomerLockerParams,
      response: ZDetailResponse,
    }),
    hold: endpoint({
      method: 'POST',
      path: '/customer/:organization/holds',
      params,
      body: ZCustomerHoldRequest,
      response: ZCustomerHold,
      status: 201,
    }),
    handover: endpoint({
      method: 'POST',
      path: '/customer/:organization/handover',
      params,
      body: ZCustomerHandoverRequest,
      response: ZCustomerHandover,
    }),
    handoverStart: endpoint({
      method: 'POST',
      path: '/customer/:organization/handover/start',
      params,
      body: ZCustomerHandoverStart,
      response: ZCustomerLocker,
      status: 201,
    }),
    deleteMe: endpoint({
      method: 'DELETE',
      path: '/customer/:organization/me',
      params,
      response: ZDetailResponse,
    }),
  },
} as const;
