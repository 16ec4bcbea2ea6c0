import { MSG, ZCustomerOrgParams } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../../errors';
import { withTenant } from '../../../tenancy';
import { appOrganization } from '../queries/organization';
import { appConfig } from '../service/config';

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
