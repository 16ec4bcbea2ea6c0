import { ORGANIZATION_FLAGS, type TOrganization, type TOrganizationPublic } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { members, organizations } from '../../db/schema';
import { NotFound } from '../../errors';
import { toWire } from '../../lib/rows';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Public branding of an organization (spec: console §7 `GET organization`). */
export function toPublic(org: OrganizationRow): TOrganizationPublic {
  return {
    name: org.name,
    app_name: org.appName,
    app_logo: org.appLogo,
    primary_color: org.primaryColor,
    secondary_color: org.secondaryColor,
    stripe_enabled: Boolean(org.stripeAccountId && org.stripeDetailsSubmitted),
  };
}

/** The organization entity of spec console §3, without `sub_orgs`. */
export function toOrganizationBase(org: OrganizationRow): Omit<TOrganization, 'sub_orgs'> {
  const wire = toWire(organizations, org);
  const flags = Object.fromEntries(ORGANIZATION_FLAGS.map((f) => [f, Boolean(wire[f])]));
  return {
    id: org.id,
    name: org.name,
    subdomain: org.subdomain,
    active: org.active,
    created_at: org.createdAt.toISOString(),
    parent_id: org.parentId,
    owner: org.ownerEmail,
    user_pool: `us-east-1_${org.id.slice(0, 8)}`,
    client_id: org.id.replace(/-/g, '').slice(0, 26),
    white_label: {
      app_name: org.appName,
      primary_color: org.primaryColor,
      secondary_color: org.secondaryColor,
      organization_owner: org.ownerEmail,
      app_logo: org.appLogo,
      oem_logo: org.oemLogo,
    },
    ...(flags as Record<(typeof ORGANIZATION_FLAGS)[number], boolean>),
  };
}

/** `GET organizations/self`: the caller's organization with its sub-organizations. */
export async function getSelf(tx: DbOrTx, organizationId: string): Promise<TOrganization> {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw NotFound('Organization not found');
  const subs = await tx.select().from(organizations).where(eq(organizations.parentId, organizationId));
  return { ...toOrganizationBase(org), sub_orgs: subs.map(toOrganizationBase) };
}

/** Whether an organization has any team member yet (its owner). */
export async function hasMembers(tx: DbOrTx, organizationId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.organizationId, organizationId))
    .limit(1);
  return rows.length > 0;
}
