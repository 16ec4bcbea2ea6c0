/**
 * The statements behind a location's access (`lib/location-access`): the organization's sharing
 * flags, and the users and groups assigned to its locations. Each takes `{ tx, organizationId }`
 * and names the organization in every `where`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TxOrg } from '../../auth/context';
import { groupResources, groups, locationAssignments, organizations, users } from '../../db/schema';
import { wireColumns } from '../wire';

/** The organization's `super_tenant` and `shared_locations` flags; undefined for no such organization. */
export async function sharingFlags({ tx, organizationId }: TxOrg) {
  const [org] = await tx
    .select(wireColumns(organizations, ['super_tenant', 'shared_locations']))
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

/** The users assigned to the organization's locations `locationIds` (not deleted), by name. */
export async function assignedUserRows({
  tx,
  organizationId,
  locationIds,
}: TxOrg<{ locationIds: string[] }>) {
  return tx
    .select({
      loc: locationAssignments.idLocation,
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
    })
    .from(locationAssignments)
    .innerJoin(users, and(eq(users.id, locationAssignments.idUser), eq(users.organizationId, organizationId)))
    .where(
      and(
        eq(locationAssignments.organizationId, organizationId),
        inArray(locationAssignments.idLocation, locationIds),
        eq(users.isDeleted, false),
      ),
    )
    .orderBy(users.name);
}

/** The groups assigned to the organization's locations `locationIds`, by name. */
export async function assignedGroupRows({
  tx,
  organizationId,
  locationIds,
}: TxOrg<{ locationIds: string[] }>) {
  return tx
    .select({ loc: groupResources.resourceId, id: groups.id, name: groups.name })
    .from(groupResources)
    .innerJoin(groups, and(eq(groups.id, groupResources.groupId), eq(groups.organizationId, organizationId)))
    .where(
      and(
        eq(groupResources.organizationId, organizationId),
        eq(groupResources.resourceType, 'location'),
        inArray(groupResources.resourceId, locationIds),
      ),
    )
    .orderBy(groups.name);
}
