import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, refreshTokens } from '../db/schema';
import { sha256 } from './tokens';

/**
 * The console's sessions (refresh-token families) as the identity service reads and ends them, on
 * the owner's handle (spec: console §4 Login, §7 `auth/sign-out`, `auth/refresh`).
 */

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
