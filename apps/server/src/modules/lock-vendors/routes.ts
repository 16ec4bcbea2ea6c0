import {
  ADMINS,
  CLOUD_LOCK_VENDORS,
  ZDetailResponse,
  ZLockVendorAccount,
  ZLockVendorAccountList,
  ZLockVendorAccountRequest,
} from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/openapi';
import { listVendorAccounts, removeVendorAccount, saveVendorAccount } from './service';

const tags = ['Devices'];
const Params = z.object({ vendor: z.enum(CLOUD_LOCK_VENDORS) });

/**
 * The organization's accounts at the cloud lock vendors (Linka, Ojmar, Gantner, Harbor, Spintly,
 * DC Lock) that their locks' drivers call (ARCHITECTURE: Adapters — locks). Admin only. The API
 * secret is stored sealed (`SECRETS_KEY`) and answered only as its last 4 characters.
 */
export const lockVendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { roles: ADMINS };
  app.get(
    '/lock-vendors',
    {
      config,
      schema: {
        tags,
        summary: 'Cloud lock vendor accounts',
        description: "One entry per cloud vendor; the secret's last 4 characters only.",
        response: { 200: ZLockVendorAccountList, ...errors(401, 403) },
      },
    },
    async (req) => ({ items: await req.withTenant((tx) => listVendorAccounts(tx, req.auth.organizationId)) }),
  );
  app.put(
    '/lock-vendors/:vendor',
    {
      config,
      schema: {
        tags,
        summary: 'Save a cloud lock vendor account',
        description:
          'Base URL, account or client id, optional token URL, API secret (stored encrypted; leave it out to keep the saved one). Audit `lock_vendor_saved` without the secret.',
        params: Params,
        body: ZLockVendorAccountRequest,
        response: { 200: ZLockVendorAccount, ...errors(400, 401, 403) },
      },
    },
    (req) =>
      req.withTenant((tx) => saveVendorAccount(tx, req.auth, req.params.vendor, req.body, app.ctx.secrets)),
  );
  app.delete(
    '/lock-vendors/:vendor',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a cloud lock vendor account',
        params: Params,
        response: { 200: ZDetailResponse, ...errors(400, 401, 403) },
      },
    },
    (req) => req.withTenant((tx) => removeVendorAccount(tx, req.auth, req.params.vendor)),
  );
};
