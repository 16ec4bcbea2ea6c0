/**
 * The profile statements of the signed-in team member (spec: console §7 Profile): the member's
 * row, read in the member's home organization, and the update of its name and language in the
 * organization the request acts for.
 */
import type { TLanguage } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { members } from '../db/schema';
import type { AuthContext } from './context';

type MemberRow = typeof members.$inferSelect;

/** The signed-in member's row (its home organization's), or undefined. */
export async function selfMember({
  tx,
  auth,
}: {
  tx: Tx;
  auth: AuthContext;
}): Promise<MemberRow | undefined> {
  const [m] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, auth.memberId ?? ''), eq(members.organizationId, auth.homeOrganizationId)));
  return m;
}

/** Sets a member's names and language (left out: kept); undefined for an id of another organization. */
export async function updateProfile({
  tx,
  auth,
  id,
  profile,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  profile: { firstName: string; lastName: string | null; name: string; language?: TLanguage };
}): Promise<MemberRow | undefined> {
  const { language, ...names } = profile;
  const [m] = await tx
    .update(members)
    .set({ ...names, ...(language ? { language } : {}), updatedAt: new Date() })
    .where(and(eq(members.id, id), eq(members.organizationId, auth.organizationId)))
    .returning();
  return m;
}
