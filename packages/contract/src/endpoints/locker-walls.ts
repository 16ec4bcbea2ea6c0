/**
 * The endpoint map's entries for locker walls. `../endpoints.ts` joins every area into `endpoints`;
 * the console imports only the areas a page calls.
 */
import { ZDetailResponse, ZIdParams } from '../common';
import {
  ZLockerWall,
  ZLockerWallActionResponse,
  ZLockerWallCreateRequest,
  ZLockerWallListQuery,
  ZUnassignedDevicesResponse,
  ZWallDoorRequest,
  ZWallKioskRequest,
} from '../locker-walls';
import { endpoint } from './define';

export const lockerWallsEndpoints = {
  lockerWalls: {
    list: endpoint({ method: 'GET', path: '/locker-walls', query: ZLockerWallListQuery }),
    get: endpoint({ method: 'GET', path: '/locker-walls/:id', params: ZIdParams, response: ZLockerWall }),
    unassignedDevices: endpoint({
      method: 'GET',
      path: '/locker-walls/:id/unassigned-devices',
      params: ZIdParams,
      response: ZUnassignedDevicesResponse,
    }),
    create: endpoint({
      method: 'POST',
      path: '/locker-walls',
      body: ZLockerWallCreateRequest,
      response: ZLockerWall,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/locker-walls/:id',
      params: ZIdParams,
      body: ZLockerWallCreateRequest,
      response: ZLockerWall,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/locker-walls/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    doors: endpoint({
      method: 'PATCH',
      path: '/locker-walls/:id/doors',
      params: ZIdParams,
      body: ZWallDoorRequest,
      response: ZLockerWallActionResponse,
    }),
    moveKiosk: endpoint({
      method: 'PATCH',
      path: '/locker-walls/:id/kiosk',
      params: ZIdParams,
      body: ZWallKioskRequest,
      response: ZLockerWallActionResponse,
    }),
    removeKiosk: endpoint({
      method: 'DELETE',
      path: '/locker-walls/:id/kiosk',
      params: ZIdParams,
      response: ZLockerWallActionResponse,
    }),
  },
} as const;
