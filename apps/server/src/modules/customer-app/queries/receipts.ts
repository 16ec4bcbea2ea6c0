import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { transactions, users } from '../../../db/schema';

/*
 * Receipts by e-mail (README "The Lite App"): to whom a customer's receipt may go, and the one
 * mailing of a transaction's receipt. Every statement names its organization.
 */

/**
 * The active customer `userId`'s e-mail, the e-mail they proved with a sign-in code, their app's
 * language and their switch for receipt e-mails; undefined for a deleted or inactive one.
 */
export async function receiptRecipient({ tx, organizationId, userId }: TxOrg<{ userId: string }>) {
  const [u] = await tx
    .select({
      email: users.email,
      verifiedEmail: users.verifiedEmail,
      appLanguage: users.appLanguage,
      receiptEmails: users.receiptEmails,
    })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.id, userId),
        eq(users.isDeleted, false),
        eq(users.active, true),
      ),
    );
  return u;
}

/**
 * Takes the mailing of the receipt of the customer `userId`'s transaction `id` (a paid one: priced,
 * or charged; not mailed yet): true for the one caller that takes it — concurrent callers wait on the row and find it
 * taken.
 */
export async function takeReceiptMail({
  tx,
  organizationId,
  userId,
  id,
}: TxOrg<{ userId: string; id: string }>): Promise<boolean> {
  const rows = await tx
    .update(transactions)
    .set({ receiptMailedAt: new Date() })
    .where(
      and(
        eq(transactions.organizationId, organizationId),
        eq(transactions.id, id),
        eq(transactions.idUser, userId),
        isNull(transactions.receiptMailedAt),
        or(gt(transactions.total, '0'), isNotNull(transactions.idPrice)),
      ),
    )
    .returning({ id: transactions.id });
  return rows.length > 0;
}
