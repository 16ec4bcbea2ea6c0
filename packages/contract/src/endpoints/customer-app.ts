/**
 * The endpoint map's entries for the Lite App, the customer's side (`/api/customer/{organization}`):
 * no member role applies; the public calls need nothing, the others the customer's own session.
 */
import { ZCustomerAppConfig, ZCustomerOrgParams } from '../customer-app';
import { endpoint } from './define';

export const customerAppEndpoints = {
  customerApp: {
    config: endpoint({
      method: 'GET',
      path: '/customer/:organization/config',
      params: ZCustomerOrgParams,
      response: ZCustomerAppConfig,
    }),
  },
} as const;
