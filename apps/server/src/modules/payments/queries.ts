import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Db, Tx } from '../../db/client';
import { members, organizations, stripeEvents, transactions } from '../../db/schema';

/** The organization the request acts for, locked for the transaction unless `lock` is false. */
export async function actingOrganization({ tx, auth, lock }: { tx: Tx; auth: AuthContext; lock: boolean }) {
  const q = tx.select().from(organizations).where(eq(organizations.id, auth.organizationId));
  const [org] = lock ? await q.for('update') : await q;
  return org;
}

/** The e-mail of the signed-in member (of its home organization), or undefined. */
export async function memberEmail({ tx, auth }: { tx: Tx; auth: AuthContext }): Promise<string | undefined> {
  if (!auth.memberId) return undefined;
  const [member] = await tx
    .select({ email: members.email })
    .from(members)
    .where(and(eq(members.id, auth.memberId), eq(members.organizationId, auth.homeOrganizationId)));
  return member?.email;
}

/** The name and state of the organization of the account `accountId` (the owner's handle). */
export async function organizationOfAccount({ db, accountId }: { db: Db; accountId: string }) {
  const [org] = await db
    .select({ name: organizations.name, submitted: organizations.stripeDetailsSubmitted })
    .from(organizations)
    .where(eq(organizations.stripeAccountId, accountId));
  return org;
}

// ——— Stripe's webhook: no organization is known before the event's account names it ———

export type TransactionRow = typeof transactions.$inferSelect;

/**
 * The transaction a PaymentIntent paid, on the organization owning the connected account
 * `account` (the account is the organization filter), locked for update.
 */
export async function transactionOfPayment({
  tx,
  account,
  paymentIntent,
}: {
  tx: Tx;
  account: string;
  paymentIntent: string;
}): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select({ t: transactions })
    .from(transactions)
    .innerJoin(organizations, eq(organizations.id, transactions.organizationId))
    .where(and(eq(organizations.stripeAccountId, account), eq(transactions.paymentRef, paymentIntent)))
    .for('update', { of: transactions });
  return row?.t;
}

/** Stores a Stripe event's id; false when it was stored before (a replay). */
export async function storeStripeEvent({
  tx,
  event,
}: {
  tx: Tx;
  event: { id: string; type: string; account: string | null };
}): Promise<boolean> {
  const stored = await tx
    .insert(stripeEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return stored.length > 0;
}
