import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AuthContext, TxAuth } from '../../auth/context';
import type { Tx } from '../../db/client';
import {
  devices,
  groupResources,
  groups,
  locationAssignments,
  locations,
  organizations,
  settings,
  users,
} from '../../db/schema';
import { lockOr404 } from '../../lib/crud/resource';
import { toWire, wireColumns } from '../../lib/wire';

/** A stored location. */
export type LocationRow = typeof locations.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

/** A location row with wire names (its audit image). */
export const locationAuditImage = (row: LocationRow) => toWire(locations, row as never);

/** The flags of the organization that decide what its locations may do. */
export async function locationFlagsOf({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const [org] = await tx
    .select(wireColumns(organizations, ['super_tenant', 'shared_locations', 'rental_mode']))
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}

/** The organization's default support e-mail and phone, or undefined. */
export async function supportContactOf({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const [s] = await tx
    .select({ email: settings.defaultSupportEmail, phone: settings.defaultSupportPhone })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  return s;
}

/** How many users and groups are assigned to the organization's location. */
export async function assignmentCountsOf({
  tx,
  organizationId,
  locationId,
}: {
  tx: Tx;
  organizationId: string;
  locationId: string;
}): Promise<{ users: number; groups: number }> {
  const [u] = await tx
    .select({ n: count() })
    .from(locationAssignments)
    .where(
      and(
        eq(locationAssignments.organizationId, organizationId),
        eq(locationAssignments.idLocation, locationId),
      ),
    );
  const [g] = await tx
    .select({ n: count() })
    .from(groupResources)
    .where(
      and(
        eq(groupResources.organizationId, organizationId),
        eq(groupResources.resourceType, 'location'),
        eq(groupResources.resourceId, locationId),
      ),
    );
  return { users: u?.n ?? 0, groups: g?.n ?? 0 };
}

/** How many of `ids` are non-deleted users of the organization. */
export async function countActiveUsers({ tx, auth, ids }: { tx: Tx; auth: AuthContext; ids: string[] }) {
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organizationId, auth.organizationId), inArray(users.id, ids), eq(users.isDeleted, false)),
    );
  return found.length;
}

/** How many of `ids` are groups of the organization. */
export async function countGroups({ tx, auth, ids }: { tx: Tx; auth: AuthContext; ids: string[] }) {
  const found = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organizationId, auth.organizationId), inArray(groups.id, ids)));
  return found.length;
}

/** Assigns users to the organization's location (those already assigned stay). */
export async function insertUserAssignments({
  tx,
  auth,
  locationId,
  userIds,
}: TxAuth<{ locationId: string; userIds: string[] }>): Promise<void> {
  await tx
    .insert(locationAssignments)
    .values(
      userIds.map((idUser) => ({ organizationId: auth.organizationId, idLocation: locationId, idUser })),
    )
    .onConflictDoNothing();
}

/** Removes a user from the organization's location; answers whether it was assigned. */
export async function deleteUserAssignment({
  tx,
  auth,
  locationId,
  userId,
}: TxAuth<{ locationId: string; userId: string }>): Promise<boolean> {
  const gone = await tx
    .delete(locationAssignments)
    .where(
      and(
        eq(locationAssignments.organizationId, auth.organizationId),
        eq(locationAssignments.idLocation, locationId),
        eq(locationAssignments.idUser, userId),
      ),
    )
    .returning({ id: locationAssignments.id });
  return gone.length > 0;
}

/** The organization's location `id`, locked for update; 404 otherwise. */
export async function lockLocation({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  return (await lockOr404({ tx, table: locations, auth, id })) as unknown as LocationRow;
}

/** Sets columns of the organization's location `id`; answers the row after. */
export async function updateLocationRow({
  tx,
  auth,
  id,
  set,
}: TxAuth<{
  id: string;
  set: Partial<Omit<typeof locations.$inferInsert, 'id' | 'organizationId'>>;
}>): Promise<LocationRow> {
  const [row] = await tx
    .update(locations)
    .set(set)
    .where(and(eq(locations.id, id), eq(locations.organizationId, auth.organizationId)))
    .returning();
  return row!;
}

/** The available devices of the organization's location, locked for update in id order. */
export function lockAvailableDevices({ tx, auth, locationId }: TxAuth<{ locationId: string }>) {
  return tx
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.organizationId, auth.organizationId),
        eq(devices.idLocation, locationId),
        eq(devices.status, 'available'),
      ),
    )
    .orderBy(asc(devices.id))
    .for('update') as Promise<DeviceRow[]>;
}
