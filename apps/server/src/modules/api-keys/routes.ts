import { ZApiKey, ZApiKeyList } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/openapi';
import { generateApiKey, listApiKeys } from './service';

/** API token calls of spec console §7 (`GET/POST api-keys`); admin only (the toolbox is restricted). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['api-keys'];
  app.get(
    '/api-keys',
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        summary: "The organization's API keys",
        description:
          'A list of `{ id, key, created_at }` records: empty, or the one key. Send the key as `X-API-Key` to act as the organization with admin rights. spec: console §3 API key, §7.',
        response: { 200: ZApiKeyList, ...errors(401, 403) },
      },
    },
    async (req) => req.withTenant((tx) => listApiKeys(tx, req.auth.organizationId)),
  );

  app.post(
    '/api-keys',
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        summary: 'Generate the API key',
        description:
          "One key per organization: a second call answers 409 'An API key already exists for this organization.'. spec: console §4 API key, §7.",
        response: { 201: ZApiKey, ...errors(401, 403, 409) },
      },
    },
    async (req, reply) => {
      const key = await req.withTenant((tx) =>
        generateApiKey(tx, { organizationId: req.auth.organizationId, createdBy: req.auth.memberId }),
      );
      return reply.status(201).send(key);
    },
  );
};
