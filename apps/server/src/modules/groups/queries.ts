import {
  GROUP_MESSAGES,
  type TGroupMembers,
  type TGroupResourceRequest,
  type TGroupResourceType,
  type TGroupUsersRequest,
} from '@lockerops/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthContext, TxAuth, TxOrg } from '../../auth/context';
import type { Tx } from '../../db/client';
import { devices, groupResources, groups, groupUsers, locations, users } from '../../db/schema';
import { NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { findOr404, lockOr404 } from '../../lib/crud/resource';
import { wireColumns } from '../../lib/wire';

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
 * The live users of one group and its locations and devices with their names. 404 (`NotFound`)
 * for a missing group or another organization's. spec: operational §2 Groups.
 */
export async function groupMembers({ tx, auth, id }: TxAuth<{ id: string }>): Promise<TGroupMembers> {
  await findOr404({ tx, table: groups, auth, id });
  const members = await tx
    .select(wireColumns(users, ['id', 'name', 'last_name', 'email']))
    .from(groupUsers)
    .innerJoin(users, eq(users.id, groupUsers.userId))
    .where(
      and(
        eq(groupUsers.organizationId, auth.organizationId),
        eq(groupUsers.groupId, id),
        eq(users.isDeleted, false),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  const links = await tx
    .select()
    .from(groupResources)
    .where(and(eq(groupResources.organizationId, auth.organizationId), eq(groupResources.groupId, id)));
  const names = new Map<string, string>();
  for (const type of ['location', 'device'] as const) {
    const ids = links.filter((l) => l.resourceType === type).map((l) => l.resourceId);
    if (!ids.length) continue;
    const t = tableOf(type);
    const rows = await tx
      .select({ id: t.id, name: t.name })
      .from(t)
      .where(and(inArray(t.id, ids), eq(t.organizationId, auth.organizationId)));
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
}

/**
 * Adds users to (`assign-user`) or removes them from (`remove-user`) one group, under a row lock
 * on the group, with a history entry on the group and on each user; returns the answer's message.
 * A user already in (or not in) the group changes nothing. 404 'User not found' for a user of
 * another organization or a deleted one; 404 for another organization's group. spec: operational §7 Groups.
 */
export async function changeGroupUsers({
  tx,
  auth,
  id,
  action,
  body,
}: TxAuth<{ id: string; action: 'assign-user' | 'remove-user'; body: TGroupUsersRequest }>): Promise<{
  detail: string;
}> {
  await lockOr404({ tx, table: groups, auth, id });
  const ids = [...new Set([...(body.id_users ?? []), ...(body.id_user ? [body.id_user] : [])])];
  await assertUsers(tx, auth, ids);
  if (action === 'assign-user') {
    await tx
      .insert(groupUsers)
      .values(
        ids.map((userId) => ({
          organizationId: auth.organizationId,
          groupId: id,
          userId,
        })),
      )
      .onConflictDoNothing();
  } else {
    await tx
      .delete(groupUsers)
      .where(
        and(
          eq(groupUsers.organizationId, auth.organizationId),
          eq(groupUsers.groupId, id),
          inArray(groupUsers.userId, ids),
        ),
      );
  }
  for (const userId of ids) {
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'group',
        entityId: id,
        action,
        changes: {
          user: action === 'assign-user' ? { before: null, after: userId } : { before: userId, after: null },
        },
      },
    });
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'user',
        entityId: userId,
        action: action === 'assign-user' ? 'group-added' : 'group-removed',
        changes: {
          group: action === 'assign-user' ? { before: null, after: id } : { before: id, after: null },
        },
      },
    });
  }
  return {
    detail: action === 'assign-user' ? GROUP_MESSAGES.userAssigned : GROUP_MESSAGES.userRemoved,
  };
}

/**
 * Assigns a location or device to (`assign`) or removes it from (`remove`) one group, under a row
 * lock on the group, with its history entry; returns the answer's message. 404 'Resource not
 * found' for a location or device of another organization; 404 for another organization's group.
 * spec: operational §7 Groups.
 */
export async function changeGroupResource({
  tx,
  auth,
  id,
  action,
  body,
}: TxAuth<{ id: string; action: 'assign' | 'remove'; body: TGroupResourceRequest }>): Promise<{
  detail: string;
}> {
  await lockOr404({ tx, table: groups, auth, id });
  const { id_resource, resource_type } = body;
  if (action === 'assign') {
    await assertResource(tx, auth, id_resource, resource_type);
    await tx
      .insert(groupResources)
      .values({
        organizationId: auth.organizationId,
        groupId: id,
        resourceId: id_resource,
        resourceType: resource_type,
      })
      .onConflictDoNothing();
  } else {
    await tx
      .delete(groupResources)
      .where(
        and(
          eq(groupResources.organizationId, auth.organizationId),
          eq(groupResources.groupId, id),
          eq(groupResources.resourceType, resource_type),
          eq(groupResources.resourceId, id_resource),
        ),
      );
  }
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'group',
      entityId: id,
      action,
      changes: {
        [resource_type]:
          action === 'assign' ? { before: null, after: id_resource } : { before: id_resource, after: null },
      },
    },
  });
  return {
    detail: action === 'assign' ? GROUP_MESSAGES.resourceAssigned : GROUP_MESSAGES.resourceRemoved,
  };
}

/** Assigns groups to the organization's location (those already assigned stay). */
export async function insertGroupAssignments({
  tx,
  auth,
  locationId,
  groupIds,
}: TxAuth<{ locationId: string; groupIds: string[] }>): Promise<void> {
  await tx
    .insert(groupResources)
    .values(
      groupIds.map((groupId) => ({
        organizationId: auth.organizationId,
        groupId,
        resourceId: locationId,
        resourceType: 'location' as const,
      })),
    )
    .onConflictDoNothing();
}

/** Removes a group from the organization's location; answers whether it was assigned. */
export async function deleteGroupAssignment({
  tx,
  auth,
  locationId,
  groupId,
}: TxAuth<{ locationId: string; groupId: string }>): Promise<boolean> {
  const gone = await tx
    .delete(groupResources)
    .where(
      and(
        eq(groupResources.organizationId, auth.organizationId),
        eq(groupResources.resourceType, 'location'),
        eq(groupResources.resourceId, locationId),
        eq(groupResources.groupId, groupId),
      ),
    )
    .returning({ id: groupResources.groupId });
  return gone.length > 0;
}

/** Removes every group's link to the organization's resources `ids` of `resourceType` (deleted with them). */
export async function deleteResourceLinks({
  tx,
  auth,
  resourceType,
  ids,
}: TxAuth<{ resourceType: 'location'; ids: string[] }>): Promise<void> {
  await tx
    .delete(groupResources)
    .where(
      and(
        eq(groupResources.organizationId, auth.organizationId),
        eq(groupResources.resourceType, resourceType),
        inArray(groupResources.resourceId, ids),
      ),
    );
}

/** A new group `name` marked as the organization's couriers. */
export async function insertCourierGroup({ tx, organizationId, name }: TxOrg<{ name: string }>) {
  const [g] = await tx
    .insert(groups)
    .values({ organizationId, name, couriers: true })
    .returning({ id: groups.id });
  return g!.id;
}

/** Puts user `idUser` into group `idGroup` (nothing when already there). */
export async function joinGroup({
  tx,
  organizationId,
  idGroup,
  idUser,
}: TxOrg<{ idGroup: string; idUser: string }>) {
  await tx
    .insert(groupUsers)
    .values({ organizationId, groupId: idGroup, userId: idUser })
    .onConflictDoNothing();
}

/** User `id` leaves every group of the organization marked as its couriers. */
export async function leaveCourierGroups({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<void> {
  const courierGroups = tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), eq(groups.couriers, true)));
  await tx
    .delete(groupUsers)
    .where(
      and(
        eq(groupUsers.organizationId, organizationId),
        eq(groupUsers.userId, id),
        inArray(groupUsers.groupId, courierGroups),
      ),
    );
}
