import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Db, Tx } from '../../db/client';
import { authSessions, members, organizations } from '../../db/schema';
import { lockOr404 } from '../../lib/crud/resource';
import { toWire } from '../../lib/wire';

export type MemberRow = typeof members.$inferSelect;
export type MemberInsert = Omit<typeof members.$inferInsert, 'organizationId'>;
type MemberSet = Partial<Omit<typeof members.$inferInsert, 'organizationId' | 'id'>>;

/** A member row with wire names (its audit image). */
export const memberAuditImage = (row: MemberRow) => toWire(members, row as never);

/** Whether a team member of the organization has this e-mail (case-insensitive). */
export async function memberEmailTaken({ tx, auth, email }: { tx: Tx; auth: AuthContext; email: string }) {
  const [taken] = await tx
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.organizationId, auth.organizationId),
        sql`lower(${members.email}) = ${email.toLowerCase()}`,
      ),
    );
  return !!taken;
}

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

/** The organization's member `id`, locked for update; 404 otherwise. */
export async function lockMember({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  return (await lockOr404({ tx, table: members, auth, id })) as unknown as MemberRow;
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

/** The organization's members `ids`, locked for update in id order. */
export function lockMembers({ tx, auth, ids }: { tx: Tx; auth: AuthContext; ids: string[] }) {
  return tx
    .select()
    .from(members)
    .where(and(inArray(members.id, ids), eq(members.organizationId, auth.organizationId)))
    .orderBy(asc(members.id))
    .for('update');
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

/** Ends every open session of the organization's member `memberId`. */
export async function revokeMemberSessions({
  tx,
  auth,
  memberId,
  reason,
}: {
  tx: Tx;
  auth: AuthContext;
  memberId: string;
  reason: string;
}): Promise<void> {
  await tx
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.memberId, memberId),
        eq(authSessions.organizationId, auth.organizationId),
        sql`${authSessions.revokedAt} is null`,
      ),
    );
}

/** Name, app name and sub-domain of the organization (the owner's handle: mail runs after commit). */
export async function organizationSignIn({ db, organizationId }: { db: Db; organizationId: string }) {
  const [org] = await db
    .select({ name: organizations.name, appName: organizations.appName, subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}
