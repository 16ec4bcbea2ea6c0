import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { customerSessions, users } from '../../../db/schema';

/*
 * The Lite App customer's identity: the organization's user with a verified contact, and the
 * sessions of the app. Every statement names its organization.
 */

const customerColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  receiptEmails: users.receiptEmails,
};
export type CustomerRow = {
  id: string;
  name: string;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  receiptEmails: boolean;
};

/**
 * The organization's active user with this contact (e-mail, case-insensitive, or the phone in
 * E.164, also as stored without its `+`): the operator's own record before a widget-only one.
 */
export async function customerByContact({
  tx,
  organizationId,
  email,
  phone,
}: {
  tx: Tx;
  organizationId: string;
  email?: string;
  phone?: string;
}): Promise<CustomerRow | undefined> {
  const [u] = await tx
    .select(customerColumns)
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isDeleted, false),
        eq(users.active, true),
        email !== undefined
          ? eq(users.emailNormalized, email)
          : inArray(users.phoneNumber, [phone!, phone!.replace(/^\+/, '')]),
      ),
    )
    .orderBy(asc(users.widgetOnly), asc(users.createdAt))
    .limit(1);
  return u;
}

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

/** The customer `id`, active and not deleted, or undefined. */
export async function customerById({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  const [u] = await tx
    .select(customerColumns)
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.id, id),
        eq(users.isDeleted, false),
        eq(users.active, true),
      ),
    );
  return u;
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
  await tx
    .delete(customerSessions)
    .where(and(eq(customerSessions.organizationId, organizationId), eq(customerSessions.userId, id)));
}

/** Records a session of the app; answers its id. */
export async function insertSession({
  tx,
  organizationId,
  userId,
  tokenHash,
  expiresAt,
}: {
  tx: Tx;
  organizationId: string;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<string> {
  const [row] = await tx
    .insert(customerSessions)
    .values({ organizationId, userId, tokenHash, expiresAt })
    .returning({ id: customerSessions.id });
  return row!.id;
}

/** The session `id` while it has not expired: its user and the secret's HMAC. */
export async function liveSession({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  const [row] = await tx
    .select({ userId: customerSessions.userId, tokenHash: customerSessions.tokenHash })
    .from(customerSessions)
    .where(
      and(
        eq(customerSessions.organizationId, organizationId),
        eq(customerSessions.id, id),
        gt(customerSessions.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Ends the session `id`. */
export async function deleteSession({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  await tx
    .delete(customerSessions)
    .where(and(eq(customerSessions.organizationId, organizationId), eq(customerSessions.id, id)));
}
