/**
 * The console's sessions (refresh-token families) and their refresh tokens as the identity service
 * opens, checks, rotates and ends them, on the owner's handle (spec: console §4 Login, §7
 * `auth/sign-out`, `auth/refresh`, `members/change-password`).
 */
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { authSessions, members, organizations, refreshTokens } from '../../db/schema';
import type { MemberRow } from '../queries';
import { sha256 } from '../tokens';
import type { OrganizationRow } from './organizations';

/**
 * The session, member and organization behind an id token, read on every authenticated request:
 * built once per database, and a named prepared statement, so PostgreSQL parses and plans it once
 * per connection.
 */
export const sessionCheckOf = (db: Db) =>
  db
    .select({
      revokedAt: authSessions.revokedAt,
      enabled: members.enabled,
      role: members.role,
      email: members.email,
      firstName: members.firstName,
      active: organizations.active,
    })
    .from(authSessions)
    .innerJoin(members, eq(members.id, authSessions.memberId))
    .innerJoin(organizations, eq(organizations.id, authSessions.organizationId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sid')),
        eq(authSessions.memberId, sql.placeholder('sub')),
        eq(authSessions.organizationId, sql.placeholder('org')),
      ),
    )
    .prepare('auth_session_check');

/** Opens a session of the member `memberId` of `organizationId`; answers its id. */
export async function openSession({
  db,
  organizationId,
  memberId,
}: {
  db: Db;
  organizationId: string;
  memberId: string;
}): Promise<string> {
  const [session] = await db
    .insert(authSessions)
    .values({ organizationId, memberId })
    .returning({ id: authSessions.id });
  return session!.id;
}

/**
 * Writes the refresh token of hash `tokenHash` for the session `sessionId`, once: a token already
 * written (by a concurrent use of its predecessor) is kept as it is.
 */
export async function insertRefreshToken({
  db,
  organizationId,
  sessionId,
  tokenHash,
  expiresAt,
}: {
  db: Db;
  organizationId: string;
  sessionId: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<void> {
  await db
    .insert(refreshTokens)
    .values({ organizationId, sessionId, tokenHash, expiresAt })
    .onConflictDoNothing({ target: [refreshTokens.tokenHash, refreshTokens.organizationId] });
}

/** The refresh token `token` (used, expired or not) with its session, member and organization; else undefined. */
export async function refreshTokenWithSession({ db, token }: { db: Db; token: string }): Promise<
  | {
      rt: typeof refreshTokens.$inferSelect;
      session: typeof authSessions.$inferSelect;
      member: MemberRow;
      org: OrganizationRow;
    }
  | undefined
> {
  // tenant: every organization — the refresh token's hash is all the caller brings
  const [row] = await db
    .select({ rt: refreshTokens, session: authSessions, member: members, org: organizations })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(members, eq(members.id, authSessions.memberId))
    .innerJoin(organizations, eq(organizations.id, authSessions.organizationId))
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  return row;
}

/**
 * Marks the refresh token `id` of `organizationId` used, atomically: of two concurrent uses of one
 * token only one passes. Answers whether this call marked it.
 */
export async function claimRefreshToken({
  db,
  organizationId,
  id,
}: {
  db: Db;
  organizationId: string;
  id: string;
}): Promise<boolean> {
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, id),
        eq(refreshTokens.organizationId, organizationId),
        isNull(refreshTokens.usedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return !!claimed;
}

/** Revokes the session `sessionId` of `organizationId` with `reason` (no-op when already revoked or unknown). */
export async function revokeSession({
  db,
  organizationId,
  sessionId,
  reason,
}: {
  db: Db;
  organizationId: string;
  sessionId: string;
  reason: string;
}): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.organizationId, organizationId),
        isNull(authSessions.revokedAt),
      ),
    );
}

/**
 * Revokes every live session of the member `memberId` of `organizationId` with `reason`, but those
 * of `keepIds`.
 */
export async function revokeMemberSessions({
  db,
  organizationId,
  memberId,
  reason,
  keepIds = [],
}: {
  db: DbOrTx;
  organizationId: string;
  memberId: string;
  reason: string;
  keepIds?: string[];
}): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.memberId, memberId),
        eq(authSessions.organizationId, organizationId),
        isNull(authSessions.revokedAt),
        keepIds.length ? notInArray(authSessions.id, keepIds) : undefined,
      ),
    );
}

/**
 * The session the refresh token `token` belongs to (used, expired or not), with its member and
 * organization; else undefined.
 */
export async function sessionOfRefreshToken({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<{ sessionId: string; memberId: string; organizationId: string } | undefined> {
  // tenant: every organization — the refresh token's hash is all the caller brings
  const [row] = await db
    .select({
      sessionId: authSessions.id,
      memberId: authSessions.memberId,
      organizationId: authSessions.organizationId,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  return row;
}
