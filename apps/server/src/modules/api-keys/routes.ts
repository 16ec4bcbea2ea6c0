import { ADMINS, API_KEY_MESSAGES, ZApiKeyCreated, ZApiKeyList, ZDetailResponse } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/openapi';
import { generateApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './service';

/**
 * API token calls of spec console §7 (`GET/POST api-keys`) plus revoke and rotate; admin only (the
 * toolbox is restricted) and never with a key: a key cannot manage keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['api-keys'];
  const params = z.object({ id: z.uuid() });
  app.get(
    '/api-keys',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: "The organization's API keys",
        description:
          'A list of `{ id, prefix, scope, created_at, last_used_at }`: empty, or the one key — never the key itself. Send the key as `X-API-Key`; the `partner` scope drives transactions, reservations, user look-ups and device unlocks, and answers 403 elsewhere. spec: console §3 API key, §7.',
        response: { 200: ZApiKeyList, ...errors(401, 403) },
      },
    },
    async (req) => req.withTenant((tx) => listApiKeys(tx, req.auth.organizationId)),
  );

  app.post(
    '/api-keys',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Generate the API key',
        description:
          "Answers the key once (only its hash is kept). One key per organization: a second call answers 409 'An API key already exists for this organization.'. spec: console §4 API key, §7.",
        response: { 201: ZApiKeyCreated, ...errors(401, 403, 409) },
      },
    },
    async (req, reply) => {
      const key = await req.withTenant((tx) =>
        generateApiKey(tx, { organizationId: req.auth.organizationId, createdBy: req.auth.memberId }),
      );
      return reply.status(201).send(key);
    },
  );

  app.post(
    '/api-keys/:id/rotate',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Rotate the API key',
        description:
          'A new key replaces the old one at once (same id and scope); answers the new key once. 404 for an id of another organization.',
        params,
        response: { 200: ZApiKeyCreated, ...errors(401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant((tx) =>
        rotateApiKey(tx, {
          organizationId: req.auth.organizationId,
          id: req.params.id,
          createdBy: req.auth.memberId,
        }),
      ),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: 'Revoke the API key',
        description:
          'The key answers 401 from now on; a new one may be generated. 404 for an id of another organization.',
        params,
        response: { 200: ZDetailResponse, ...errors(401, 403, 404) },
      },
    },
    async (req) => {
      await req.withTenant((tx) =>
        revokeApiKey(tx, { organizationId: req.auth.organizationId, id: req.params.id }),
      );
      return { detail: API_KEY_MESSAGES.revoked };
    },
  );
};
