import {
  LOCATION_MESSAGES,
  mayShareLocations,
  type TAssignee,
  type TRestrictionType,
} from '@lockerops/contract';
import type { TxOrg } from '../../auth/context';
import { Forbidden } from '../../errors';
import { assignedGroupRows, assignedUserRows, sharingFlags } from './queries';

/**
 * What the locations and devices areas both need to know about a location's access: whether the
 * organization may share locations (a device's `shared` follows its location's rule), and who a
 * restricted location is for (both lists show it). Its statements are in `queries.ts`: they take
 * `{ tx, organizationId }` and name the organization in every `where`.
 */

/**
 * Whether the organization may share locations: a super-tenant organization with the Shared
 * Locations flag (spec: operational §4 Location, console §6 "Super-tenant organisations can …
 * share locations"; issue: the Shared checkbox only for super-tenants with the flag).
 */
export async function canShareLocations({ tx, organizationId }: TxOrg): Promise<boolean> {
  const org = await sharingFlags({ tx, organizationId });
  return !!org && mayShareLocations(org);
}

/** Refuses `shared` for an organization that may not share locations (403). */
export async function assertMayShare({ tx, organizationId }: TxOrg): Promise<void> {
  if (!(await canShareLocations({ tx, organizationId }))) throw Forbidden(LOCATION_MESSAGES.sharedNotAllowed);
}

/** The users assigned to the organization's locations, by location id: `{ id, name, email }`, by name. */
export async function assignedUsers({
  tx,
  organizationId,
  locationIds,
}: TxOrg<{ locationIds: string[] }>): Promise<Map<string, TAssignee[]>> {
  const out = new Map<string, TAssignee[]>();
  if (!locationIds.length) return out;
  const rows = await assignedUserRows({ tx, organizationId, locationIds });
  for (const r of rows) {
    const list = out.get(r.loc) ?? [];
    list.push({ id: r.id, name: [r.name, r.lastName].filter(Boolean).join(' '), email: r.email });
    out.set(r.loc, list);
  }
  return out;
}

/** The groups assigned to the organization's locations, by location id: `{ id, name }`, by name. */
export async function assignedGroups({
  tx,
  organizationId,
  locationIds,
}: TxOrg<{ locationIds: string[] }>): Promise<Map<string, TAssignee[]>> {
  const out = new Map<string, TAssignee[]>();
  if (!locationIds.length) return out;
  const rows = await assignedGroupRows({ tx, organizationId, locationIds });
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
export async function restrictionsOf({
  tx,
  organizationId,
  locs,
}: TxOrg<{ locs: Array<{ id: string; restrictionType: string | null }> }>): Promise<
  Map<string, { restriction_type: TRestrictionType | null; items: TAssignee[] }>
> {
  const byUsers = locs.filter((l) => l.restrictionType === 'users').map((l) => l.id);
  const byGroups = locs.filter((l) => l.restrictionType === 'groups').map((l) => l.id);
  const [u, g] = [
    await assignedUsers({ tx, organizationId, locationIds: byUsers }),
    await assignedGroups({ tx, organizationId, locationIds: byGroups }),
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
