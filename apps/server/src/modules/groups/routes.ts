import { endpoints } from '@lockerops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud/resource';
import { errors, routeOf } from '../../lib/openapi';
import { changeGroupResource, changeGroupUsers, groupMembers } from './queries';
import { groupsResource } from './resource';

const Params = z.object({ id: z.uuid() });
const tags = ['Groups'];

/**
 * The Groups calls: CRUD from the shared machinery (with `?name` accepted as the body, spec:
 * operational §7 `POST groups?name`, `PUT groups/{id}?name`), the group's users and resources,
 * and assign / remove of users and of locations or devices. Every change is logged on the group.
 */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (req) => {
    const url = req.routeOptions.url ?? '';
    const name = (req.query as { name?: unknown } | undefined)?.name;
    if ((req.method === 'POST' || req.method === 'PUT') && /\/groups(\/:id)?$/.test(url)) {
      req.body = { ...((req.body as object | null) ?? {}), ...(name === undefined ? {} : { name }) };
    }
  });
  await app.register(crudRoutes(groupsResource));

  const e = endpoints.groups;

  app.route({
    ...routeOf(e.members, {
      tags,
      summary: "A group's users and resources",
      description:
        "The live users of the group and its locations and devices with their names. 404 for another organization's group. spec: operational §2 Groups.",
      params: Params,
      errors: errors(401, 403, 404),
    }),
    handler: async (req) => req.withTenant((tx) => groupMembers({ tx, auth: req.auth, id: req.params.id })),
  });

  for (const [action, entry] of [
    ['assign-user', e.assignUser],
    ['remove-user', e.removeUser],
  ] as const) {
    app.route({
      ...routeOf(entry, {
        tags,
        summary: action === 'assign-user' ? 'Add users to a group' : 'Remove users from a group',
        description: `Body \`{ id_user }\` or \`{ id_users: [...] }\`. ${action === 'assign-user' ? 'Adding a user already in the group changes nothing.' : 'Removing a user not in the group changes nothing.'} 404 'User not found' for a user of another organization or a deleted one; 404 for another organization's group. spec: operational §7 Groups.`,
        params: Params,
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          changeGroupUsers({ tx, auth: req.auth, id: req.params.id, action, body: req.body }),
        ),
    });
  }

  for (const [action, entry] of [
    ['assign', e.assignResource],
    ['remove', e.removeResource],
  ] as const) {
    app.route({
      ...routeOf(entry, {
        tags,
        summary:
          action === 'assign'
            ? 'Assign a location or device to a group'
            : 'Remove a location or device from a group',
        description: `Body \`{ id_resource, resource_type: location|device }\`. 404 'Resource not found' for a location or device of another organization; 404 for another organization's group. spec: operational §7 Groups.`,
        params: Params,
        errors: errors(400, 401, 403, 404),
      }),
      handler: async (req) =>
        req.withTenant((tx) =>
          changeGroupResource({ tx, auth: req.auth, id: req.params.id, action, body: req.body }),
        ),
    });
  }
};
