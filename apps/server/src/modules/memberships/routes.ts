import { endpoints, ZSubscriber, zPage } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { pricingGated } from '../prices';
import { listSubscribers, membershipsResource, withPlanSync } from './resource';

/**
 * `/memberships` CRUD, CSV upload and export (spec: operational §7 Memberships), plus
 * `GET /memberships/subscribers`: who holds which membership (console `/subscribers`). Gated by
 * the `pricing` feature; viewers get 403.
 */
export async function membershipsRoutes(app: FastifyInstance): Promise<void> {
  await pricingGated(app, async (scope) => {
    await scope.register(crudRoutes(withPlanSync(membershipsResource, app.ctx.plans)));
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.route({
      ...routeOf(endpoints.memberships.subscribers, {
        tags: ['Memberships'],
        summary: 'Subscribers: users holding a membership',
        description:
          'Paged (1-based), newest first; `search` (2+ characters) matches the membership name and the user name, last name or e-mail. spec: operational §2 /subscribers.',
        response: zPage(ZSubscriber),
        errors: errors(400, 401, 403),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          listSubscribers({ tx, organizationId: req.auth.organizationId, q: req.query }),
        ),
    });
  });
}
