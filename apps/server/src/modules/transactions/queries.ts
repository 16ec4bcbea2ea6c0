import type { TTransactionStatus } from '@lockerops/contract';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { TxOrg } from '../../auth/context';
import type { Tx } from '../../db/client';
import { transactionCounters, transactionLogs, transactionShares, transactions } from '../../db/schema';
import { preparedOnce } from '../../lib/prepared';
import { RawParams, rowOf, runRaw, setList, valuesList } from '../../lib/raw-sql';

/**
 * The queries of the transaction life cycle on its own tables (transactions, their history log,
 * counters and share links); what a step reads and changes around it (doors, prices, users…) is
 * in `queries/lookups.ts`, the lists and the wire shape in `queries/list.ts` / `queries/wire.ts`.
 */

export type TransactionRow = typeof transactions.$inferSelect;
/** A new transaction row. */
export type NewTransaction = typeof transactions.$inferInsert;
/** The columns a step changes. */
export type TransactionPatch = Partial<NewTransaction>;

/** Who took a step: a team member, an API key, or the system (jobs). */
export interface Actor {
  type: 'member' | 'api_key' | 'system';
  id: string | null;
  name: string | null;
}

/**
 * The next readable number of an organization, atomically (one upsert on its counter row): answers
 * `{ invoiceId: 'INV-000042', orderId: 'ORD-000042' }`.
 */
export async function nextNumbers({
  tx,
  organizationId,
}: TxOrg): Promise<{ invoiceId: string; orderId: string }> {
  const [row] = await tx
    .insert(transactionCounters)
    .values({ organizationId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: transactionCounters.organizationId,
      set: { lastNumber: sql`${transactionCounters.lastNumber} + 1` },
    })
    .returning({ n: transactionCounters.lastNumber });
  const n = String(row!.n).padStart(6, '0');
  return { invoiceId: `INV-${n}`, orderId: `ORD-${n}` };
}

/** Locks one transaction of the organization for update; undefined when missing or foreign. */
export async function lockTransaction({
  tx,
  organizationId,
  id,
}: TxOrg<{ id: string }>): Promise<TransactionRow | undefined> {
  const [row] = await lockTransactionStatement(tx, { id, org: organizationId });
  return row;
}

// a named prepared statement built once: every step on a transaction locks it, on each of its passes
const lockTransactionStatement = preparedOnce((tx) =>
  tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, sql.placeholder('id')),
        eq(transactions.organizationId, sql.placeholder('org')),
      ),
    )
    .for('update')
    .prepare('transaction_for_update'),
);

/** Locks many transactions of the organization for update, in id order (no deadlock between two bulk calls). */
export async function lockTransactions({
  tx,
  organizationId,
  ids,
}: TxOrg<{ ids: string[] }>): Promise<TransactionRow[]> {
  return tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, [...new Set(ids)])))
    .orderBy(asc(transactions.id))
    .for('update');
}

/** Appends one entry to the Transaction History Log, in the step's transaction. */
export async function writeLog({
  tx,
  ...entry
}: {
  tx: Tx;
  organizationId: string;
  transactionId: string;
  action: string;
  statusBefore: TTransactionStatus | null;
  statusAfter: TTransactionStatus;
  detail?: Record<string, unknown>;
  actor: Actor;
}): Promise<void> {
  await logInsert(tx, {
    org: entry.organizationId,
    transaction: entry.transactionId,
    action: entry.action,
    before: entry.statusBefore,
    after: entry.statusAfter,
    detail: entry.detail ?? {},
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
  });
}

// a named prepared statement built once: every step writes its log entry
const logInsert = preparedOnce((tx) =>
  tx
    .insert(transactionLogs)
    .values({
      organizationId: sql.placeholder('org'),
      transactionId: sql.placeholder('transaction'),
      action: sql.placeholder('action'),
      statusBefore: sql.placeholder('before'),
      statusAfter: sql.placeholder('after'),
      detail: sql.placeholder('detail'),
      actorType: sql.placeholder('actorType'),
      actorId: sql.placeholder('actorId'),
      actorName: sql.placeholder('actorName'),
    })
    .prepare('transaction_log_insert'),
);

/** How many log entries of `action` the transaction has (declines, penalties). */
export async function logCount({
  tx,
  t,
  action,
}: {
  tx: Tx;
  t: TransactionRow;
  action: string;
}): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(transactionLogs)
    .where(
      and(
        eq(transactionLogs.organizationId, t.organizationId),
        eq(transactionLogs.transactionId, t.id),
        eq(transactionLogs.action, action),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Inserts a transaction and answers its row; a column's value may be an SQL expression the insert
 * evaluates (a currency read from the settings, `defaultCurrencySql`).
 */
export async function insertTransaction({
  tx,
  values,
}: {
  tx: Tx;
  values: PgInsertValue<typeof transactions>;
}): Promise<TransactionRow> {
  // every start writes one (`lib/raw-sql.ts`: Drizzle's builder cost more than the insert)
  const p = new RawParams();
  const [row] = await runRaw<Record<string, unknown>>(
    tx,
    `insert into "transactions" ${valuesList(p, transactions, [values as Record<string, unknown>])} returning *`,
    p,
  );
  return rowOf<TransactionRow>(transactions, row!);
}

/** Changes the columns `patch` of one transaction (and its `updated_at`); answers the row after. */
export async function updateTransaction({
  tx,
  t,
  patch,
}: {
  tx: Tx;
  t: TransactionRow;
  patch: TransactionPatch;
}): Promise<TransactionRow> {
  // every step writes one (`lib/raw-sql.ts`)
  const p = new RawParams();
  const set = setList(p, transactions, { ...patch, updatedAt: new Date() });
  const [row] = await runRaw<Record<string, unknown>>(
    tx,
    `update "transactions" set ${set} where "id" = ${p.add(t.id)} and "organization_id" = ${p.add(t.organizationId)} returning *`,
    p,
  );
  return (row && rowOf<TransactionRow>(transactions, row)) as TransactionRow;
}

/** Records a declined charge on the transaction: `payment_status` failed and the provider's payment. */
export async function markPaymentFailed({
  tx,
  t,
  reference,
}: {
  tx: Tx;
  t: TransactionRow;
  reference: string | null;
}): Promise<void> {
  await tx
    .update(transactions)
    .set({ paymentStatus: 'failed', paymentRef: reference, updatedAt: new Date() })
    .where(and(eq(transactions.id, t.id), eq(transactions.organizationId, t.organizationId)));
}

/** Sets the count of wrong pickup codes of the organization's delivery `id`. */
export async function setPickupAttempts({
  tx,
  organizationId,
  id,
  attempts,
}: TxOrg<{ id: string; attempts: number }>): Promise<void> {
  await tx
    .update(transactions)
    .set({ pickupAttempts: attempts })
    .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)));
}

/**
 * Marks that the organization's transaction `id` no longer holds its door (the hold moves to
 * another one).
 */
export async function clearDeviceHeld({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<void> {
  await tx
    .update(transactions)
    .set({ deviceHeld: false })
    .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)));
}

/** One transaction of the organization (not locked), or undefined. */
export async function transactionById({
  tx,
  organizationId,
  id,
}: TxOrg<{ id: string }>): Promise<TransactionRow | undefined> {
  const [t] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)));
  return t;
}

/** Records whether a delivery's pickup code reached its recipient, and when. */
export async function setNotification({
  tx,
  organizationId,
  id,
  status,
}: TxOrg<{ id: string; status: 'sent' | 'failed' }>): Promise<void> {
  await tx
    .update(transactions)
    .set({ notificationStatus: status, notificationDate: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)));
}

/** Stores a share link of a transaction by its token's SHA-256. */
export async function insertShare({
  tx,
  t,
  tokenHash,
}: {
  tx: Tx;
  t: TransactionRow;
  tokenHash: string;
}): Promise<void> {
  await tx
    .insert(transactionShares)
    .values({ organizationId: t.organizationId, transactionId: t.id, tokenHash });
}

/**
 * Deliveries awaiting user pickup whose `expires_at` has passed, across organizations, locked;
 * rows another run is changing are skipped (`FOR UPDATE SKIP LOCKED`). At most 500.
 */
export async function lockDueDeliveries({ tx, now }: { tx: Tx; now: Date }): Promise<TransactionRow[]> {
  // tenant: every organization — the expiry job's sweep of deliveries past their expiry
  return tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.type, 'delivery'),
        eq(transactions.status, 'awaiting_user_pickup'),
        lte(transactions.expiresAt, now),
      ),
    )
    .limit(500)
    .for('update', { skipLocked: true });
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
