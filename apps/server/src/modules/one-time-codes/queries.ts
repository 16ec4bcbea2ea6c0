import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { codeTries, organizations, settings, widgetVerifications } from '../../db/schema';

/*
 * One-time codes (README "One-time codes"): one row per code sent, its HMAC only, with the wrong
 * tries of each client address beside it. Every query names the organization.
 */

export type CodeRow = typeof widgetVerifications.$inferSelect;

/** The purpose of the row that marks "the operator was told the hourly cap was reached". */
export const CAP_NOTICE = 'cap-notice';

/**
 * Codes the organization sent to `contact` since `contactSince` (in all and from `address`), to `address` since
 * `addressSince`, in all since `organizationSince`, and whether the operator was told of the cap
 * since then — counted under a per-organization advisory lock held to the end of the transaction,
 * so concurrent requests (on any server process) cannot pass a limit together.
 */
export async function recentCodes({
  tx,
  organizationId,
  contact,
  address,
  contactSince,
  addressSince,
  organizationSince,
}: {
  tx: Tx;
  organizationId: string;
  contact: string;
  address: string;
  contactSince: Date;
  addressSince: Date;
  organizationSince: Date;
}): Promise<{
  byContact: number;
  byContactFromAddress: number;
  byAddress: number;
  byOrganization: number;
  noticed: boolean;
}> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`widget-code:${organizationId}`}, 0))`,
  );
  const since = [contactSince, addressSince, organizationSince].reduce((a, b) => (a < b ? a : b));
  const t = widgetVerifications;
  const code = ne(t.purpose, CAP_NOTICE);
  const [row] = await tx
    .select({
      byContact: sql<number>`(count(*) filter (where ${code} and ${t.contact} = ${contact} and ${t.createdAt} > ${contactSince.toISOString()}))::int`,
      byContactFromAddress: sql<number>`(count(*) filter (where ${code} and ${t.contact} = ${contact} and ${t.address} = ${address} and ${t.createdAt} > ${contactSince.toISOString()}))::int`,
      byAddress: sql<number>`(count(*) filter (where ${code} and ${t.address} = ${address} and ${t.createdAt} > ${addressSince.toISOString()}))::int`,
      byOrganization: sql<number>`(count(*) filter (where ${code} and ${t.createdAt} > ${organizationSince.toISOString()}))::int`,
      noticed: sql<boolean>`bool_or(${t.purpose} = ${CAP_NOTICE} and ${t.createdAt} > ${organizationSince.toISOString()})`,
    })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), gt(t.createdAt, since)));
  return {
    byContact: row?.byContact ?? 0,
    byContactFromAddress: row?.byContactFromAddress ?? 0,
    byAddress: row?.byAddress ?? 0,
    byOrganization: row?.byOrganization ?? 0,
    noticed: row?.noticed ?? false,
  };
}

/** Records a code sent (its HMAC), or the cap-notice mark; answers its row. */
export async function insertCode({
  tx,
  organizationId,
  values,
}: {
  tx: Tx;
  organizationId: string;
  values: Pick<CodeRow, 'contact' | 'channel' | 'codeHash' | 'address' | 'expiresAt' | 'purpose'>;
}): Promise<CodeRow> {
  const [row] = await tx
    .insert(widgetVerifications)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}

/**
 * The last code of `purpose` the organization sent to `contact` and not yet used, locked for
 * update, or undefined.
 */
export async function pendingCode({
  tx,
  organizationId,
  purpose,
  contact,
}: {
  tx: Tx;
  organizationId: string;
  purpose: string;
  contact: string;
}): Promise<CodeRow | undefined> {
  const t = widgetVerifications;
  const [row] = await tx
    .select()
    .from(t)
    .where(
      and(
        eq(t.organizationId, organizationId),
        eq(t.purpose, purpose),
        eq(t.contact, contact),
        isNull(t.consumedAt),
      ),
    )
    .orderBy(desc(t.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** The wrong tries of the code `codeId` from `address` so far. */
export async function triesFrom({
  tx,
  organizationId,
  codeId,
  address,
}: {
  tx: Tx;
  organizationId: string;
  codeId: string;
  address: string;
}): Promise<number> {
  const t = codeTries;
  const [row] = await tx
    .select({ tries: t.tries })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.codeId, codeId), eq(t.address, address)));
  return row?.tries ?? 0;
}

/**
 * Counts one wrong try of the code `id` from `address`: answers the tries from that address and
 * from every address together.
 */
export async function countWrongTry({
  tx,
  organizationId,
  id,
  address,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  address: string;
}): Promise<{ fromAddress: number; total: number }> {
  const [mine] = await tx
    .insert(codeTries)
    .values({ organizationId, codeId: id, address, tries: 1 })
    .onConflictDoUpdate({
      target: [codeTries.organizationId, codeTries.codeId, codeTries.address],
      set: { tries: sql`${codeTries.tries} + 1` },
    })
    .returning({ tries: codeTries.tries });
  const t = widgetVerifications;
  const [row] = await tx
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1` })
    .where(and(eq(t.organizationId, organizationId), eq(t.id, id)))
    .returning({ attempts: t.attempts });
  return { fromAddress: mine?.tries ?? 0, total: row?.attempts ?? 0 };
}

/**
 * Uses the code `id` once: marks it consumed unless it already was, expired or was tried too often
 * in all (`maxAttempts`). Answers whether this call used it (false: a concurrent call did first).
 */
export async function consumeCode({
  tx,
  organizationId,
  id,
  maxAttempts,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  maxAttempts: number;
}): Promise<boolean> {
  const t = widgetVerifications;
  const used = await tx
    .update(t)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(t.organizationId, organizationId),
        eq(t.id, id),
        isNull(t.consumedAt),
        gt(t.expiresAt, sql`now()`),
        sql`${t.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ id: t.id });
  return used.length === 1;
}

/** Where the operator is told of the hourly cap: the support e-mail, else the owner's; and the name. */
export async function operatorContact({ tx, organizationId }: { tx: Tx; organizationId: string }) {
  const [row] = await tx
    .select({
      name: organizations.name,
      owner: organizations.ownerEmail,
      support: settings.defaultSupportEmail,
    })
    .from(organizations)
    .leftJoin(settings, eq(settings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return row ? { name: row.name, email: row.support || row.owner || null } : undefined;
}
