import { and, desc, eq } from 'drizzle-orm';
import type { TxOrg } from '../../auth/context';
import { auditLog } from '../../db/schema';

type AuditRow = typeof auditLog.$inferSelect;

/**
 * The audit entries of one record of the organization, newest first, at most 200 — the per-entity
 * History Log tabs (spec operational: Device History Log, User History Log…). Never throws for a
 * record without entries (an empty list).
 */
export function listAuditEntries({
  tx,
  organizationId,
  entity,
  entityId,
}: TxOrg<{ entity: string; entityId: string }>): Promise<AuditRow[]> {
  return tx
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organizationId, organizationId),
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, entityId),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
}
