/**
 * The endpoint map's entries for fleet health. `../endpoints.ts` joins every area into
 * `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, ZIdParams } from '../common';
import {
  ZBridgeFaults,
  ZBridgeFaultsRequest,
  ZDeviceHealth,
  ZDoorFaultsRequest,
  ZDoorHealth,
  ZDoorHealthList,
  ZDoorHealthQuery,
  ZFleetHealth,
  ZPollResponse,
} from '../fleet-health';
import { endpoint } from './define';

export const fleetHealthEndpoints = {
  fleetHealth: {
    overview: endpoint({ method: 'GET', path: '/fleet-health', response: ZFleetHealth }),
    doors: endpoint({
      method: 'GET',
      path: '/fleet-health/doors',
      query: ZDoorHealthQuery,
      response: ZDoorHealthList,
    }),
    device: endpoint({
      method: 'GET',
      path: '/fleet-health/devices/:id',
      params: ZIdParams,
      response: ZDeviceHealth,
    }),
    faults: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/fleet-health/devices/:id/faults',
      params: ZIdParams,
      body: ZDoorFaultsRequest,
      response: ZDoorHealth,
    }),
    bridgeFaults: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/fleet-health/locations/:id/bridge-faults',
      params: ZIdParams,
      body: ZBridgeFaultsRequest,
      response: ZBridgeFaults,
    }),
    poll: endpoint({ roles: ADMINS, method: 'POST', path: '/fleet-health/poll', response: ZPollResponse }),
  },
} as const;
