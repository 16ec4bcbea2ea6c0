import { and, eq } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { users } from '../../../db/schema';

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
