import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { widgetVerifications } from '../../../db/schema';

/*
 * The widget's verification codes (README "Reservation widget"): one row per code sent,
 * its HMAC only. Every query names the organization.
 */

export type WidgetVerificationRow = typeof widgetVerifications.$inferSelect;

/**
 * Codes the organization sent to `contact` since `contactSince` and to `address` since
 * `addressSince`, counted under a per-organization advisory lock held to the end of the
 * transaction, so concurrent requests (on any server process) cannot pass a limit together.
 */
export async function recentCodes({
  tx,
  organizationId,
  contact,
  address,
  contactSince,
  addressSince,
}: {
  tx: Tx;
  organizationId: string;
  contact: string;
  address: string;
  contactSince: Date;
  addressSince: Date;
}): Promise<{ byContact: number; byAddress: number }> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`widget-code:${organizationId}`}, 0))`,
  );
  const since = contactSince < addressSince ? contactSince : addressSince;
  const t = widgetVerifications;
  const [row] = await tx
    .select({
      byContact: sql<number>`(count(*) filter (where ${t.contact} = ${contact} and ${t.createdAt} > ${contactSince.toISOString()}))::int`,
      byAddress: sql<number>`(count(*) filter (where ${t.address} = ${address} and ${t.createdAt} > ${addressSince.toISOString()}))::int`,
    })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), gt(t.createdAt, since)));
  return { byContact: row?.byContact ?? 0, byAddress: row?.byAddress ?? 0 };
}

/** Records a code sent (its HMAC); answers its row. */
export async function insertCode({
  tx,
  organizationId,
  values,
}: {
  tx: Tx;
  organizationId: string;
  values: Pick<WidgetVerificationRow, 'contact' | 'channel' | 'codeHash' | 'address' | 'expiresAt'>;
}): Promise<WidgetVerificationRow> {
  const [row] = await tx
    .insert(widgetVerifications)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}

/** The last code the organization sent to `contact` and not yet used, locked for update, or undefined. */
export async function pendingCode({
  tx,
  organizationId,
  contact,
}: {
  tx: Tx;
  organizationId: string;
  contact: string;
}): Promise<WidgetVerificationRow | undefined> {
  const t = widgetVerifications;
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.organizationId, organizationId), eq(t.contact, contact), isNull(t.consumedAt)))
    .orderBy(desc(t.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Counts one wrong try of the code `id`; answers the tries so far. */
export async function countWrongTry({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}): Promise<number> {
  const t = widgetVerifications;
  const [row] = await tx
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1` })
    .where(and(eq(t.organizationId, organizationId), eq(t.id, id)))
    .returning({ attempts: t.attempts });
  return row?.attempts ?? 0;
}

/**
 * Uses the code `id` once: marks it consumed unless it already was, expired or was tried too often
 * (`maxAttempts`). Answers whether this call used it (false: a concurrent booking did first).
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
