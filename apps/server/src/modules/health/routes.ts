import { endpoints } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/openapi';
import { pingDatabase } from './queries';

/** `GET health`: answers once the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.health.get, { tags: ['health'], summary: 'Liveness and database kind' }),
    config: { public: true },
    handler: async () => {
      await pingDatabase({ db: app.ctx.db });
      return { status: 'ok' as const, database: app.ctx.database.kind };
    },
  });
};
