/**
 * The Lite App customer's own record, as the users area writes it for the app (spec: the Lite App's
 * sign-in, account and deletion): a new customer, their details, what a sign-in proved, and the
 * person detached from the record on deletion. Every statement names its organization.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema';

/** The columns of a customer the app reads. */
export const customerColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  receiptEmails: users.receiptEmails,
};
/** A customer as the app reads it. */
export type CustomerRow = {
  id: string;
  name: string;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  receiptEmails: boolean;
};

/** Creates the organization's user for a new customer of the app; answers it. */
export async function insertAppCustomer({
  tx,
  organizationId,
  values,
}: {
  tx: Tx;
  organizationId: string;
  values: { name: string; email: string | null; phoneNumber: string | null };
}): Promise<CustomerRow> {
  const [u] = await tx
    .insert(users)
    .values({ ...values, organizationId })
    .returning(customerColumns);
  return u!;
}

/**
 * Changes the customer's details: the name, and when given their switch for receipt e-mails and
 * the language they read the app in.
 */
export async function updateCustomerDetails({
  tx,
  organizationId,
  id,
  name,
  lastName,
  receiptEmails,
  appLanguage,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  name: string;
  lastName: string | null | undefined;
  receiptEmails?: boolean;
  appLanguage?: string;
}): Promise<void> {
  await tx
    .update(users)
    .set({
      name,
      ...(lastName !== undefined ? { lastName } : {}),
      ...(receiptEmails !== undefined ? { receiptEmails } : {}),
      ...(appLanguage !== undefined ? { appLanguage } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
}

/**
 * Records what a sign-in proved and said: the e-mail the code went to (when it was an e-mail) and
 * the language of the app.
 */
export async function recordSignIn({
  tx,
  organizationId,
  id,
  verifiedEmail,
  appLanguage,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  verifiedEmail?: string;
  appLanguage?: string;
}): Promise<void> {
  if (verifiedEmail === undefined && appLanguage === undefined) return;
  await tx
    .update(users)
    .set({
      ...(verifiedEmail !== undefined ? { verifiedEmail } : {}),
      ...(appLanguage !== undefined ? { appLanguage } : {}),
    })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
}

/**
 * Detaches the person from the user `id`: name, contacts, address, identifiers and codes cleared,
 * the record inactive and deleted; the operator's transactions, payments and history keep pointing
 * at it.
 */
export async function forgetCustomer({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  await tx
    .update(users)
    .set({
      name: '—',
      lastName: null,
      email: null,
      verifiedEmail: null,
      phoneNumber: null,
      address: null,
      userId: null,
      pinCode: null,
      accessCode: null,
      active: false,
      isDeleted: true,
      updatedAt: new Date(),
    })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
}
