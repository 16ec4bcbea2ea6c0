/**
 * The endpoint map's entries for apps, widgets, integrations and webhooks. `../endpoints.ts` joins
 * every area into `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, ZDetailResponse, ZIdParams, ZListQuery } from '../common';
import {
  ZIntegrationsState,
  ZLiteAppSettings,
  ZTwilioSettings,
  ZTwilioSettingsRequest,
  ZWebhookEndpoint,
  ZWebhookEndpointRequest,
  ZWebhookEndpointWithSecret,
  ZWidgetSettings,
  ZWidgetSettingsResponse,
} from '../toolbox';
import {
  ZWidgetBooking,
  ZWidgetBookingRequest,
  ZWidgetConfig,
  ZWidgetKeyQuery,
  ZWidgetOrgParams,
  ZWidgetQuote,
  ZWidgetQuoteQuery,
  ZWidgetVerificationRequest,
  ZWidgetVerificationSent,
} from '../widget';
import { endpoint } from './define';

export const toolboxEndpoints = {
  apps: {
    getLiteApp: endpoint({
      roles: ADMINS,
      method: 'GET',
      path: '/apps/lite-app',
      response: ZLiteAppSettings,
    }),
    putLiteApp: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/apps/lite-app',
      body: ZLiteAppSettings,
      response: ZLiteAppSettings,
    }),
    getWidget: endpoint({
      roles: ADMINS,
      method: 'GET',
      path: '/apps/widget',
      response: ZWidgetSettingsResponse,
    }),
    putWidget: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/apps/widget',
      body: ZWidgetSettings,
      response: ZWidgetSettingsResponse,
    }),
    rotateWidgetKey: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/apps/widget/rotate-key',
      response: ZWidgetSettingsResponse,
    }),
  },
  integrations: {
    get: endpoint({ roles: ADMINS, method: 'GET', path: '/integrations', response: ZIntegrationsState }),
    getTwilio: endpoint({
      roles: ADMINS,
      method: 'GET',
      path: '/integrations/twilio',
      response: ZTwilioSettings,
    }),
    putTwilio: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/integrations/twilio',
      body: ZTwilioSettingsRequest,
      response: ZTwilioSettings,
    }),
    deleteTwilio: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/integrations/twilio',
      response: ZDetailResponse,
    }),
  },
  webhooks: {
    events: endpoint({ roles: ADMINS, method: 'GET', path: '/webhooks/events' }),
    list: endpoint({ roles: ADMINS, method: 'GET', path: '/webhooks', query: ZListQuery }),
    create: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/webhooks',
      body: ZWebhookEndpointRequest,
      response: ZWebhookEndpointWithSecret,
      status: 201,
    }),
    update: endpoint({
      roles: ADMINS,
      method: 'PUT',
      path: '/webhooks/:id',
      params: ZIdParams,
      body: ZWebhookEndpointRequest,
      response: ZWebhookEndpoint,
    }),
    remove: endpoint({
      roles: ADMINS,
      method: 'DELETE',
      path: '/webhooks/:id',
      params: ZIdParams,
      response: ZDetailResponse,
    }),
    rotateSecret: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/webhooks/:id/rotate-secret',
      params: ZIdParams,
      response: ZWebhookEndpointWithSecret,
    }),
    deliveries: endpoint({
      roles: ADMINS,
      method: 'GET',
      path: '/webhooks/:id/deliveries',
      params: ZIdParams,
      query: ZListQuery,
    }),
    replayDelivery: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/webhooks/:id/deliveries/:deliveryId/replay',
      response: ZDetailResponse,
      status: 202,
    }),
  },
  widget: {
    config: endpoint({
      method: 'GET',
      path: '/widget/:organization/config',
      params: ZWidgetOrgParams,
      query: ZWidgetKeyQuery,
      response: ZWidgetConfig,
    }),
    quote: endpoint({
      method: 'GET',
      path: '/widget/:organization/quote',
      params: ZWidgetOrgParams,
      query: ZWidgetQuoteQuery,
      response: ZWidgetQuote,
    }),
    verification: endpoint({
      method: 'POST',
      path: '/widget/:organization/verification',
      params: ZWidgetOrgParams,
      query: ZWidgetKeyQuery,
      body: ZWidgetVerificationRequest,
      response: ZWidgetVerificationSent,
      status: 202,
    }),
    reservations: endpoint({
      method: 'POST',
      path: '/widget/:organization/reservations',
      params: ZWidgetOrgParams,
      query: ZWidgetKeyQuery,
      body: ZWidgetBookingRequest,
      response: ZWidgetBooking,
      status: 201,
    }),
  },
} as const;
