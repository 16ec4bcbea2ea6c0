import { DEVICE_MESSAGES, type TDeviceLog, ZDeviceLog } from '@lockerops/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { TxAuth } from '../../../auth/context';
import { auditLog, devices, deviceUnlocks, transactionLogs, transactions } from '../../../db/schema';
import { pageOf, pageOffset } from '../../../lib/crud/paging';
import { findOr404 } from '../../../lib/crud/resource';
import { wireOf } from '../../../lib/wire';
import { namesInChanges } from '../../history';
import { unlockToWire } from '../service/unlock-records';

/**
 * One page of a device's unlock timeline (`GET devices/{id}/unlocks`), newest first, on the wire.
 * 404 "Device not found" for a device of another organization. spec: CONTRIBUTING.md "Adapters (outside systems)" (locks).
 */
export async function deviceUnlocksPage({
  tx,
  auth,
  id,
  page,
  size,
}: TxAuth<{ id: string; page: number; size: number }>) {
  await findOr404({ tx, table: devices, auth, id, what: DEVICE_MESSAGES.notFound });
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(deviceUnlocks)
    .where(and(eq(deviceUnlocks.organizationId, auth.organizationId), eq(deviceUnlocks.idDevice, id)));
  const rows = await tx
    .select()
    .from(deviceUnlocks)
    .where(and(eq(deviceUnlocks.organizationId, auth.organizationId), eq(deviceUnlocks.idDevice, id)))
    .orderBy(desc(deviceUnlocks.requestedAt), desc(deviceUnlocks.id))
    .limit(size)
    .offset(pageOffset(page, size));
  const total = Number(n);
  return pageOf(rows.map(unlockToWire), total, page, size);
}

/** The most entries a device's history log answers. */
const LOG_LIMIT = 500;

/**
 * A device's history log (`GET device-logs/{id}`): its audit entries (action as `log_type`) and the
 * steps of the transactions held on it (the step as `log_type`, the status change as `changes`,
 * the transaction's invoice number as `event`), newest first, at most 500; `names` maps the ids the
 * changes hold (its location, size, price, product, users…) to their names (`namesInChanges`), so
 * the log reads as names, not ids. 404 "Device not found" for a device of another organization.
 * spec: operational §3 Device history log entry.
 */
export async function deviceLogs({
  tx,
  auth,
  id,
}: TxAuth<{ id: string }>): Promise<{ items: TDeviceLog[]; names: Record<string, string> }> {
  await findOr404({ tx, table: devices, auth, id, what: DEVICE_MESSAGES.notFound });
  const rows = await tx
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organizationId, auth.organizationId),
        eq(auditLog.entity, 'device'),
        eq(auditLog.entityId, id),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(LOG_LIMIT);
  const steps = await tx
    .select({ log: transactionLogs, invoiceId: transactions.invoiceId })
    .from(transactionLogs)
    .innerJoin(
      transactions,
      and(
        eq(transactions.id, transactionLogs.transactionId),
        eq(transactions.organizationId, transactionLogs.organizationId),
      ),
    )
    .where(and(eq(transactionLogs.organizationId, auth.organizationId), eq(transactions.idDevice, id)))
    .orderBy(desc(transactionLogs.createdAt), desc(transactionLogs.id))
    .limit(LOG_LIMIT);
  const items: Array<TDeviceLog & { at: Date }> = [
    ...rows.map((r) => ({
      ...wireOf(ZDeviceLog, r, {
        log_type: r.action,
        changes: r.changes as Record<string, { before: unknown; after: unknown }>,
        event: null,
      }),
      at: r.createdAt,
    })),
    ...steps.map(({ log, invoiceId }) => ({
      ...wireOf(ZDeviceLog, log, {
        log_type: log.action,
        changes:
          log.statusBefore === log.statusAfter
            ? {}
            : { status: { before: log.statusBefore, after: log.statusAfter } },
        event: { invoice_id: invoiceId },
      }),
      at: log.createdAt,
    })),
  ];
  items.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1));
  const shown = items.slice(0, LOG_LIMIT).map(({ at: _at, ...entry }) => entry);
  const names = await namesInChanges({
    tx,
    organizationId: auth.organizationId,
    changes: shown.map((e) => e.changes),
    own: id,
  });
  return { items: shown, names };
}
