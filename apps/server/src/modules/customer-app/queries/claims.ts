import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { customerClaims } from '../../../db/schema';

/*
 * A customer's claims on an act while it runs (`customer_claims`, README "Lite App"). Every
 * statement names its organization.
 */

/** How long a claim lasts should its request never drop it (a server stopped mid-way), seconds. */
export const CLAIM_SECONDS = 120;

/**
 * Claims `kind` for the customer `userId` under `token` until `CLAIM_SECONDS` from now: answers
 * true when the claim is the caller's, false while another request's claim runs. Concurrent
 * callers are ordered by the claim's primary key (the second waits for the first to commit, then
 * finds its claim).
 */
export async function takeClaim({
  tx,
  organizationId,
  userId,
  kind,
  token,
}: TxOrg<{ userId: string; kind: 'rental'; token: string }>): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${CLAIM_SECONDS})`;
  const rows = await tx
    .insert(customerClaims)
    .values({ organizationId, userId, kind, token, heldUntil: until })
    .onConflictDoUpdate({
      target: [customerClaims.organizationId, customerClaims.userId, customerClaims.kind],
      set: { token, heldUntil: until },
      setWhere: and(
        eq(customerClaims.organizationId, organizationId),
        or(eq(customerClaims.token, token), lt(customerClaims.heldUntil, sql`now()`)),
      ),
    })
    .returning({ token: customerClaims.token });
  return rows.length > 0;
}

/** Drops the claim `kind` of `userId` taken under `token` (another request's: nothing happens). */
export async function dropClaim({
  tx,
  organizationId,
  userId,
  kind,
  token,
}: TxOrg<{ userId: string; kind: 'rental'; token: string }>) {
  await tx
    .delete(customerClaims)
    .where(
      and(
        eq(customerClaims.organizationId, organizationId),
        eq(customerClaims.userId, userId),
        eq(customerClaims.kind, kind),
        eq(customerClaims.token, token),
      ),
    );
}
