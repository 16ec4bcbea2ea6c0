import { API_KEY_MESSAGES, endpoints } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, routeOf } from '../../lib/openapi';
import { generateApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './service';

/**
 * API token calls of spec console §7 (`GET/POST api-keys`) plus revoke and rotate; admin only (the
 * toolbox is restricted) and never with a key: a key cannot manage keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['api-keys'];
  const params = z.object({ id: z.uuid() });
  const e = endpoints.apiKeys;

  app.route({
    ...routeOf(e.list, {
      tags,
      summary: "The organization's API keys",
      description:
        'A list of `{ id, prefix, scope, created_at, last_used_at }`: empty, or the one key — never the key itself. Send the key as `X-API-Key`; the `partner` scope drives transactions, reservations, user look-ups and device unlocks, and answers 403 elsewhere. spec: console §3 API key, §7.',
      errors: errors(401, 403),
    }),
    handler: async (req) =>
      req.withTenant((tx) => listApiKeys({ tx, organizationId: req.auth.organizationId })),
  });

  app.route({
    ...routeOf(e.create, {
      tags,
      summary: 'Generate the API key',
      description:
        "Answers the key once (only its hash is kept). One key per organization: a second call answers 409 'An API key already exists for this organization.'. spec: console §4 API key, §7.",
      errors: errors(401, 403, 409),
    }),
    handler: async (req, reply) => {
      const key = await req.withTenant((tx) =>
        generateApiKey({ tx, organizationId: req.auth.organizationId, createdBy: req.auth.memberId }),
      );
      return reply.status(201).send(key);
    },
  });

  app.route({
    ...routeOf(e.rotate, {
      tags,
      summary: 'Rotate the API key',
      description:
        'A new key replaces the old one at once (same id and scope); answers the new key once. 404 for an id of another organization.',
      params,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant((tx) =>
        rotateApiKey({
          tx,
          organizationId: req.auth.organizationId,
          id: req.params.id,
          createdBy: req.auth.memberId,
        }),
      ),
  });

  app.route({
    ...routeOf(e.remove, {
      tags,
      summary: 'Revoke the API key',
      description:
        'The key answers 401 from now on; a new one may be generated. 404 for an id of another organization.',
      params,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) => {
      await req.withTenant((tx) =>
        revokeApiKey({ tx, organizationId: req.auth.organizationId, id: req.params.id }),
      );
      return { detail: API_KEY_MESSAGES.revoked };
    },
  });
};
