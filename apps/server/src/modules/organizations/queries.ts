import type { TLanguage, TOrganizationStatus } from '@lockerops/contract';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { insertOwner } from '../../auth/queries/team';
import type { Db, DbOrTx } from '../../db/client';
import { organizations, settings } from '../../db/schema';
import { likePattern, pageOffset } from '../../lib/crud/paging';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationInsert = typeof organizations.$inferInsert;

/** An organization `organizationId` may manage: itself or one of its direct sub-organizations. */
const manageable = (organizationId: string) =>
  or(eq(organizations.id, organizationId), eq(organizations.parentId, organizationId));

/** One page of the organizations `organizationId` manages, itself first, then newest first. */
export async function listManaged({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  status: TOrganizationStatus;
  search?: string;
  page: number;
  size: number;
}): Promise<{ rows: OrganizationRow[]; total: number }> {
  const parts: (SQL | undefined)[] = [manageable(p.organizationId)];
  if (p.status === 'active') parts.push(eq(organizations.active, true));
  if (p.status === 'archived') parts.push(eq(organizations.active, false));
  const s = p.search?.trim();
  if (s) {
    const pattern = likePattern(s);
    parts.push(
      or(
        ilike(organizations.name, pattern),
        ilike(organizations.appName, pattern),
        ilike(organizations.subdomain, pattern),
        ilike(organizations.ownerEmail, pattern),
      ),
    );
  }
  const where = and(...parts);
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(organizations).where(where);
  const rows = await tx
    .select()
    .from(organizations)
    .where(where)
    .orderBy(
      desc(sql`${organizations.id} = ${p.organizationId}`),
      desc(organizations.createdAt),
      asc(organizations.name),
    )
    .limit(p.size)
    .offset(pageOffset(p.page, p.size));
  return { rows, total: Number(total) };
}

/**
 * Direct sub-organizations of `parentIds`. Runs on the owner's handle because row-level security
 * shows a request only one level below its organization; callers pass only ids they were allowed
 * to see, so the query stays scoped.
 */
export async function childrenOf(owner: Db, parentIds: string[]): Promise<OrganizationRow[]> {
  if (!parentIds.length) return [];
  return owner
    .select()
    .from(organizations)
    .where(inArray(organizations.parentId, parentIds))
    .orderBy(asc(organizations.name));
}

/** An organization `organizationId` may manage, by id; undefined otherwise. */
export async function findManaged({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
}): Promise<OrganizationRow | undefined> {
  const [row] = await tx
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, p.id), manageable(p.organizationId)));
  return row;
}

/**
 * Whether the name (case-insensitive) or its sub-domain is taken by any organization, `exceptId`
 * aside. Names are unique across the whole service (spec console §5), so this looks past the
 * tenant: it runs on the owner's handle and answers only a boolean.
 */
export async function nameTaken(owner: Db, name: string, subdomain: string, exceptId?: string) {
  const rows = await owner
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        or(sql`lower(${organizations.name}) = lower(${name})`, eq(organizations.subdomain, subdomain)),
        exceptId ? ne(organizations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Inserts a sub-organization of `organizationId` (row-level security checks the parent). */
export async function insertOrganization({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  values: Omit<OrganizationInsert, 'parentId'>;
}): Promise<OrganizationRow> {
  const [row] = await tx
    .insert(organizations)
    .values({ ...p.values, parentId: p.organizationId })
    .returning();
  return row!;
}

/** Updates an organization `organizationId` may manage; undefined when it may not. */
export async function updateManaged({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
  values: Partial<OrganizationInsert>;
}): Promise<OrganizationRow | undefined> {
  const [row] = await tx
    .update(organizations)
    .set({ ...p.values, updatedAt: new Date() })
    .where(and(eq(organizations.id, p.id), manageable(p.organizationId)))
    .returning();
  return row;
}

/** Default settings and the owner account of a new organization; `tx` acts for that organization. */
export async function insertOwnerAndSettings({
  tx,
  ...p
}: {
  tx: DbOrTx;
  organizationId: string;
  owner: { email: string; firstName: string; lastName: string | null; passwordHash: string };
  /** IANA zone of the organization (UTC when not given) */
  timeZone?: string;
  /** the language of its mail and SMS to people with none of their own (English when not given) */
  defaultLanguage?: TLanguage;
}): Promise<void> {
  await tx.insert(settings).values({
    organizationId: p.organizationId,
    timeZone: p.timeZone ?? 'UTC',
    defaultLanguage: p.defaultLanguage ?? 'en',
  });
  await insertOwner({ tx, organizationId: p.organizationId, owner: p.owner });
}

/** The organization `organizationId` as `tx` sees it (a tenant transaction sees only its own). */
export async function organizationById({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  return row;
}

/** The direct sub-organizations of `organizationId`. */
export async function subOrganizationsOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<OrganizationRow[]> {
  return tx.select().from(organizations).where(eq(organizations.parentId, organizationId));
}
