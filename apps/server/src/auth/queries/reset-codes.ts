/**
 * The e-mailed password-reset codes (spec: console §4 Forgot password, §7 `auth/forgot-password`,
 * `auth/confirm-forgot-password`): voided, written, read and used within the member's organization,
 * on the owner's handle.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetCodes } from '../../db/schema';

/** A reset code's row. */
type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/** Who a code is for: the member and its organization. */
interface CodeOwner {
  db: Db;
  organizationId: string;
  memberId: string;
}

/** Voids every unused code of the member `memberId` of `organizationId`. */
export async function voidResetCodes({ db, organizationId, memberId }: CodeOwner): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetCodes.organizationId, organizationId),
        eq(passwordResetCodes.memberId, memberId),
        isNull(passwordResetCodes.usedAt),
      ),
    );
}

/**
 * Reads one code id of the member and writes nothing: the same round trip as `insertResetCode`,
 * for a forgot-password call without an account to take as long as one with.
 */
export async function probeResetCodes({ db, organizationId, memberId }: CodeOwner): Promise<void> {
  await db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .where(
      and(eq(passwordResetCodes.organizationId, organizationId), eq(passwordResetCodes.memberId, memberId)),
    )
    .limit(1);
}

/** Writes a code of the member, of hash `codeHash`, valid until `expiresAt`. */
export async function insertResetCode({
  db,
  organizationId,
  memberId,
  codeHash,
  expiresAt,
}: CodeOwner & { codeHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetCodes).values({ organizationId, memberId, codeHash, expiresAt });
}

/** The member's latest code (used, expired or not); else undefined. */
export async function latestResetCode({
  db,
  organizationId,
  memberId,
}: CodeOwner): Promise<ResetCodeRow | undefined> {
  const [entry] = await db
    .select()
    .from(passwordResetCodes)
    .where(
      and(eq(passwordResetCodes.organizationId, organizationId), eq(passwordResetCodes.memberId, memberId)),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  return entry;
}

/**
 * Counts one wrong try of the code `id` of `organizationId`, voiding it at `maxAttempts`; answers
 * its tries after the change, or undefined when there is no such code.
 */
export async function countWrongTry({
  db,
  organizationId,
  id,
  maxAttempts,
}: {
  db: Db;
  organizationId: string;
  id: string;
  maxAttempts: number;
}): Promise<number | undefined> {
  const [after] = await db
    .update(passwordResetCodes)
    .set({
      attempts: sql`${passwordResetCodes.attempts} + 1`,
      usedAt: sql`case when ${passwordResetCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
    })
    .where(and(eq(passwordResetCodes.id, id), eq(passwordResetCodes.organizationId, organizationId)))
    .returning({ attempts: passwordResetCodes.attempts });
  return after?.attempts;
}

/** Uses the code `id` of `organizationId` once; answers whether it was still unused. */
export async function useResetCode({
  db,
  organizationId,
  id,
}: {
  db: Db;
  organizationId: string;
  id: string;
}): Promise<boolean> {
  const [used] = await db
    .update(passwordResetCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetCodes.id, id),
        eq(passwordResetCodes.organizationId, organizationId),
        isNull(passwordResetCodes.usedAt),
      ),
    )
    .returning({ id: passwordResetCodes.id });
  return !!used;
}
