import { CLOUD_LOCK_VENDORS, endpoints } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, routeOf } from '../../lib/openapi';
import { listVendorAccounts, removeVendorAccount, saveVendorAccount } from './service';

const tags = ['Devices'];
const Params = z.object({ vendor: z.enum(CLOUD_LOCK_VENDORS) });

/**
 * The organization's accounts at the cloud lock vendors (Linka, Ojmar, Gantner, Harbor, Spintly,
 * DC Lock) that their locks' drivers call (CONTRIBUTING.md "Adapters (outside systems)": locks). Admin only. The API
 * secret is stored sealed (`SECRETS_KEY`) and answered only as its last 4 characters.
 */
export const lockVendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.lockVendors;
  app.route({
    ...routeOf(e.list, {
      tags,
      summary: 'Cloud lock vendor accounts',
      description: "One entry per cloud vendor; the secret's last 4 characters only.",
      errors: errors(401, 403),
    }),
    handler: async (req) => ({
      items: await req.withTenant((tx) =>
        listVendorAccounts({ tx, organizationId: req.auth.organizationId }),
      ),
    }),
  });
  app.route({
    ...routeOf(e.save, {
      tags,
      summary: 'Save a cloud lock vendor account',
      description:
        'Base URL, account or client id, optional token URL, API secret (stored encrypted; leave it out to keep the saved one). Audit `lock_vendor_saved` without the secret.',
      params: Params,
      errors: errors(400, 401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) =>
        saveVendorAccount({
          tx,
          auth: req.auth,
          vendor: req.params.vendor,
          input: req.body,
          secrets: app.ctx.secrets,
        }),
      ),
  });
  app.route({
    ...routeOf(e.remove, {
      tags,
      summary: 'Remove a cloud lock vendor account',
      params: Params,
      errors: errors(400, 401, 403),
    }),
    handler: (req) =>
      req.withTenant((tx) => removeVendorAccount({ tx, auth: req.auth, vendor: req.params.vendor })),
  });
};
