import { CONDITION_MESSAGES, endpoints } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { documentRoles, productGated } from '../../lib/product-scope';
import { cloneCondition, conditionsResource, setConditionFlags } from './resource';

const Params = z.object({ id: z.uuid() });
const tags = ['Conditions'];

/** Toggle of the auto flags and clone (spec: operational §2 Conditions, §7 Conditions). */
export const conditionActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.conditions;

  app.route({
    ...routeOf(e.flags, {
      tags,
      summary: 'Toggle auto report / auto maintenance',
      description:
        "Admins only (members cannot toggle auto report, spec: operational §1). Body: `auto_report` and/or `auto_maintenance` (booleans); absent ones are kept. Answers 'Saved successfully' and the condition; logged in the condition's history. 404 for another organization's id. spec: operational §7 `PATCH conditions/{id}`.",
      params: Params,
      errors: errors(400, 401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => ({
        detail: CONDITION_MESSAGES.saved,
        condition: await setConditionFlags({ tx, auth: req.auth, id: req.params.id, flags: req.body }),
      })),
  });

  app.route({
    ...routeOf(e.clone, {
      tags,
      summary: 'Clone a condition',
      description:
        "Admins only (members cannot clone conditions, spec: operational §1). Creates a condition named '{name} (copy)' with the same auto flags and no products (a product is in one condition). Answers 'Condition cloned' and the new condition; 404 for another organization's id. spec: operational §2 Conditions.",
      params: Params,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) =>
      req.withTenant(async (tx) => ({
        detail: CONDITION_MESSAGES.cloned,
        condition: await cloneCondition({ tx, auth: req.auth, id: req.params.id }),
      })),
  });
};

/**
 * All Conditions calls, behind the `product` feature page: CRUD, CSV and export from
 * `conditionsResource`, plus toggle and clone. Viewers get 403 everywhere; members may list and
 * add, but editing (`PUT`), toggling, cloning and deleting are for admins (spec: operational §1).
 */
export async function conditionsRoutes(app: FastifyInstance): Promise<void> {
  await productGated(app, async (scope) => {
    documentRoles(scope, [{ method: 'PUT', path: '/conditions/:id' }]);
    await scope.register(crudRoutes(conditionsResource));
    await scope.register(conditionActionRoutes);
  });
}
