/**
 * The organization's payment account as the payments area keeps it (spec: console §2 Payments):
 * the connected account's id and whether its details were submitted.
 */
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../../auth/context';
import type { Db, Tx } from '../../../db/client';
import { organizations } from '../../../db/schema';

type AccountSet = Partial<
  Pick<typeof organizations.$inferInsert, 'stripeAccountId' | 'stripeDetailsSubmitted'>
>;

/**
 * Sets the payment-account columns of the acting organization; with `ifAccountId`, only while the
 * organization still has that account.
 */
export async function setPaymentAccount({
  tx,
  auth,
  set,
  ifAccountId,
}: {
  tx: Tx;
  auth: AuthContext;
  set: AccountSet;
  ifAccountId?: string;
}): Promise<void> {
  await tx
    .update(organizations)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(organizations.id, auth.organizationId),
        ifAccountId === undefined ? undefined : eq(organizations.stripeAccountId, ifAccountId),
      ),
    );
}

/**
 * Marks the sandbox account `accountId` submitted; answers its organization's name. The owner's
 * handle: the page is public and the unguessable account id is the credential (and the filter).
 */
export async function submitSandboxAccount({ db, accountId }: { db: Db; accountId: string }) {
  const [org] = await db
    .update(organizations)
    .set({ stripeDetailsSubmitted: true, updatedAt: new Date() })
    .where(eq(organizations.stripeAccountId, accountId))
    .returning({ name: organizations.name });
  return org?.name;
}

/** Keeps `details_submitted` of the organization owning the account `accountId`. */
export async function setAccountSubmitted({
  tx,
  accountId,
  submitted,
}: {
  tx: Tx;
  accountId: string;
  submitted: boolean;
}): Promise<void> {
  await tx
    .update(organizations)
    .set({ stripeDetailsSubmitted: submitted, updatedAt: new Date() })
    .where(eq(organizations.stripeAccountId, accountId));
}
