/**
 * The statements of auth/ that have moved out of its services: the profile of the signed-in team
 * member (spec: console §7 Profile) — the member's row, read in the member's home organization,
 * and the update of its name and language in the organization the request acts for — and the
 * server's token signing key.
 */
import type { TLanguage } from '@lockerops/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { appSecrets, members } from '../db/schema';
import type { AuthContext } from './context';

/** A team member's row. */
export type MemberRow = typeof members.$inferSelect;

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

/**
 * The server's token signing key: `fresh` is stored when there is none yet (the first process to
 * start wins a race); answers the stored one.
 */
export async function signingKey({ db, fresh }: { db: Db; fresh: string }): Promise<string> {
  await db.insert(appSecrets).values({ key: 'jwt_signing_key', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'jwt_signing_key'));
  return row!.value;
}
