import { ZHealthResponse } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './repository';

/** `GET health`: answers once the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Liveness and database kind', response: { 200: ZHealthResponse } },
    },
    async () => {
      await pingDatabase(app.ctx.db);
      return { status: 'ok' as const, database: app.ctx.database.kind };
    },
  );
};
