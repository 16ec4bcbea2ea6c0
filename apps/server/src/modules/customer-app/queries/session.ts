import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { customerSessions, users } from '../../../db/schema';
import { type CustomerRow, customerColumns } from '../../users';

/*
 * The Lite App customer's identity: the organization's user with a verified contact, and the
 * sessions of the app. Every statement names its organization.
 */

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

/** Ends every session of the organization's customer `userId` (their account deleted). */
export async function deleteCustomerSessions({
  tx,
  organizationId,
  userId,
}: {
  tx: Tx;
  organizationId: string;
  userId: string;
}): Promise<void> {
  await tx
    .delete(customerSessions)
    .where(and(eq(customerSessions.organizationId, organizationId), eq(customerSessions.userId, userId)));
}
