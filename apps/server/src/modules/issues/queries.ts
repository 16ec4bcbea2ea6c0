import { and, eq, inArray, or } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { issues, locations, members, transactions, users } from '../../db/schema';
import { toWire } from '../../lib/wire';

type IssueSource = (typeof issues.$inferSelect)['source'];

export type IssueRow = typeof issues.$inferSelect;
export type IssueInsert = typeof issues.$inferInsert;
/** The transaction an issue is about, as the issue records it. */
export type TransactionRef = {
  id: string;
  invoiceId: string;
  idUser: string | null;
  idLocation: string | null;
};

const refColumns = {
  id: transactions.id,
  invoiceId: transactions.invoiceId,
  idUser: transactions.idUser,
  idLocation: transactions.idLocation,
};

/** An issue row with wire names (its audit image). */
export const issueAuditImage = (row: IssueRow) => toWire(issues, row);

/**
 * What the wire shape of a batch of issues names: the organization's users, members and
 * transactions among the given ids, and the zones of its locations (one query each).
 */
export async function issueRefsOf({
  tx,
  organizationId,
  userIds,
  memberIds,
  transactionIds,
  locationIds,
}: {
  tx: Tx;
  organizationId: string;
  userIds: string[];
  memberIds: string[];
  transactionIds: string[];
  locationIds: string[];
}) {
  const [us, ms, ts, ls] = await Promise.all([
    userIds.length
      ? tx
          .select({
            id: users.id,
            name: users.name,
            lastName: users.lastName,
            email: users.email,
            phone: users.phoneNumber,
          })
          .from(users)
          .where(and(inArray(users.id, userIds), eq(users.organizationId, organizationId)))
      : [],
    memberIds.length
      ? tx
          .select({
            id: members.id,
            name: members.name,
            firstName: members.firstName,
            lastName: members.lastName,
            email: members.email,
          })
          .from(members)
          .where(and(inArray(members.id, memberIds), eq(members.organizationId, organizationId)))
      : [],
    transactionIds.length
      ? tx
          .select({ id: transactions.id, invoiceId: transactions.invoiceId })
          .from(transactions)
          .where(
            and(inArray(transactions.id, transactionIds), eq(transactions.organizationId, organizationId)),
          )
      : [],
    locationIds.length
      ? tx
          .select({ id: locations.id, timeZone: locations.timeZone })
          .from(locations)
          .where(and(inArray(locations.id, locationIds), eq(locations.organizationId, organizationId)))
      : [],
  ]);
  return { users: us, members: ms, transactions: ts, locations: ls };
}

/** The organization's transaction `id`, or undefined. */
export async function transactionRefById({
  tx,
  auth,
  id,
}: {
  tx: Tx;
  auth: AuthContext;
  id: string;
}): Promise<TransactionRef | undefined> {
  const [t] = await tx
    .select(refColumns)
    .from(transactions)
    .where(and(eq(transactions.organizationId, auth.organizationId), eq(transactions.id, id)));
  return t;
}

/** The organization's transaction whose invoice or order number is `number` (upper-case), or undefined. */
export async function transactionRefByNumber({
  tx,
  auth,
  number,
}: {
  tx: Tx;
  auth: AuthContext;
  number: string;
}): Promise<TransactionRef | undefined> {
  // invoice and order numbers are stored upper-case (INV-…, ORD-…): an exact match uses their unique indexes
  const [t] = await tx
    .select(refColumns)
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, auth.organizationId),
        or(eq(transactions.invoiceId, number), eq(transactions.orderId, number)),
      ),
    )
    .limit(1);
  return t;
}

/** Whether the organization has the user `id`. */
export async function userExists({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, auth.organizationId)));
  return !!u;
}

/** The organization's team member `id` (names and e-mail), or undefined. */
export async function memberById({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [m] = await tx
    .select({
      id: members.id,
      name: members.name,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
    })
    .from(members)
    .where(and(eq(members.id, id), eq(members.organizationId, auth.organizationId)));
  return m;
}

/** Inserts an issue of the organization; answers the row. */
export async function insertIssue({
  tx,
  auth,
  values,
}: {
  tx: Tx;
  auth: AuthContext;
  values: Omit<IssueInsert, 'organizationId'>;
}): Promise<IssueRow> {
  const [row] = await tx
    .insert(issues)
    .values({ ...values, organizationId: auth.organizationId })
    .returning();
  return row!;
}

/**
 * An alert's issue brought up to date: its description, and `pending` again when it was resolved
 * (the condition came back). Answers the row, or undefined when the issue is gone.
 */
export async function touchAlertIssue({
  tx,
  organizationId,
  id,
  description,
  status,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
  description?: string;
  status?: IssueRow['status'];
}): Promise<IssueRow | undefined> {
  const [row] = await tx
    .update(issues)
    .set({ ...(description ? { description } : {}), ...(status ? { status } : {}), updatedAt: new Date() })
    .where(and(eq(issues.organizationId, organizationId), eq(issues.id, id)))
    .returning();
  return row;
}

/** Whether the organization has a pending issue of `source` at the location with this description. */
export async function pendingIssueExists({
  tx,
  auth,
  source,
  locationId,
  description,
}: {
  tx: Tx;
  auth: AuthContext;
  source: IssueSource;
  locationId: string;
  description: string;
}): Promise<boolean> {
  const [pending] = await tx
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        eq(issues.organizationId, auth.organizationId),
        eq(issues.source, source),
        eq(issues.status, 'pending'),
        eq(issues.idLocation, locationId),
        eq(issues.description, description),
      ),
    )
    .limit(1);
  return !!pending;
}
