import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud/resource';
import { requireFeature } from '../organizations';
import { pricesResource } from './resource';

/**
 * Registers `plugin` behind the organization's `pricing` feature page: every call answers 403
 * ('This feature is not enabled for this organization.') when the flag is off (spec: console §2
 * "Sections appear only if the organisation's feature pages allow them"). Runs after
 * authentication and the role guard of the parent scope.
 */
export async function pricingGated(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireFeature('pricing'));
    await register(scope);
  });
}

/** `/prices` CRUD, CSV upload and export (spec: operational §7 Prices), gated by `pricing`. */
export async function pricesRoutes(app: FastifyInstance): Promise<void> {
  await pricingGated(app, async (scope) => {
    await scope.register(crudRoutes(pricesResource));
  });
}
