import {
  endpoints,
  GROUP_MESSAGES,
  type TGroup,
  ZGroup,
  ZGroupCreateRequest,
  ZGroupListQuery,
  ZGroupUpdateRequest,
} from '@lockerops/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { groupResources, groups, groupUsers, users } from '../../db/schema';
import type { Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { wireColumns, wireOf } from '../../lib/wire';

type GroupRow = typeof groups.$inferSelect;

/** The wire shape of groups with their user, device and location counts (two queries per batch). */
export async function groupsToWire(rows: GroupRow[], tx: Tx): Promise<TGroup[]> {
  const ids = rows.map((r) => r.id);
  const orgIds = organizationsOf(rows);
  const userCounts = ids.length
    ? await tx
        .select({ groupId: groupUsers.groupId, n: count() })
        .from(groupUsers)
        .innerJoin(users, eq(users.id, groupUsers.userId))
        .where(
          and(
            inArray(groupUsers.organizationId, orgIds),
            inArray(groupUsers.groupId, ids),
            eq(users.isDeleted, false),
          ),
        )
        .groupBy(groupUsers.groupId)
    : [];
  const resourceCounts = ids.length
    ? await tx
        .select({ groupId: groupResources.groupId, type: groupResources.resourceType, n: count() })
        .from(groupResources)
        .where(and(inArray(groupResources.organizationId, orgIds), inArray(groupResources.groupId, ids)))
        .groupBy(groupResources.groupId, groupResources.resourceType)
    : [];
  const resources = (id: string, type: 'location' | 'device') =>
    Number(resourceCounts.find((c) => c.groupId === id && c.type === type)?.n ?? 0);
  return rows.map((g) =>
    wireOf(ZGroup, g, {
      users: Number(userCounts.find((c) => c.groupId === g.id)?.n ?? 0),
      devices: resources(g.id, 'device'),
      locations: resources(g.id, 'location'),
    }),
  );
}

/**
 * The Groups area (spec: operational §2 Users, groups, team members; §3 Group; §5 Group; §7 Groups).
 * `GET groups` answers up to 10000 rows by default; the name may come as `?name` (routes.ts moves it
 * into the body). Deleting a group drops its user and resource links, never the users.
 */
export const groupsResource: Resource<
  TGroup,
  typeof ZGroupCreateRequest,
  typeof ZGroupUpdateRequest,
  typeof ZGroupListQuery
> = {
  entity: 'group',
  path: 'groups',
  api: endpoints.groups,
  model: 'group',
  tag: 'Groups',
  table: groups,
  item: ZGroup,
  create: ZGroupCreateRequest,
  update: ZGroupUpdateRequest,
  query: ZGroupListQuery,
  search: [groups.name],
  sort: wireColumns(groups, ['name', 'created_at']),
  defaultSort: { by: 'name', order: 'asc' },
  toWire: (rows, tx) => groupsToWire(rows as unknown as GroupRow[], tx),
  toValues: (input) => ({
    name: input.name,
    ...(input.couriers === undefined ? {} : { couriers: input.couriers }),
  }),
  csv: { headers: ['name'] },
  messages: { created: GROUP_MESSAGES.created, updated: GROUP_MESSAGES.updated },
};
