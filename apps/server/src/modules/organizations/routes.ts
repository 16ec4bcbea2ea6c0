import {
  endpoints,
  hardwareRefinement,
  hasHardware,
  ORGANIZATION_MESSAGES,
  ZCreateOrganizationFields,
  ZUpdateOrganizationRequest,
} from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../errors';
import { MULTIPART, zField, zFileWith } from '../../lib/crud/multipart';
import { errors, routeOf } from '../../lib/openapi';
import { organizationLabelFromHost } from '../../tenancy';
import {
  createOrganization,
  getSelf,
  listOrganizations,
  organizationNameAvailable,
  setOrganizationActive,
  toPublic,
  updateOrganization,
} from './service';
import { requireFeature } from './service/flags';

/** Wraps every field of a contract object so it also reads multipart text fields. */
const multipartFields = <S extends Record<string, z.ZodType>>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, zField(v)])) as unknown as {
    [K in keyof S]: z.ZodType<z.output<S[K]>>;
  };

const zLogo = zFileWith(ORGANIZATION_MESSAGES.logoRequired);

/** `POST organizations` body: the contract's fields as multipart, plus the `logo` file. */
const ZCreateOrganizationBody = z
  .object({ ...multipartFields(ZCreateOrganizationFields.shape), logo: zLogo })
  .refine((v) => hasHardware(v ?? {}), hardwareRefinement);

/** `PATCH organizations/{id}` body: JSON or multipart, with an optional new `logo`. */
const ZUpdateOrganizationBody = z.object({
  ...multipartFields(ZUpdateOrganizationRequest.shape),
  logo: zLogo.optional(),
});

/**
 * Organization calls of spec console §7: the public lookup, `organizations/self`, and the
 * management calls of the multi-tenant list (§2, §4, §5). Writes are admin-only and need the
 * `multi_tenant` feature page.
 */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['organizations'];
  const e = endpoints.organizations;

  app.route({
    ...routeOf(endpoints.organization.get, {
      tags,
      summary: 'Public branding of an organization',
      description:
        'Public. The organization is `name` when given, else the first label of the Host (plain localhost or an IP → demo-org). spec: console §7.',
      errors: errors(404),
    }),
    config: { public: true },
    handler: async (req) => {
      const name =
        req.query.name ??
        organizationLabelFromHost(req.headers.host, new URL(app.ctx.config.publicUrl).hostname);
      const org = await app.ctx.identity.resolveOrganization(name);
      if (!org) throw NotFound(ORGANIZATION_MESSAGES.notFound);
      return toPublic(org);
    },
  });

  app.route({
    ...routeOf(e.self, {
      tags,
      summary: "The caller's organization with its flags and sub-organizations",
      description:
        'spec: console §3 Organization, §7 `GET organizations/self`. With `target_org` a super-tenant reads one of its sub-organizations (any other id: 404).',
      querystring: z.object({ target_org: z.uuid().optional() }),
      errors: errors(401, 404),
    }),
    handler: async (req) => req.withTenant((tx) => getSelf({ tx, organizationId: req.auth.organizationId })),
  });

  app.route({
    ...routeOf(e.list, {
      tags,
      summary: 'Organizations the caller manages',
      description:
        "The caller's organization and its sub-organizations, each with `sub_orgs`, `white_label`, flags, `created_at` and `active`. Query: page (1-based), size, search (name, app name, sub-domain, owner), status active|archived|all (default active). Answers `{ items, total, pages, page, page_size }`. spec: console §2 Multi-tenant list, §7 organizations.",
      errors: errors(400, 401, 404),
    }),
    handler: async (req) => listOrganizations({ ctx, auth: req.auth, q: req.query }),
  });

  app.route({
    ...routeOf(e.nameAvailable, {
      tags,
      summary: 'Whether an organization name is free',
      description:
        "Query: name, and id when an organization is being renamed (its own name is then free). Answers `{ available, detail }`, detail 'An organization with this name already exists. Please use an unique name.' when taken (case-insensitive, or the same sub-domain). 404 for an id outside the caller's reach. The form checks as the name is typed; create and update still answer 409. spec: console §5 Organization.",
      errors: errors(400, 401, 403, 404),
    }),
    preHandler: requireFeature('multi_tenant'),
    handler: async (req) => organizationNameAvailable({ ctx, auth: req.auth, q: req.query }),
  });

  app.route({
    ...routeOf(e.create, {
      tags,
      summary: 'Create a sub-organization and its owner',
      description:
        "Multipart: name (letters, digits, spaces; unique, case-insensitive), primary_color, secondary_color (#RRGGBB, default #000000), email, first_name, last_name (owner), logo (an image, checked by content), and the flags ('true'/'false'), at least one `<vendor>_hardware`, none its parent lacks (400). Only a Super-Tenant may create (403). The owner gets a temporary password by e-mail and must choose a new one at first sign-in. 400 with the spec's messages; 409 'An organization with this name already exists. Please use an unique name.'. spec: console §3, §5, §7 `POST organizations`.",
      consumes: MULTIPART,
      body: ZCreateOrganizationBody,
      errors: errors(400, 401, 403, 409, 413),
    }),
    config: { upload: 'image' },
    preHandler: requireFeature('multi_tenant'),
    handler: async (req, reply) => {
      const { logo, ...fields } = req.body;
      const org = await createOrganization({ ctx, auth: req.auth, fields, logo });
      return reply.status(201).send(org);
    },
  });

  app.route({
    ...routeOf(e.patch, {
      tags,
      summary: 'Update an organization (flags, name, colours, logo)',
      description:
        "JSON or multipart; every field optional. 404 for an organization outside the caller's reach; 409 'Archived organizations must be restored in order to be edited.'; 400 'You need to select at least one hardware type for this organization.'; 403 when a sub-organization changes its own flags. spec: console §4, §5, §7 `PATCH organizations/{id}`.",
      body: ZUpdateOrganizationBody,
      errors: errors(400, 401, 403, 404, 409),
    }),
    config: { upload: 'image' },
    preHandler: requireFeature('multi_tenant'),
    handler: async (req) => {
      const { logo, ...patch } = req.body;
      return updateOrganization({ ctx, auth: req.auth, id: req.params.id, patch, logo });
    },
  });

  app.route({
    ...routeOf(e.remove, {
      tags,
      summary: 'Archive an organization',
      description:
        "Answers `{ detail: 'Organization has been archived!' }`. 409 'You cannot archive the organization you are currently logged into.'; 404 outside the caller's reach. Members of an archived organization cannot sign in. spec: console §4, §7.",
      errors: errors(401, 403, 404, 409),
    }),
    preHandler: requireFeature('multi_tenant'),
    handler: async (req) => {
      await setOrganizationActive({ ctx, auth: req.auth, id: req.params.id, active: false });
      return { detail: ORGANIZATION_MESSAGES.archived };
    },
  });

  app.route({
    ...routeOf(e.cancel, {
      tags,
      summary: 'Restore an archived organization',
      description: "Answers `{ detail: 'Organization has been restored!' }`. spec: console §4, §7.",
      errors: errors(401, 403, 404),
    }),
    preHandler: requireFeature('multi_tenant'),
    handler: async (req) => {
      await setOrganizationActive({ ctx, auth: req.auth, id: req.params.id, active: true });
      return { detail: ORGANIZATION_MESSAGES.restored };
    },
  });
};
