/**
 * The endpoint map's entries for the payments mode and the Stripe account. `../endpoints.ts` joins
 * every area into `endpoints`; the console imports only the areas a page calls.
 */
import { ADMINS, STAFF, ZDetailResponse } from '../common';
import { ZPaymentsMode, ZStripeAccount, ZStripeCreateQuery, ZStripeLinkResponse } from '../payments';
import { endpoint } from './define';

export const paymentsEndpoints = {
  payments: {
    mode: endpoint({ method: 'GET', path: '/payments/mode', response: ZPaymentsMode }),
  },
  stripe: {
    link: endpoint({
      roles: ADMINS,
      method: 'POST',
      path: '/stripe',
      query: ZStripeCreateQuery,
      response: ZStripeLinkResponse,
    }),
    account: endpoint({ roles: STAFF, method: 'GET', path: '/stripe/account', response: ZStripeAccount }),
    remove: endpoint({ roles: ADMINS, method: 'DELETE', path: '/stripe', response: ZDetailResponse }),
    webhook: endpoint({ method: 'POST', path: '/stripe/webhook', response: ZDetailResponse }),
  },
} as const;
