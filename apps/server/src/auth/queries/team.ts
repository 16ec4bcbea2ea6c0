/**
 * The team members' rows as the Team area writes them (spec: console §3 Team members, §7
 * `members`): identities are the identity service's own, so every write of `members` is here or in
 * `members.ts`; the Team area reads them itself and writes through these functions.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { members } from '../../db/schema';
import type { AuthContext } from '../context';

type MemberRow = typeof members.$inferSelect;
/** A new member's columns (the organization is the caller's). */
export type MemberInsert = Omit<typeof members.$inferInsert, 'organizationId'>;
type MemberSet = Partial<Omit<typeof members.$inferInsert, 'organizationId' | 'id'>>;

/** Inserts a member of the organization in a savepoint (a unique violation leaves `tx` usable). */
export async function insertMember({
  tx,
  auth,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  values: MemberInsert;
}): Promise<MemberRow> {
  return tx.transaction(async (sp) => {
    const [r] = await sp
      .insert(members)
      .values({ ...values, organizationId: auth.organizationId })
      .returning();
    return r!;
  });
}

/** Sets columns of the organization's member `id` (and its `updatedAt`); answers the row after. */
export async function updateMemberRow({
  tx,
  auth,
  id,
  set,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
  set: MemberSet;
}): Promise<MemberRow> {
  const [row] = await tx
    .update(members)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(members.id, id), eq(members.organizationId, auth.organizationId)))
    .returning();
  return row!;
}

/** Sets columns of the organization's members `ids`; answers the rows after. */
export function updateMemberRows({
  tx,
  auth,
  ids,
  set,
}: {
  tx: Tx;
  auth: AuthContext;
  ids: string[];
  set: MemberSet;
}): Promise<MemberRow[]> {
  return tx
    .update(members)
    .set({ ...set, updatedAt: new Date() })
    .where(and(inArray(members.id, ids), eq(members.organizationId, auth.organizationId)))
    .returning();
}

/** Deletes the organization's members `ids`. */
export async function deleteMemberRows({ tx, auth, ids }: { tx: Tx; auth: AuthContext; ids: string[] }) {
  await tx
    .delete(members)
    .where(and(inArray(members.id, ids), eq(members.organizationId, auth.organizationId)));
}

/** The first admin of a new organization, who must choose a password at first sign-in. */
export async function insertOwner({
  tx,
  organizationId,
  owner,
}: {
  tx: DbOrTx;
  organizationId: string;
  owner: { email: string; firstName: string; lastName: string | null; passwordHash: string };
}): Promise<void> {
  await tx.insert(members).values({
    organizationId,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
    name: owner.firstName,
    role: 'admin',
    status: 'FORCE_CHANGE_PASSWORD',
    passwordHash: owner.passwordHash,
  });
}
