import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { contactVerifications, members, organizations, settings, tableFilters } from '../../db/schema';

export type SettingsRow = typeof settings.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/** The organization's settings row, or undefined (it then has the defaults). */
export async function settingsRowOf({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(settings).where(eq(settings.organizationId, organizationId));
  return row;
}

/** The organization row `id` as `tx` sees it, or undefined. */
export async function organizationRow({
  tx,
  id,
}: {
  tx: DbOrTx;
  id: string;
}): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

/** Whether `email` has been verified as the organization's notification contact. */
export async function contactVerified({
  tx,
  organizationId,
  email,
}: {
  tx: DbOrTx;
  organizationId: string;
  email: string;
}): Promise<boolean> {
  const rows = await tx
    .select({ id: contactVerifications.id })
    .from(contactVerifications)
    .where(
      and(
        eq(contactVerifications.organizationId, organizationId),
        sql`lower(${contactVerifications.email}) = lower(${email})`,
        isNotNull(contactVerifications.verifiedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A subject's stored view of one table page, or undefined. */
export async function tableFiltersOf({
  tx,
  organizationId,
  subjectId,
  page,
}: {
  tx: DbOrTx;
  organizationId: string;
  subjectId: string;
  page: string;
}) {
  const [row] = await tx
    .select()
    .from(tableFilters)
    .where(
      and(
        eq(tableFilters.organizationId, organizationId),
        eq(tableFilters.subjectId, subjectId),
        eq(tableFilters.page, page),
      ),
    );
  return row;
}

/** Stores a subject's view of one table page (fields not given are kept); answers the row after. */
export async function upsertTableFilters({
  tx,
  organizationId,
  subjectId,
  page,
  columns,
  filters,
}: {
  tx: DbOrTx;
  organizationId: string;
  subjectId: string;
  page: string;
  columns?: (typeof tableFilters.$inferInsert)['columns'];
  filters?: (typeof tableFilters.$inferInsert)['filters'];
}) {
  const set: Partial<typeof tableFilters.$inferInsert> = { updatedAt: new Date() };
  if (columns !== undefined) set.columns = columns;
  if (filters !== undefined) set.filters = filters;
  const [row] = await tx
    .insert(tableFilters)
    .values({ organizationId, subjectId, page, columns: columns ?? null, filters: filters ?? {} })
    .onConflictDoUpdate({
      target: [tableFilters.organizationId, tableFilters.subjectId, tableFilters.page],
      set,
    })
    .returning();
  return row!;
}

/** Records a pending verification of `email` for the organization. */
export async function insertContactVerification({
  tx,
  organizationId,
  email,
  tokenHash,
  expiresAt,
}: {
  tx: DbOrTx;
  organizationId: string;
  email: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<void> {
  await tx.insert(contactVerifications).values({ organizationId, email, tokenHash, expiresAt });
}

/**
 * How many verification links the organization had mailed in the last hour, counted under a
 * per-organization advisory lock held to the end of the transaction (concurrent calls, any
 * process, cannot pass the limit together).
 */
export async function recentContactVerifications({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<number> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`contact-verify:${organizationId}`}, 0))`,
  );
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contactVerifications)
    .where(
      and(
        eq(contactVerifications.organizationId, organizationId),
        sql`${contactVerifications.createdAt} > now() - interval '1 hour'`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The pending, unexpired verification with this token hash. Runs on the owner's handle: no
 * organization is known before the token is looked up, so the hash is the whole filter.
 */
export async function pendingVerificationByHash({ db, tokenHash }: { db: Db; tokenHash: string }) {
  // tenant: every organization — the e-mailed token's hash is all the caller brings
  const [entry] = await db
    .select()
    .from(contactVerifications)
    .where(
      and(
        eq(contactVerifications.tokenHash, tokenHash),
        isNull(contactVerifications.verifiedAt),
        gt(contactVerifications.expiresAt, new Date()),
      ),
    );
  return entry;
}

/** Marks the organization's verification `id` done; false when it already was. */
export async function markContactVerified({
  tx,
  organizationId,
  id,
}: {
  tx: DbOrTx;
  organizationId: string;
  id: string;
}): Promise<boolean> {
  const [done] = await tx
    .update(contactVerifications)
    .set({ verifiedAt: new Date() })
    .where(
      and(
        eq(contactVerifications.id, id),
        eq(contactVerifications.organizationId, organizationId),
        isNull(contactVerifications.verifiedAt),
      ),
    )
    .returning({ id: contactVerifications.id });
  return !!done;
}

/**
 * The saved language of the organization's team member with the e-mail `email` (case-insensitive);
 * null when no member has it or the member chose none.
 */
export async function contactMemberLanguage({
  tx,
  organizationId,
  email,
}: {
  tx: DbOrTx;
  organizationId: string;
  email: string;
}): Promise<string | null> {
  const [row] = await tx
    .select({ language: members.language })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), sql`lower(${members.email}) = lower(${email})`));
  return row?.language ?? null;
}
