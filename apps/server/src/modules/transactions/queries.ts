import type { TTransactionStatus } from '@lockerops/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { transactionCounters, transactionLogs, transactions } from '../../db/schema';
export type TransactionRow = typeof transactions.$inferSelect;

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
export async function nextNumbers(
  tx: Tx,
  organizationId: string,
): Promise<{ invoiceId: string; orderId: string }> {
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
export async function lockTransaction(
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.organizationId, organizationId)))
    .for('update');
  return row;
}

/** Locks many transactions of the organization for update, in id order (no deadlock between two bulk calls). */
export async function lockTransactions(
  tx: Tx,
  organizationId: string,
  ids: string[],
): Promise<TransactionRow[]> {
  return tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), inArray(transactions.id, [...new Set(ids)])))
    .orderBy(asc(transactions.id))
    .for('update');
}

/** Appends one entry to the Transaction History Log, in the step's transaction. */
export async function writeLog(
  tx: Tx,
  entry: {
    organizationId: string;
    eventId: string;
    action: string;
    statusBefore: TTransactionStatus | null;
    statusAfter: TTransactionStatus;
    detail?: Record<string, unknown>;
    actor: Actor;
  },
): Promise<void> {
  await tx.insert(transactionLogs).values({
    organizationId: entry.organizationId,
    idEvent: entry.eventId,
    action: entry.action,
    statusBefore: entry.statusBefore,
    statusAfter: entry.statusAfter,
    detail: entry.detail ?? {},
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
  });
}
