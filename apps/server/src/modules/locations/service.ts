import {
  LOCATION_MESSAGES,
  locationMayRequireImage,
  mayShareLocations,
  type TAssignee,
  type TAssignmentType,
  type TRestrictionType,
  type ZLocationPatchRequest,
  type ZResourceAssignRequest,
} from '@lockerops/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/context';
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
import { BadRequest, Conflict, Forbidden, HttpError, NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { findOr404, lockOr404 } from '../../lib/crud/resource';
import { toWire } from '../../lib/wire';
import type { DeviceRow } from '../devices';

/** A stored location. */
export type LocationRow = typeof locations.$inferSelect;

/** The assignment type that matches a restriction type: users ↔ user, groups ↔ group. */
export const assignmentOf = (r: TRestrictionType): TAssignmentType => (r === 'users' ? 'user' : 'group');

/**
 * Whether the organization may share locations: a super-tenant organization with the Shared
 * Locations flag (spec: operational §4 Location, console §6 "Super-tenant organisations can …
 * share locations"; issue: the Shared checkbox only for super-tenants with the flag).
 */
export async function canShareLocations(tx: Tx, organizationId: string): Promise<boolean> {
  const [org] = await tx
    .select({ super_tenant: organizations.superTenant, shared_locations: organizations.sharedLocations })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return !!org && mayShareLocations(org);
}

/** Whether the organization's locations may require an image: only when it rents (rental mode). */
export async function canRequireImage(tx: Tx, organizationId: string): Promise<boolean> {
  const [org] = await tx
    .select({ rental_mode: organizations.rentalMode })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return !!org && locationMayRequireImage(org);
}

/** Refuses `shared` for an organization that may not share locations (403). */
export async function assertMayShare(tx: Tx, organizationId: string): Promise<void> {
  if (!(await canShareLocations(tx, organizationId))) throw Forbidden(LOCATION_MESSAGES.sharedNotAllowed);
}

/** The organization's default support contact, or 400 when none is set (spec: operational §5 Location). */
export async function defaultContact(
  tx: Tx,
  organizationId: string,
): Promise<{ email: string; phone: string }> {
  const [s] = await tx
    .select({ email: settings.defaultSupportEmail, phone: settings.defaultSupportPhone })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  if (!s?.email || !s.phone) throw BadRequest(LOCATION_MESSAGES.noDefaultContact);
  return { email: s.email, phone: s.phone.replace(/\s+/g, '') };
}

/** How many users and groups are assigned to a location. */
export async function assignmentCounts(
  tx: Tx,
  organizationId: string,
  locationId: string,
): Promise<{ users: number; groups: number }> {
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

/**
 * Refuses switching a location to restriction `next` while assignments of the other kind exist
 * (409 with the spec's warning, operational §4 Location, §8).
 */
export async function assertRestrictionSwitch(
  tx: Tx,
  organizationId: string,
  locationId: string,
  next: TRestrictionType | null,
): Promise<void> {
  if (!next) return;
  const n = await assignmentCounts(tx, organizationId, locationId);
  if (next === 'groups' && n.users > 0) throw Conflict(LOCATION_MESSAGES.switchUsers);
  if (next === 'users' && n.groups > 0) throw Conflict(LOCATION_MESSAGES.switchGroups);
}

/**
 * Assigns users or groups to a location; ids already assigned are left as they are. Every id must
 * be a user (not deleted) or a group of the organization, else 404.
 */
export async function assign(
  tx: Tx,
  auth: AuthContext,
  locationId: string,
  type: TAssignmentType,
  ids: string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const orgId = auth.organizationId;
  if (type === 'user') {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, orgId), inArray(users.id, unique), eq(users.isDeleted, false)));
    if (found.length !== unique.length) throw NotFound(LOCATION_MESSAGES.userNotFound);
    await tx
      .insert(locationAssignments)
      .values(unique.map((idUser) => ({ organizationId: orgId, idLocation: locationId, idUser })))
      .onConflictDoNothing();
  } else {
    const found = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.organizationId, orgId), inArray(groups.id, unique)));
    if (found.length !== unique.length) throw NotFound(LOCATION_MESSAGES.groupNotFound);
    await tx
      .insert(groupResources)
      .values(
        unique.map((groupId) => ({
          organizationId: orgId,
          groupId,
          resourceId: locationId,
          resourceType: 'location' as const,
        })),
      )
      .onConflictDoNothing();
  }
}

/** Removes one user or group from a location; answers whether something was removed. */
export async function unassign(
  tx: Tx,
  auth: AuthContext,
  locationId: string,
  type: TAssignmentType,
  id: string,
): Promise<boolean> {
  const orgId = auth.organizationId;
  if (type === 'user') {
    const gone = await tx
      .delete(locationAssignments)
      .where(
        and(
          eq(locationAssignments.organizationId, orgId),
          eq(locationAssignments.idLocation, locationId),
          eq(locationAssignments.idUser, id),
        ),
      )
      .returning({ id: locationAssignments.id });
    return gone.length > 0;
  }
  const gone = await tx
    .delete(groupResources)
    .where(
      and(
        eq(groupResources.organizationId, orgId),
        eq(groupResources.resourceType, 'location'),
        eq(groupResources.resourceId, locationId),
        eq(groupResources.groupId, id),
      ),
    )
    .returning({ id: groupResources.groupId });
  return gone.length > 0;
}

/** The users assigned to locations, by location id: `{ id, name, email }` (name with last name). */
export async function assignedUsers(
  tx: Tx,
  organizationId: string,
  locationIds: string[],
): Promise<Map<string, TAssignee[]>> {
  const out = new Map<string, TAssignee[]>();
  if (!locationIds.length) return out;
  const rows = await tx
    .select({
      loc: locationAssignments.idLocation,
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
    })
    .from(locationAssignments)
    .innerJoin(users, eq(users.id, locationAssignments.idUser))
    .where(
      and(
        eq(locationAssignments.organizationId, organizationId),
        inArray(locationAssignments.idLocation, locationIds),
        eq(users.isDeleted, false),
      ),
    )
    .orderBy(users.name);
  for (const r of rows) {
    const list = out.get(r.loc) ?? [];
    list.push({ id: r.id, name: [r.name, r.lastName].filter(Boolean).join(' '), email: r.email });
    out.set(r.loc, list);
  }
  return out;
}

/** The groups assigned to locations, by location id: `{ id, name }`. */
export async function assignedGroups(
  tx: Tx,
  organizationId: string,
  locationIds: string[],
): Promise<Map<string, TAssignee[]>> {
  const out = new Map<string, TAssignee[]>();
  if (!locationIds.length) return out;
  const rows = await tx
    .select({ loc: groupResources.resourceId, id: groups.id, name: groups.name })
    .from(groupResources)
    .innerJoin(groups, eq(groups.id, groupResources.groupId))
    .where(
      and(
        eq(groupResources.organizationId, organizationId),
        eq(groupResources.resourceType, 'location'),
        inArray(groupResources.resourceId, locationIds),
      ),
    )
    .orderBy(groups.name);
  for (const r of rows) {
    const list = out.get(r.loc) ?? [];
    list.push({ id: r.id, name: r.name, email: null });
    out.set(r.loc, list);
  }
  return out;
}

/**
 * The restriction of each location as the wire shows it: `{ restriction_type, items }`, items
 * being the assigned users or groups of the location's type (none when unrestricted).
 */
export async function restrictionsOf(
  tx: Tx,
  organizationId: string,
  locs: Array<{ id: string; restrictionType: string | null }>,
): Promise<Map<string, { restriction_type: TRestrictionType | null; items: TAssignee[] }>> {
  const byUsers = locs.filter((l) => l.restrictionType === 'users').map((l) => l.id);
  const byGroups = locs.filter((l) => l.restrictionType === 'groups').map((l) => l.id);
  const [u, g] = [
    await assignedUsers(tx, organizationId, byUsers),
    await assignedGroups(tx, organizationId, byGroups),
  ];
  const out = new Map<string, { restriction_type: TRestrictionType | null; items: TAssignee[] }>();
  for (const l of locs) {
    const type = (l.restrictionType as TRestrictionType | null) ?? null;
    out.set(l.id, {
      restriction_type: type,
      items: type === 'users' ? (u.get(l.id) ?? []) : type === 'groups' ? (g.get(l.id) ?? []) : [],
    });
  }
  return out;
}

/**
 * The toggles of a location's list row (`PATCH location/{id}`): hidden, shared and require_image,
 * each only when sent, with an audit entry `update`; answers the updated row. Shared only for an
 * organization that may share locations (403); require_image stored false unless the organization
 * rents. 404 for a location of another organization. spec: operational §2 Locations (hide/live),
 * §4 Location.
 */
export async function toggleLocation(
  tx: Tx,
  auth: AuthContext,
  id: string,
  b: z.output<typeof ZLocationPatchRequest>,
): Promise<LocationRow> {
  const existing = (await lockOr404(tx, locations, auth, id)) as unknown as LocationRow;
  if (b.shared && !existing.shared) await assertMayShare(tx, auth.organizationId);
  const [row] = await tx
    .update(locations)
    .set({
      ...(b.hidden !== undefined ? { hidden: b.hidden } : {}),
      ...(b.shared !== undefined ? { shared: b.shared } : {}),
      ...(b.require_image !== undefined
        ? { requireImage: b.require_image && (await canRequireImage(tx, auth.organizationId)) }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(locations.id, existing.id), eq(locations.organizationId, auth.organizationId)))
    .returning();
  await writeAudit(tx, auth, {
    entity: 'location',
    entityId: existing.id,
    action: 'update',
    before: toWire(locations, existing as never),
    after: toWire(locations, row as never),
  });
  return row!;
}

/**
 * The devices "Unlock All" opens (`PATCH location/{id}/unlock`): every available device of the
 * location, locked for update in id order, with an audit entry `unlock` on the location when
 * there is any. 404 "Location not found" for a location of another organization. spec:
 * operational §7 Locations, §4 Device status.
 */
export async function pickUnlockAll(tx: Tx, auth: AuthContext, id: string): Promise<DeviceRow[]> {
  await findOr404(tx, locations, auth, id, LOCATION_MESSAGES.notFound);
  const rows = (await tx
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.organizationId, auth.organizationId),
        eq(devices.idLocation, id),
        eq(devices.status, 'available'),
      ),
    )
    .orderBy(asc(devices.id))
    .for('update')) as DeviceRow[];
  if (rows.length)
    await writeAudit(tx, auth, {
      entity: 'location',
      entityId: id,
      action: 'unlock',
      changes: {},
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
export async function assignToLocation(
  tx: Tx,
  auth: AuthContext,
  id: string,
  b: z.output<typeof ZResourceAssignRequest>,
): Promise<void> {
  const loc = (await lockOr404(tx, locations, auth, id)) as unknown as LocationRow;
  const restriction = loc.restrictionType as 'users' | 'groups' | null;
  if (!restriction) throw BadRequest(LOCATION_MESSAGES.restrictionTypeRequired);
  const type = b.resource_type ?? assignmentOf(restriction);
  if (type !== assignmentOf(restriction))
    throw new HttpError(
      409,
      restriction === 'users' ? LOCATION_MESSAGES.switchUsers : LOCATION_MESSAGES.switchGroups,
    );
  await assign(tx, auth, loc.id, type, [b.id_user]);
  await writeAudit(tx, auth, {
    entity: 'location',
    entityId: loc.id,
    action: `assign_${type}`,
    changes: { [type]: { before: null, after: b.id_user } },
  });
}

/**
 * Removes a user, or a group with `resource_type` group (default: the location's restriction
 * type, else user), from a location, with an audit entry `remove_<type>`. 404 for a location of
 * another organization, and the user's or group's "not found" text when it was not assigned.
 * spec: operational §7 Locations.
 */
export async function removeFromLocation(
  tx: Tx,
  auth: AuthContext,
  id: string,
  b: z.output<typeof ZResourceAssignRequest>,
): Promise<void> {
  const loc = (await lockOr404(tx, locations, auth, id)) as unknown as LocationRow;
  const restriction = loc.restrictionType as 'users' | 'groups' | null;
  const type = b.resource_type ?? (restriction ? assignmentOf(restriction) : 'user');
  if (!(await unassign(tx, auth, loc.id, type, b.id_user)))
    throw NotFound(type === 'user' ? LOCATION_MESSAGES.userNotFound : LOCATION_MESSAGES.groupNotFound);
  await writeAudit(tx, auth, {
    entity: 'location',
    entityId: loc.id,
    action: `remove_${type}`,
    changes: { [type]: { before: b.id_user, after: null } },
  });
}
