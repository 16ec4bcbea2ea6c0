import {
  type Endpoint,
  EVERYONE,
  rolesOf,
  type TFeatureFlag,
  type TRole,
  type TRoleSet,
} from '@lockerops/contract';
import { type AreaRegistration, SECTION_RULES, SIDEBAR_SECTIONS, type TSidebarSection } from './areaTypes';

export type TFeatureFlags = Partial<Record<TFeatureFlag, boolean>>;

/** Whether a role belongs to one of the contract's role sets (`ADMINS`, `STAFF`, `EVERYONE`). */
export function inRoles(role: TRole, set: TRoleSet): boolean {
  return set.includes(role);
}

/**
 * Whether a role may make a call: the endpoint's declared roles (`rolesOf`), the same list the server
 * enforces. A button whose call would answer 403 for the signed-in role is not drawn.
 */
export function mayCall(role: TRole, endpoint: Pick<Endpoint, 'method' | 'roles'>): boolean {
  return rolesOf(endpoint).includes(role);
}

/** The feature page an area needs (its own, or its section's), if any. */
export function requiredFeature(area: AreaRegistration): TFeatureFlag | undefined {
  return area.feature ?? (area.section ? SECTION_RULES[area.section].feature : undefined);
}

/**
 * Whether a role in an organization with these feature pages may open an area (spec console §2, §6).
 * `flags` undefined means the organization is unknown: feature-gated areas are then closed.
 */
export function canAccess(area: AreaRegistration, role: TRole, flags: TFeatureFlags | undefined): boolean {
  const roles = area.roles ?? (area.section ? SECTION_RULES[area.section].roles : undefined) ?? EVERYONE;
  if (!inRoles(role, roles)) return false;
  const feature = requiredFeature(area);
  return !feature || !!flags?.[feature];
}

export interface SidebarGroup {
  section: TSidebarSection;
  label: string;
  items: AreaRegistration[];
}

/** The sidebar: sections in order, each with the areas the role and the organization allow; empty ones left out. */
export function sidebarGroups(
  areas: readonly AreaRegistration[],
  role: TRole,
  flags: TFeatureFlags | undefined,
): SidebarGroup[] {
  return SIDEBAR_SECTIONS.map((section) => ({
    section,
    label: SECTION_RULES[section].label,
    items: areas.filter((a) => a.section === section && canAccess(a, role, flags)),
  })).filter((g) => g.items.length > 0);
}
