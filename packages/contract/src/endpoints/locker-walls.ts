/**
 * The endpoint map's entries for locker walls. `../endpoints.ts` joins every area into `endpoints`;
 * the console imports only the areas a page calls.
 */
import { ADMINS, STAFF, ZDetailResponse, ZIdParams } from '../common';
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
  // viewers cannot open /locker-wall (spec: console §6), so the server refuses them every call too
  lockerWalls: {
    list: endpoint({ roles: STAFF, method: 'GET', path: '/locker-walls', query: ZLockerWallListQuery }),
    get: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/locker-walls/:id',
      params: ZIdParams,
      response: ZLockerWall,
    }),
    unassignedDevices: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/locker-walls/:id/unassigned-devices',
      params: ZIdParams,
      response: ZUnassignedDevicesResponse,
    }),
    create: endpoint({
      roles: STAFF,
      method: 'POST',
      path: '/locker-walls',
      body: ZLockerWallCreateRequest,
      response: ZLockerWall,
    }),
    update: endpoint({
      roles: STAFF,
      method: 'PUT',
      path: '/locker-walls/:id',
      params: ZIdParams,
      body: ZLockerWallCreateRequest,
      response: ZLockerWall,
    }),
    remove: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/locker-walls/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    doors: endpoint({
      roles: STAFF,
      method: 'PATCH',
      path: '/locker-walls/:id/doors',
      params: ZIdParams,
      body: ZWallDoorRequest,
      response: ZLockerWallActionResponse,
    }),
    moveKiosk: endpoint({
      roles: STAFF,
      method: 'PATCH',
      path: '/locker-walls/:id/kiosk',
      params: ZIdParams,
      body: ZWallKioskRequest,
      response: ZLockerWallActionResponse,
    }),
    removeKiosk: endpoint({
      roles: STAFF,
      method: 'DELETE',
      path: '/locker-walls/:id/kiosk',
      params: ZIdParams,
      response: ZLockerWallActionResponse,
    }),
  },
} as const;
