import { endpoints } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../errors';
import { errors, routeOf } from '../../lib/openapi';

/**
 * `GET files/{key}`: serves an uploaded file (logos, images). Public, because `<img>` tags carry no
 * token; keys are random UUIDs.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.files.get, {
      tags: ['files'],
      summary: 'An uploaded file',
      params: z.object({ key: z.string().max(60) }),
      errors: errors(404),
    }),
    config: { public: true },
    handler: async (req, reply) => {
      const file = app.ctx.storage.open(req.params.key);
      if (!file) throw NotFound('File not found');
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream as never);
    },
  });
};
