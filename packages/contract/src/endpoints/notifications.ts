/**
 * The endpoint map's entries for notifications. `../endpoints.ts` joins every area into
 * `endpoints`; the console imports only the areas a page calls.
 */
import { STAFF } from '../common';
import {
  ZNotification,
  ZNotificationActionResponse,
  ZNotificationCreateRequest,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationTestRequest,
  ZNotificationTestResponse,
  ZNotificationUpdateRequest,
} from '../notifications';
import { endpoint, listArea } from './define';

export const notificationsEndpoints = {
  notifications: {
    ...listArea('notifications', {
      item: ZNotification,
      create: ZNotificationCreateRequest,
      update: ZNotificationUpdateRequest,
      query: ZNotificationListQuery,
      page: ZNotificationListResponse,
      roles: { read: STAFF },
    }),
    clone: endpoint({
      roles: STAFF,
      method: 'POST',
      path: '/notifications/:id/clone',
      response: ZNotificationActionResponse,
    }),
    deliveries: endpoint({ roles: STAFF, method: 'GET', path: '/notifications/:id/deliveries' }),
    test: endpoint({
      roles: STAFF,
      method: 'POST',
      path: '/notifications/:id/test',
      body: ZNotificationTestRequest,
      response: ZNotificationTestResponse,
    }),
  },
  notificationsService: {
    uploadImages: endpoint({
      roles: STAFF,
      method: 'PATCH',
      path: '/notifications-service/notifications/:id/upload-images',
      response: ZNotification,
      multipart: true,
    }),
  },
} as const;
