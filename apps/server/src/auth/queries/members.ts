/**
 * The team members as the identity service signs them in and sets their passwords, on the owner's
 * handle and always within the member's organization (spec: console §4 Login, New password, Forgot
 * password; §7 `members/change-password`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { members, organizations } from '../../db/schema';
import type { MemberRow } from '../queries';
import type { OrganizationRow } from './organizations';
import { revokeMemberSessions } from './sessions';

/** The member of `organizationId` whose e-mail is `email` (trimmed, any case); else undefined. */
export async function memberByEmail({
  db,
  organizationId,
  email,
}: {
  db: Db;
  organizationId: string;
  email: string;
}): Promise<MemberRow | undefined> {
  const [m] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.organizationId, organizationId),
        sql`lower(${members.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  return m;
}

/** The member `memberId` of `organizationId`; else undefined. */
export async function memberById({
  db,
  organizationId,
  memberId,
}: {
  db: Db;
  organizationId: string;
  memberId: string;
}): Promise<MemberRow | undefined> {
  const [m] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.organizationId, organizationId)));
  return m;
}

/** The member `memberId` of `organizationId` with its organization; else undefined. */
export async function memberWithOrganization({
  db,
  organizationId,
  memberId,
}: {
  db: Db;
  organizationId: string;
  memberId: string;
}): Promise<{ member: MemberRow; org: OrganizationRow } | undefined> {
  const [row] = await db
    .select({ member: members, org: organizations })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(eq(members.id, memberId), eq(members.organizationId, organizationId)));
  return row;
}

/**
 * Sets the password of an invited member (`FORCE_CHANGE_PASSWORD`) and confirms the account;
 * answers the row after the change, or undefined when the member is no longer invited.
 */
export async function confirmInvitedMember({
  db,
  organizationId,
  memberId,
  passwordHash,
}: {
  db: Db;
  organizationId: string;
  memberId: string;
  passwordHash: string;
}): Promise<MemberRow | undefined> {
  const [member] = await db
    .update(members)
    .set({ passwordHash, status: 'CONFIRMED', verified: true, updatedAt: new Date() })
    .where(
      and(
        eq(members.id, memberId),
        eq(members.organizationId, organizationId),
        eq(members.status, 'FORCE_CHANGE_PASSWORD'),
      ),
    )
    .returning();
  return member;
}

/** Notes that the member `memberId` of `organizationId` signed in now. */
export async function markSignedIn({
  db,
  organizationId,
  memberId,
}: {
  db: Db;
  organizationId: string;
  memberId: string;
}): Promise<void> {
  await db
    .update(members)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(members.id, memberId), eq(members.organizationId, organizationId)));
}

/**
 * Sets the password of the member `memberId` of `organizationId`; `confirm` also confirms and
 * verifies the account (a password reset).
 */
export async function setMemberPassword({
  db,
  organizationId,
  memberId,
  passwordHash,
  confirm = false,
}: {
  db: DbOrTx;
  organizationId: string;
  memberId: string;
  passwordHash: string;
  confirm?: boolean;
}): Promise<void> {
  await db
    .update(members)
    .set({
      passwordHash,
      ...(confirm ? { status: 'CONFIRMED', verified: true } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(members.id, memberId), eq(members.organizationId, organizationId)));
}

/**
 * A member's change of password in one transaction: the new hash, and every other live session
 * revoked but those of `keepIds` (spec: console §7 `members/change-password`).
 */
export async function changeMemberPassword({
  db,
  organizationId,
  memberId,
  passwordHash,
  keepIds,
}: {
  db: Db;
  organizationId: string;
  memberId: string;
  passwordHash: string;
  keepIds: string[];
}): Promise<void> {
  await db.transaction(async (tx) => {
    await setMemberPassword({ db: tx, organizationId, memberId, passwordHash });
    await revokeMemberSessions({ db: tx, organizationId, memberId, reason: 'password change', keepIds });
  });
}
