/**
 * The endpoint map's entries for devices, their type lists and logs. `../endpoints.ts` joins every
 * area into `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, STAFF } from '../common';
import {
  ZDevice,
  ZDeviceBulkEditRequest,
  ZDeviceBulkResponse,
  ZDeviceCreateRequest,
  ZDeviceIdsRequest,
  ZDeviceListQuery,
  ZDeviceLogs,
  ZDeviceUpdateRequest,
  ZMaintainQuery,
  ZTypeOptions,
  ZVirtualLockRequest,
} from '../devices';
import { ZDeviceUnlocksQuery } from '../locks';
import { ZNotificationTypesResponse } from '../notifications';
import { endpoint, listArea, PARTNER } from './define';

export const devicesEndpoints = {
  devices: {
    ...listArea('devices', {
      partner: ['list', 'get'],
      item: ZDevice,
      create: ZDeviceCreateRequest,
      update: ZDeviceUpdateRequest,
      query: ZDeviceListQuery,
      roles: { read: STAFF },
    }),
    bulkEdit: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/devices',
      body: ZDeviceBulkEditRequest,
      response: ZDeviceBulkResponse,
    }),
    maintainAll: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/devices/maintain-all',
      query: ZMaintainQuery,
      body: ZDeviceIdsRequest,
      response: ZDeviceBulkResponse,
    }),
    unlock: endpoint({
      roles: ADMINS,
      scopes: PARTNER,
      method: 'PATCH',
      path: '/devices/unlock',
      body: ZDeviceIdsRequest,
      response: ZDeviceBulkResponse,
    }),
    lockStatus: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/devices/:id/lock-status',
      response: ZDevice,
    }),
    virtualLock: endpoint({
      roles: ADMINS,
      method: 'PATCH',
      path: '/devices/:id/virtual-lock',
      body: ZVirtualLockRequest,
      response: ZDevice,
    }),
    unlocks: endpoint({
      roles: STAFF,
      method: 'GET',
      path: '/devices/:id/unlocks',
      query: ZDeviceUnlocksQuery,
    }),
  },
  types: {
    deviceMode: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/types/device/mode',
      response: ZTypeOptions,
    }),
    deviceHardware: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/types/device/hardware',
      response: ZTypeOptions,
    }),
    notificationType: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/types/notification/type',
      response: ZNotificationTypesResponse,
    }),
  },
  deviceLogs: {
    get: endpoint({
      roles: STAFF,
      scopes: PARTNER,
      method: 'GET',
      path: '/device-logs/:id',
      response: ZDeviceLogs,
    }),
  },
} as const;
