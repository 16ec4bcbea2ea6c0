import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud/resource';
import { pricingGated } from '../prices';
import { promosResource } from './resource';

/** `/promos` CRUD, CSV upload and export (spec: operational §7 Promos), gated by `pricing`. */
export async function promosRoutes(app: FastifyInstance): Promise<void> {
  await pricingGated(app, async (scope) => {
    await scope.register(crudRoutes(promosResource));
  });
}
