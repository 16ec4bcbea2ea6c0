import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `GET /metrics`: the process's metrics in the Prometheus text format (`lib/metrics.ts`), outside
 * `/api` and out of the API document. Only with `Authorization: Bearer <METRICS_TOKEN>`; when
 * `METRICS_TOKEN` is unset the route answers 404 as if it did not exist, and a wrong or missing token
 * answers 404 too (a scanner learns nothing). Never shed under overload, so the monitoring sees it.
 * Each process answers for itself: scrape every process, not the load balancer.
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const token = app.ctx.config.metricsToken;
  const expected = token ? digest(token) : undefined;
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      config: { pressureHandler: () => undefined } as Record<string, unknown>,
    },
    async (req, reply) => {
      const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
      if (!expected || !m?.[1] || !timingSafeEqual(digest(m[1].trim()), expected)) {
        return reply.callNotFound();
      }
      const { contentType, body } = await app.ctx.metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
}
