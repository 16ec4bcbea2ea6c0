/**
 * The organizations as authentication finds them (spec: console §4 Login, §6 super-tenants): the
 * organization an unauthenticated call names, and the sub-organization a super-tenant acts for
 * (`target_org`). Read on the owner's handle, before a tenant transaction is open.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, settings } from '../../db/schema';

/** An organization's row. */
export type OrganizationRow = typeof organizations.$inferSelect;

/** The organization whose subdomain is `label`, or whose name is `label` in lower case; else undefined. */
export async function organizationByLabel({
  db,
  label,
}: {
  db: Db;
  label: string;
}): Promise<OrganizationRow | undefined> {
  const [org] = await db
    .select()
    .from(organizations)
    .where(sql`${organizations.subdomain} = ${label} or lower(${organizations.name}) = ${label}`)
    .limit(1);
  return org;
}

/**
 * The id of the sub-organization `id` of `homeOrganizationId` when the home organization is a
 * super-tenant; else undefined.
 */
export async function managedSubOrganization({
  db,
  homeOrganizationId,
  id,
}: {
  db: Db;
  homeOrganizationId: string;
  id: string;
}): Promise<string | undefined> {
  const [home] = await db
    .select({ superTenant: organizations.superTenant })
    .from(organizations)
    .where(eq(organizations.id, homeOrganizationId));
  const [sub] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.parentId, homeOrganizationId)));
  return home?.superTenant && sub ? sub.id : undefined;
}

/**
 * The organization's default language (settings), for the mail of a member who chose none;
 * undefined for an unknown organization (the statement still runs: the same round trips either way).
 */
export async function organizationDefaultLanguage({
  db,
  organizationId,
}: {
  db: Db;
  organizationId: string;
}): Promise<string | undefined> {
  const [row] = await db
    .select({ language: settings.defaultLanguage })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  return row?.language;
}
