import {
  LOCATION_MESSAGES,
  locationMayRequireImage,
  type TAssignmentType,
  type TRestrictionType,
  type ZLocationPatchRequest,
  type ZResourceAssignRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import type { TxAuth, TxOrg } from '../../auth/context';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { existsIn } from '../../lib/crud/exists';
import { assertMayShare } from '../../lib/location-access';
import { deleteGroupAssignment, insertGroupAssignments } from '../groups';
import {
  assignmentCountsOf,
  countActiveUsers,
  countGroups,
  deleteUserAssignment,
  insertUserAssignments,
  type LocationRow,
  locationAuditImage,
  locationFlagsOf,
  lockAvailableDevices,
  lockLocation,
  supportContactOf,
  updateLocationRow,
} from './queries';

export type { LocationRow } from './queries';

/** The assignment type that matches a restriction type: users ↔ user, groups ↔ group. */
export const assignmentOf = (r: TRestrictionType): TAssignmentType => (r === 'users' ? 'user' : 'group');

/** Whether the organization's locations may require an image: only when it rents (rental mode). */
export async function canRequireImage({ tx, organizationId }: TxOrg): Promise<boolean> {
  const org = await locationFlagsOf({ tx, organizationId });
  return !!org && locationMayRequireImage(org);
}

/** The organization's default support contact, or 400 when none is set (spec: operational §5 Location). */
export async function defaultContact({
  tx,
  organizationId,
}: TxOrg): Promise<{ email: string; phone: string }> {
  const s = await supportContactOf({ tx, organizationId });
  if (!s?.email || !s.phone) throw BadRequest(LOCATION_MESSAGES.noDefaultContact);
  return { email: s.email, phone: s.phone.replace(/\s+/g, '') };
}

/** How many users and groups are assigned to a location. */
export async function assignmentCounts({
  tx,
  organizationId,
  locationId,
}: TxOrg<{ locationId: string }>): Promise<{ users: number; groups: number }> {
  return assignmentCountsOf({ tx, organizationId, locationId });
}

/**
 * Refuses switching a location to restriction `next` while assignments of the other kind exist
 * (409 with the spec's warning, operational §4 Location, §8).
 */
export async function assertRestrictionSwitch({
  tx,
  organizationId,
  locationId,
  next,
}: TxOrg<{ locationId: string; next: TRestrictionType | null }>): Promise<void> {
  if (!next) return;
  const n = await assignmentCounts({ tx, organizationId, locationId });
  if (next === 'groups' && n.users > 0) throw Conflict(LOCATION_MESSAGES.switchUsers);
  if (next === 'users' && n.groups > 0) throw Conflict(LOCATION_MESSAGES.switchGroups);
}

/**
 * Assigns users or groups to a location; ids already assigned are left as they are. Every id must
 * be a user (not deleted) or a group of the organization, else 404.
 */
export async function assign({
  tx,
  auth,
  locationId,
  type,
  ids,
}: TxAuth<{ locationId: string; type: TAssignmentType; ids: string[] }>): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  if (type === 'user') {
    if ((await countActiveUsers({ tx, auth, ids: unique })) !== unique.length)
      throw NotFound(LOCATION_MESSAGES.userNotFound);
    await insertUserAssignments({ tx, auth, locationId, userIds: unique });
  } else {
    if ((await countGroups({ tx, auth, ids: unique })) !== unique.length)
      throw NotFound(LOCATION_MESSAGES.groupNotFound);
    await insertGroupAssignments({ tx, auth, locationId, groupIds: unique });
  }
}

/** Removes one user or group from a location; answers whether something was removed. */
export async function unassign({
  tx,
  auth,
  locationId,
  type,
  id,
}: TxAuth<{ locationId: string; type: TAssignmentType; id: string }>): Promise<boolean> {
  return type === 'user'
    ? deleteUserAssignment({ tx, auth, locationId, userId: id })
    : deleteGroupAssignment({ tx, auth, locationId, groupId: id });
}

/**
 * The toggles of a location's list row (`PATCH location/{id}`): hidden, shared and require_image,
 * each only when sent, with an audit entry `update`; answers the updated row. Shared only for an
 * organization that may share locations (403); require_image stored false unless the organization
 * rents. 404 for a location of another organization. spec: operational §2 Locations (hide/live),
 * §4 Location.
 */
export async function toggleLocation({
  tx,
  auth,
  id,
  b,
}: TxAuth<{ id: string; b: z.output<typeof ZLocationPatchRequest> }>): Promise<LocationRow> {
  const existing = await lockLocation({ tx, auth, id });
  if (b.shared && !existing.shared) await assertMayShare({ tx, organizationId: auth.organizationId });
  const row = await updateLocationRow({
    tx,
    auth,
    id: existing.id,
    set: {
      ...(b.hidden !== undefined ? { hidden: b.hidden } : {}),
      ...(b.shared !== undefined ? { shared: b.shared } : {}),
      ...(b.require_image !== undefined
        ? {
            requireImage:
              b.require_image && (await canRequireImage({ tx, organizationId: auth.organizationId })),
          }
        : {}),
      updatedAt: new Date(),
    },
  });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'location',
      entityId: existing.id,
      action: 'update',
      before: locationAuditImage(existing),
      after: locationAuditImage(row),
    },
  });
  return row;
}

/**
 * The devices "Unlock All" opens (`PATCH location/{id}/unlock`): every available device of the
 * location, locked for update in id order, with an audit entry `unlock` on the location when
 * there is any. 404 "Location not found" for a location of another organization. spec:
 * operational §7 Locations, §4 Device status.
 */
export async function pickUnlockAll({ tx, auth, id }: TxAuth<{ id: string }>) {
  if (!(await existsIn({ tx, organizationId: auth.organizationId, table: 'locations', id })))
    throw NotFound(LOCATION_MESSAGES.notFound);
  const rows = await lockAvailableDevices({ tx, auth, locationId: id });
  if (rows.length)
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: 'location',
        entityId: id,
        action: 'unlock',
        changes: {},
      },
    });
  return rows;
}

/**
 * Assigns a user, or a group with `resource_type` group (default: the location's restriction
 * type), to a restricted location, with an audit entry `assign_<type>`. 400 "Please select a
 * restriction type." for an unrestricted location; 409 with the switching warning when the kind
 * does not match the restriction type; 404 for a user, group or location of another organization.
 * spec: operational §7 Locations.
 */
export async function assignToLocation({
  tx,
  auth,
  id,
  b,
}: TxAuth<{ id: string; b: z.output<typeof ZResourceAssignRequest> }>): Promise<void> {
  const loc = await lockLocation({ tx, auth, id });
  const restriction = loc.restrictionType as 'users' | 'groups' | null;
  if (!restriction) throw BadRequest(LOCATION_MESSAGES.restrictionTypeRequired);
  const type = b.resource_type ?? assignmentOf(restriction);
  if (type !== assignmentOf(restriction))
    throw new HttpError(
      409,
      restriction === 'users' ? LOCATION_MESSAGES.switchUsers : LOCATION_MESSAGES.switchGroups,
    );
  await assign({ tx, auth, locationId: loc.id, type, ids: [b.id_user] });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'location',
      entityId: loc.id,
      action: `assign_${type}`,
      changes: { [type]: { before: null, after: b.id_user } },
    },
  });
}

/**
 * Removes a user, or a group with `resource_type` group (default: the location's restriction
 * type, else user), from a location, with an audit entry `remove_<type>`. 404 for a location of
 * another organization, and the user's or group's "not found" text when it was not assigned.
 * spec: operational §7 Locations.
 */
export async function removeFromLocation({
  tx,
  auth,
  id,
  b,
}: TxAuth<{ id: string; b: z.output<typeof ZResourceAssignRequest> }>): Promise<void> {
  const loc = await lockLocation({ tx, auth, id });
  const restriction = loc.restrictionType as 'users' | 'groups' | null;
  const type = b.resource_type ?? (restriction ? assignmentOf(restriction) : 'user');
  if (!(await unassign({ tx, auth, locationId: loc.id, type, id: b.id_user })))
    throw NotFound(type === 'user' ? LOCATION_MESSAGES.userNotFound : LOCATION_MESSAGES.groupNotFound);
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'location',
      entityId: loc.id,
      action: `remove_${type}`,
      changes: { [type]: { before: b.id_user, after: null } },
    },
  });
}
