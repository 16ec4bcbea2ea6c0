import {
  ADMINS,
  GROUP_MESSAGES,
  STAFF,
  type TGroupResourceType,
  ZDetailResponse,
  ZGroupMembers,
  ZGroupResourceRequest,
  ZGroupUsersRequest,
} from '@lockerops/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { devices, groupResources, groups, groupUsers, locations, users } from '../../db/schema';
import { NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { crudRoutes, findOr404, lockOr404 } from '../../lib/crud/resource';
import { errors } from '../../lib/openapi';
import { groupsResource } from './resource';

const Params = z.object({ id: z.uuid() });
const tags = ['Groups'];

/** The table holding a resource of this type, for existence checks and names. */
const tableOf = (type: TGroupResourceType) => (type === 'location' ? locations : devices);

/** 404 'Resource not found' unless the location or device belongs to the caller's organization. */
async function assertResource(tx: Tx, auth: AuthContext, id: string, type: TGroupResourceType) {
  const t = tableOf(type);
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, auth.organizationId)));
  if (!row) throw NotFound(GROUP_MESSAGES.resourceNotFound);
}

/** 404 'User not found' unless every id is a live user of the caller's organization. */
async function assertUsers(tx: Tx, auth: AuthContext, ids: string[]) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.id, ids), eq(users.organizationId, auth.organizationId), eq(users.isDeleted, false)),
    );
  if (rows.length !== ids.length) throw NotFound(GROUP_MESSAGES.userNotFound);
}

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

  app.get(
    '/groups/:id/members',
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "A group's users and resources",
        description:
          "The live users of the group and its locations and devices with their names. 404 for another organization's group. spec: operational §2 Groups.",
        params: Params,
        response: { 200: ZGroupMembers, ...errors(401, 403, 404) },
      },
    },
    async (req) =>
      req.withTenant(async (tx) => {
        await findOr404(tx, groups, req.auth, req.params.id);
        const members = await tx
          .select({ id: users.id, name: users.name, last_name: users.lastName, email: users.email })
          .from(groupUsers)
          .innerJoin(users, eq(users.id, groupUsers.userId))
          .where(and(eq(groupUsers.groupId, req.params.id), eq(users.isDeleted, false)))
          .orderBy(asc(users.name), asc(users.id));
        const links = await tx.select().from(groupResources).where(eq(groupResources.groupId, req.params.id));
        const names = new Map<string, string>();
        for (const type of ['location', 'device'] as const) {
          const ids = links.filter((l) => l.resourceType === type).map((l) => l.resourceId);
          if (!ids.length) continue;
          const t = tableOf(type);
          const rows = await tx
            .select({ id: t.id, name: t.name })
            .from(t)
            .where(and(inArray(t.id, ids), eq(t.organizationId, req.auth.organizationId)));
          for (const r of rows) names.set(`${type}:${r.id}`, r.name);
        }
        return {
          users: members,
          resources: links
            .filter((l) => names.has(`${l.resourceType}:${l.resourceId}`))
            .map((l) => ({
              id_resource: l.resourceId,
              resource_type: l.resourceType,
              name: names.get(`${l.resourceType}:${l.resourceId}`)!,
            })),
        };
      }),
  );

  for (const action of ['assign-user', 'remove-user'] as const) {
    app.patch(
      `/groups/:id/${action}`,
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary: action === 'assign-user' ? 'Add users to a group' : 'Remove users from a group',
          description: `Body \`{ id_user }\` or \`{ id_users: [...] }\`. ${action === 'assign-user' ? 'Adding a user already in the group changes nothing.' : 'Removing a user not in the group changes nothing.'} 404 'User not found' for a user of another organization or a deleted one; 404 for another organization's group. spec: operational §7 Groups.`,
          params: Params,
          body: ZGroupUsersRequest,
          response: { 200: ZDetailResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await lockOr404(tx, groups, req.auth, req.params.id);
          const ids = [
            ...new Set([...(req.body.id_users ?? []), ...(req.body.id_user ? [req.body.id_user] : [])]),
          ];
          await assertUsers(tx, req.auth, ids);
          if (action === 'assign-user') {
            await tx
              .insert(groupUsers)
              .values(
                ids.map((userId) => ({
                  organizationId: req.auth.organizationId,
                  groupId: req.params.id,
                  userId,
                })),
              )
              .onConflictDoNothing();
          } else {
            await tx
              .delete(groupUsers)
              .where(and(eq(groupUsers.groupId, req.params.id), inArray(groupUsers.userId, ids)));
          }
          for (const userId of ids) {
            await writeAudit(tx, req.auth, {
              entity: 'group',
              entityId: req.params.id,
              action,
              changes: {
                user:
                  action === 'assign-user'
                    ? { before: null, after: userId }
                    : { before: userId, after: null },
              },
            });
            await writeAudit(tx, req.auth, {
              entity: 'user',
              entityId: userId,
              action: action === 'assign-user' ? 'group-added' : 'group-removed',
              changes: {
                group:
                  action === 'assign-user'
                    ? { before: null, after: req.params.id }
                    : { before: req.params.id, after: null },
              },
            });
          }
          return {
            detail: action === 'assign-user' ? GROUP_MESSAGES.userAssigned : GROUP_MESSAGES.userRemoved,
          };
        }),
    );
  }

  for (const action of ['assign', 'remove'] as const) {
    app.patch(
      `/groups/:id/${action}`,
      {
        config: { roles: ADMINS },
        schema: {
          tags,
          summary:
            action === 'assign'
              ? 'Assign a location or device to a group'
              : 'Remove a location or device from a group',
          description: `Body \`{ id_resource, resource_type: location|device }\`. 404 'Resource not found' for a location or device of another organization; 404 for another organization's group. spec: operational §7 Groups.`,
          params: Params,
          body: ZGroupResourceRequest,
          response: { 200: ZDetailResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (req) =>
        req.withTenant(async (tx) => {
          await lockOr404(tx, groups, req.auth, req.params.id);
          const { id_resource, resource_type } = req.body;
          if (action === 'assign') {
            await assertResource(tx, req.auth, id_resource, resource_type);
            await tx
              .insert(groupResources)
              .values({
                organizationId: req.auth.organizationId,
                groupId: req.params.id,
                resourceId: id_resource,
                resourceType: resource_type,
              })
              .onConflictDoNothing();
          } else {
            await tx
              .delete(groupResources)
              .where(
                and(
                  eq(groupResources.groupId, req.params.id),
                  eq(groupResources.resourceType, resource_type),
                  eq(groupResources.resourceId, id_resource),
                ),
              );
          }
          await writeAudit(tx, req.auth, {
            entity: 'group',
            entityId: req.params.id,
            action,
            changes: {
              [resource_type]:
                action === 'assign'
                  ? { before: null, after: id_resource }
                  : { before: id_resource, after: null },
            },
          });
          return {
            detail: action === 'assign' ? GROUP_MESSAGES.resourceAssigned : GROUP_MESSAGES.resourceRemoved,
          };
        }),
    );
  }
};
