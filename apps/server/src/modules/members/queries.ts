import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Db, Tx } from '../../db/client';
import { members, organizations } from '../../db/schema';
import { lockOr404 } from '../../lib/crud/resource';
import { toWire } from '../../lib/wire';

export type MemberRow = typeof members.$inferSelect;

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

/** The organization's member `id`, locked for update; 404 otherwise. */
export async function lockMember({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  return (await lockOr404({ tx, table: members, auth, id })) as unknown as MemberRow;
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

/** Name, app name and sub-domain of the organization (the owner's handle: mail runs after commit). */
export async function organizationSignIn({ db, organizationId }: { db: Db; organizationId: string }) {
  const [org] = await db
    .select({ name: organizations.name, appName: organizations.appName, subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org;
}
