import {
  LOCATION_MESSAGES,
  locationMayRequireImage,
  mayShareLocations,
  type TAssignee,
  type TAssignmentType,
  type TRestrictionType,
} from '@lockerops/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { groupResources, groups, locationAssignments, organizations, settings, users } from '../../db/schema';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';

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
