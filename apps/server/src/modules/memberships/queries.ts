/**
 * The memberships a transaction's charge uses (spec: operational §5 Membership): those its user
 * holds at its location, and one more use of a limited one.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../auth/context';
import { membershipLocations, memberships, membershipUsers } from '../../db/schema';

/**
 * The active memberships the organization's user `userId` holds that apply at `locationId` (those without
 * locations apply everywhere), with the transactions each has used.
 */
export async function heldMemberships({
  tx,
  organizationId,
  userId,
  locationId,
}: TxOrg<{ userId: string | null; locationId: string | null }>) {
  if (!userId) return [];
  return tx
    .select({ m: memberships, used: membershipUsers.usedTransactions })
    .from(membershipUsers)
    .innerJoin(memberships, eq(memberships.id, membershipUsers.membershipId))
    .where(
      and(
        eq(membershipUsers.organizationId, organizationId),
        eq(membershipUsers.userId, userId),
        eq(memberships.active, true),
        or(
          sql`NOT EXISTS (SELECT 1 FROM ${membershipLocations} WHERE ${membershipLocations.membershipId} = ${memberships.id})`,
          locationId
            ? sql`EXISTS (SELECT 1 FROM ${membershipLocations} WHERE ${membershipLocations.membershipId} = ${memberships.id} AND ${membershipLocations.locationId} = ${locationId})`
            : sql`false`,
        ),
      ),
    );
}

/** Counts one more transaction used of the organization's limited membership by the user. */
export async function countMembershipUse({
  tx,
  organizationId,
  membershipId,
  userId,
}: TxOrg<{ membershipId: string; userId: string }>): Promise<void> {
  await tx
    .update(membershipUsers)
    .set({ usedTransactions: sql`${membershipUsers.usedTransactions} + 1` })
    .where(
      and(
        eq(membershipUsers.organizationId, organizationId),
        eq(membershipUsers.membershipId, membershipId),
        eq(membershipUsers.userId, userId),
      ),
    );
}
