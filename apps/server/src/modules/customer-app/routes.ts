import { endpoints, MSG, ZCustomerOrgParams } from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../errors';
import { errors, routeOf } from '../../lib/openapi';
import { withTenant } from '../../tenancy';
import { appOrganization } from './queries';
import { appConfig } from './service';

/**
 * Resolves `{organization}` of a Lite App call: the active organization with the Lite App feature
 * on (else 404, the same for one that does not exist), acting as the app ("Lite App" in the
 * transactions' history).
 */
async function resolveOrganization(req: FastifyRequest): Promise<void> {
  const { organization } = req.params as { organization: string };
  const found = await appOrganization({ db: req.server.ctx.db, subdomain: organization });
  if (!found) throw NotFound(MSG.notFound);
  req.auth = {
    organizationId: found.id,
    homeOrganizationId: found.id,
    role: 'member',
    actor: { type: 'api_key', id: found.id, name: 'Lite App' },
  };
}

/**
 * The Lite App's API under `/api/customer/{organization}` (README "Lite App"): what the app shows
 * before sign-in, the one-time code, and the customer's own session.
 */
export const customerAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lite app'];
  const config = { public: true };
  const e = endpoints.customerApp;

  app.route({
    ...routeOf(e.config, {
      tags,
      summary: 'Lite App: the white label and settings',
      description:
        "The organization's app name and logo, the Lite App customizer's settings (sign-in method, toggles, colours), the currency, and `contacts`: where a sign-in code may go (e-mail only while the organization's Twilio verification switch is off). 404 for an organization without the Lite App.",
      errors: errors(404),
    }),
    config,
    preHandler: resolveOrganization,
    handler: (req) => req.withTenant((tx) => appConfig({ tx, organizationId: req.auth.organizationId })),
  });
};

/**
 * The organization's web app manifest at `/app/{organization}/manifest.webmanifest`: its app name,
 * the customizer's primary colour, the app's icons; installable from the phone's browser.
 */
export const customerPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app/:organization/manifest.webmanifest',
    { schema: { hide: true, params: ZCustomerOrgParams } },
    async (req, reply) => {
      const { organization } = req.params;
      const found = await appOrganization({ db: app.ctx.db, subdomain: organization });
      if (!found) throw NotFound(MSG.notFound);
      const c = await withTenant(app.ctx.db, found.id, (tx) => appConfig({ tx, organizationId: found.id }));
      const base = `/app/${encodeURIComponent(organization)}`;
      return reply
        .type('application/manifest+json')
        .header('cache-control', 'no-cache')
        .send({
          name: c.organization.name,
          short_name: c.organization.name.slice(0, 12),
          start_url: base,
          scope: `${base}/`,
          id: base,
          display: 'standalone',
          background_color: '#f6f7f9',
          theme_color: c.settings.primary_color,
          icons: [
            { src: '/customer/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/customer/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
          ],
        });
    },
  );
};
