import { ZOrganization, ZOrganizationPublic, ZOrganizationPublicQuery } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../errors';
import { errors } from '../../lib/openapi';
import { organizationLabelFromHost } from '../../tenancy';
import { getSelf, toPublic } from './service';

/** Organization calls of spec console §7 (public lookup and self; management comes with its area). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organization',
    {
      config: { public: true },
      schema: {
        tags: ['organizations'],
        summary: 'Public branding of an organization',
        description:
          'Public. The organization is `name` when given, else the first label of the Host (plain localhost or an IP → demo-org). spec: console §7.',
        querystring: ZOrganizationPublicQuery,
        response: { 200: ZOrganizationPublic, ...errors(404) },
      },
    },
    async (req) => {
      const name =
        req.query.name ??
        organizationLabelFromHost(req.headers.host, new URL(app.ctx.config.publicUrl).hostname);
      const org = await app.ctx.identity.resolveOrganization(name);
      if (!org) throw NotFound('Organization not found');
      return toPublic(org);
    },
  );

  app.get(
    '/organizations/self',
    {
      schema: {
        tags: ['organizations'],
        summary: "The caller's organization with its flags and sub-organizations",
        description: 'spec: console §3 Organization, §7 `GET organizations/self`.',
        response: { 200: ZOrganization, ...errors(401, 404) },
      },
    },
    async (req) => req.withTenant((tx) => getSelf(tx, req.auth.organizationId)),
  );
};
