/**
 * The endpoint map's entries for the screens at the walls: the console's kiosk and courier calls
 * (admins), and the kiosk's own calls under `/kiosk`, which take the kiosk token
 * (`X-Kiosk-Token`) and nothing else; `../endpoints.ts` joins them into `endpoints`.
 */
import { ADMINS, ZDetailResponse, ZIdParams } from '../common';
import { ZCustomerCodeSent } from '../customer-app';
import {
  ZKioskCodeRequest,
  ZKioskCustomerSession,
  ZKioskCustomerSignIn,
  ZKioskHold,
  ZKioskHoldParams,
  ZKioskHoldQuery,
  ZKioskHoldState,
  ZKioskStorage,
  ZKioskStorageEnded,
  ZKioskStorageStart,
} from '../kiosk-storage';
import {
  ZCourierList,
  ZCourierRequest,
  ZCourierSession,
  ZCourierSignInRequest,
  ZCourierWithCode,
  ZKiosk,
  ZKioskDoorReport,
  ZKioskDropRequest,
  ZKioskList,
  ZKioskListQuery,
  ZKioskOpened,
  ZKioskPaired,
  ZKioskPairing,
  ZKioskPairingRequest,
  ZKioskPairRequest,
  ZKioskParcel,
  ZKioskParcelQuery,
  ZKioskPickupRequest,
  ZKioskRecipientQuery,
  ZKioskRecipients,
  ZKioskState,
} from '../kiosks';
import { endpoint } from './define';

export const kiosksEndpoints = {
  kiosks: {
    list: endpoint({ method: 'GET', path: '/kiosks', query: ZKioskListQuery, response: ZKioskList }),
    pairing: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/kiosks/pairing',
      body: ZKioskPairingRequest,
      response: ZKioskPairing,
      status: 201,
    }),
    revoke: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/kiosks/:id',
      params: ZIdParams,
      response: ZKiosk,
    }),
  },
  couriers: {
    list: endpoint({ roles: ADMINS, method: 'GET', path: '/couriers', response: ZCourierList }),
    create: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/couriers',
      body: ZCourierRequest,
      response: ZCourierWithCode,
      status: 201,
    }),
    newCode: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/couriers/:id/code',
      params: ZIdParams,
      response: ZCourierWithCode,
    }),
    remove: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/couriers/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
  },
  kiosk: {
    pair: endpoint({
      method: 'POST',
      path: '/kiosk/pair',
      body: ZKioskPairRequest,
      response: ZKioskPaired,
      status: 201,
    }),
    state: endpoint({ method: 'GET', path: '/kiosk/state', response: ZKioskState }),
    pickup: endpoint({
      method: 'POST',
      path: '/kiosk/pickup',
      body: ZKioskPickupRequest,
      response: ZKioskOpened,
    }),
    courierSession: endpoint({
      method: 'POST',
      path: '/kiosk/courier/session',
      body: ZCourierSignInRequest,
      response: ZCourierSession,
    }),
    drop: endpoint({
      method: 'POST',
      path: '/kiosk/courier/drops',
      body: ZKioskDropRequest,
      response: ZKioskOpened,
      status: 201,
    }),
    parcel: endpoint({
      method: 'GET',
      path: '/kiosk/courier/parcel',
      query: ZKioskParcelQuery,
      response: ZKioskParcel,
    }),
    recipients: endpoint({
      method: 'GET',
      path: '/kiosk/courier/recipients',
      query: ZKioskRecipientQuery,
      response: ZKioskRecipients,
    }),
    report: endpoint({
      method: 'POST',
      path: '/kiosk/doors/:id/report',
      params: ZIdParams,
      body: ZKioskDoorReport,
      response: ZDetailResponse,
    }),
    customerCode: endpoint({
      method: 'POST',
      path: '/kiosk/customer/code',
      body: ZKioskCodeRequest,
      response: ZCustomerCodeSent,
      status: 202,
    }),
    customerSession: endpoint({
      method: 'POST',
      path: '/kiosk/customer/session',
      body: ZKioskCustomerSignIn,
      response: ZKioskCustomerSession,
    }),
    storage: endpoint({ method: 'GET', path: '/kiosk/storage', response: ZKioskStorage }),
    storageStart: endpoint({
      method: 'POST',
      path: '/kiosk/storage',
      body: ZKioskStorageStart,
      response: ZKioskOpened,
      status: 201,
    }),
    storageHold: endpoint({
      method: 'POST',
      path: '/kiosk/storage/holds',
      body: ZKioskStorageStart,
      response: ZKioskHold,
      status: 201,
    }),
    holdState: endpoint({
      method: 'GET',
      path: '/kiosk/storage/holds/:id',
      params: ZKioskHoldParams,
      query: ZKioskHoldQuery,
      response: ZKioskHoldState,
    }),
    holdCancel: endpoint({
      method: 'DELETE',
      path: '/kiosk/storage/holds/:id',
      params: ZKioskHoldParams,
      response: ZDetailResponse,
    }),
    storageEnd: endpoint({
      method: 'POST',
      path: '/kiosk/storage/:id/end',
      params: ZIdParams,
      response: ZKioskStorageEnded,
    }),
  },
} as const;
