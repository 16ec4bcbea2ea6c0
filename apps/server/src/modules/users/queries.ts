import type { TNotificationChannel, TUserTransactionRow } from '@lockerops/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext, TxOrg } from '../../auth/context';
import type { Tx } from '../../db/client';
import { settings, users } from '../../db/schema';
import { Conflict } from '../../errors';
import { userTransactionRows } from '../transactions';

/**
 * The organization's default notification channel (spec: operational §5 User, §9): `email` unless
 * its settings say `sms`.
 */
export async function notificationChannelOf({
  tx,
  auth,
}: {
  tx: Tx;
  auth: AuthContext;
}): Promise<TNotificationChannel> {
  const [row] = await tx
    .select({ channel: settings.defaultNotificationChannel })
    .from(settings)
    .where(eq(settings.organizationId, auth.organizationId));
  return row?.channel === 'sms' ? 'sms' : 'email';
}

/**
 * 409 'A user with this email already exists.' when another non-deleted user of the organization
 * has this e-mail (case-insensitive); widget-only records (the public widget's) do not count. The partial unique index `users_org_email_uq` decides races.
 */
export async function assertEmailFree({
  tx,
  auth,
  email,
  exceptId,
  message = 'A user with this email already exists.',
}: {
  tx: Tx;
  auth: AuthContext;
  email: string | null;
  exceptId?: string;
  message?: string;
}): Promise<void> {
  if (!email) return;
  const [clash] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, auth.organizationId),
        eq(users.isDeleted, false),
        // a widget-only record (the public widget's) may share an operator-made user's e-mail
        eq(users.widgetOnly, false),
        eq(users.emailNormalized, email.toLowerCase()),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash) throw Conflict(message);
}

/**
 * Which of `emails` (compared lower-cased) non-deleted users of the organization already have, as
 * lower-cased e-mails: one statement through `users_org_email_uq`.
 */
export async function takenEmails({
  tx,
  auth,
  emails,
}: {
  tx: Tx;
  auth: AuthContext;
  emails: ReadonlyArray<string | null | undefined>;
}): Promise<Set<string>> {
  const wanted = [...new Set(emails.filter((e): e is string => !!e).map((e) => e.toLowerCase()))];
  if (!wanted.length) return new Set();
  const rows = await tx
    .select({ email: users.emailNormalized })
    .from(users)
    .where(
      and(
        eq(users.organizationId, auth.organizationId),
        eq(users.isDeleted, false),
        eq(users.widgetOnly, false),
        inArray(users.emailNormalized, wanted),
      ),
    );
  return new Set(rows.map((r) => r.email!));
}

/**
 * Where a user's transactions come from: the transactions area's query. `limit` is 100 (spec:
 * operational §7 "User transactions: first 100 kept"); rows come newest first; `active` keeps only
 * transactions still under way.
 */
export const userTransactions: {
  list(
    tx: Tx,
    auth: AuthContext,
    userId: string,
    opts: { limit: number; active?: boolean },
  ): Promise<{ items: TUserTransactionRow[]; total: number }>;
} = {
  list: (tx, auth, userId, opts) =>
    userTransactionRows({ tx, organizationId: auth.organizationId, userId, opts }),
};

/** Creates a widget-only customer record of the organization; answers its id. */
export async function insertCustomer({
  tx,
  organizationId,
  values,
}: {
  tx: Tx;
  organizationId: string;
  values: { name: string; lastName: string | null; email: string | null; phoneNumber: string | null };
}): Promise<string> {
  const [u] = await tx
    .insert(users)
    .values({ ...values, organizationId, widgetOnly: true })
    .returning({ id: users.id });
  return u!.id;
}

/** A new user (a courier with no contact yet). */
export async function insertCourierUser({
  tx,
  organizationId,
  name,
  lastName,
}: TxOrg<{ name: string; lastName: string | null }>) {
  const [u] = await tx.insert(users).values({ organizationId, name, lastName }).returning({ id: users.id });
  return u!.id;
}
