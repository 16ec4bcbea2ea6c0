import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, members, organizations } from '../db/schema';

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
