/**
 * The endpoint map's entries for transactions: the list, their life-cycle steps, public pages and
 * deliveries. `../endpoints.ts` joins every area into `endpoints`; the console imports only the
 * areas a page calls.
 */
import {
  ZCancelRequest,
  ZCourierDropoffRequest,
  ZDeliveryCompleteRequest,
  ZDeliveryCreateRequest,
  ZEndManyRequest,
  ZEndManyResponse,
  ZPaymentConfirmationRequest,
  ZPenalizeRequest,
  ZRefundRequest,
  ZReturnRequest,
  ZServiceStepRequest,
  ZShareRequest,
  ZStartRequest,
  ZTransaction,
  ZTransactionActionResponse,
  ZTransactionListQuery,
  ZTransactionLogs,
  ZTransactionPublic,
  ZTransactionShareQuery,
  ZTransactionStatuses,
  ZUserPickupRequest,
} from '../transactions';
import { endpoint, PARTNER } from './define';

export const transactionsEndpoints = {
  events: {
    list: endpoint({ scopes: PARTNER, method: 'GET', path: '/events', query: ZTransactionListQuery }),
    statuses: endpoint({
      scopes: PARTNER,
      method: 'GET',
      path: '/events/statuses',
      response: ZTransactionStatuses,
    }),
    export: endpoint({ method: 'GET', path: '/events/export', file: true }),
    get: endpoint({ scopes: PARTNER, method: 'GET', path: '/events/:id', response: ZTransaction }),
    service: endpoint({
      scopes: PARTNER,
      method: 'PATCH',
      path: '/events/:id/service',
      body: ZServiceStepRequest,
      response: ZTransactionActionResponse,
    }),
    cancel: endpoint({
      scopes: PARTNER,
      method: 'PATCH',
      path: '/events/:id/cancel',
      body: ZCancelRequest,
      response: ZTransactionActionResponse,
    }),
    endMany: endpoint({
      method: 'PATCH',
      path: '/events',
      body: ZEndManyRequest,
      response: ZEndManyResponse,
    }),
    refund: endpoint({
      method: 'PATCH',
      path: '/events/:id/refund',
      body: ZRefundRequest,
      response: ZTransactionActionResponse,
    }),
    penalize: endpoint({
      method: 'PATCH',
      path: '/events/:id/penalize',
      body: ZPenalizeRequest,
      response: ZTransactionActionResponse,
    }),
    resendCode: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/:id/resend-code',
      response: ZTransactionActionResponse,
    }),
    share: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/:id/share',
      body: ZShareRequest,
      response: ZTransactionActionResponse,
    }),
    startStorage: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/storage',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    startRental: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/rental',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    startService: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/service',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    startVending: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/vending',
      body: ZStartRequest,
      response: ZTransactionActionResponse,
    }),
    return: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/:id/return',
      body: ZReturnRequest,
      response: ZTransactionActionResponse,
    }),
    pickup: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/:id/pickup',
      body: ZUserPickupRequest,
      response: ZTransactionActionResponse,
    }),
    payment: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/events/:id/payment',
      body: ZPaymentConfirmationRequest,
      response: ZTransactionActionResponse,
    }),
  },
  event: {
    public: endpoint({
      scopes: PARTNER,
      method: 'GET',
      path: '/event/:id/public',
      query: ZTransactionShareQuery,
      response: ZTransactionPublic,
    }),
    delivery: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/event/delivery',
      body: ZDeliveryCreateRequest,
      response: ZTransactionActionResponse,
    }),
  },
  eventLogs: {
    get: endpoint({ scopes: PARTNER, method: 'GET', path: '/event-logs/:id', response: ZTransactionLogs }),
  },
  delivery: {
    complete: endpoint({
      scopes: PARTNER,
      method: 'PATCH',
      path: '/delivery/:id/complete',
      body: ZDeliveryCompleteRequest,
      response: ZTransactionActionResponse,
    }),
    dropoff: endpoint({
      scopes: PARTNER,
      method: 'POST',
      path: '/delivery/:id/dropoff',
      body: ZCourierDropoffRequest,
      response: ZTransactionActionResponse,
    }),
  },
} as const;
