import type { AuthContext } from '../../auth/context';
import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

const IGNORED = new Set(['updated_at', 'created_at', 'organization_id', 'password_hash']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changed fields between two wire-shaped (snake_case) records, `{ field: { before, after } }`.
 * A create has no `before`; a delete has no `after`.
 */
export function diff(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (IGNORED.has(k)) continue;
    const b = before?.[k];
    const a = after?.[k];
    if (!same(b, a)) out[k] = { before: b ?? null, after: a ?? null };
  }
  return out;
}

/**
 * Writes one audit entry in the caller's transaction (so it commits or rolls back with the change).
 * `action` is create, update, delete, or an action name (maintenance, unlock, assign…).
 */
export async function writeAudit(
  tx: Tx,
  auth: AuthContext,
  entry: {
    entity: string;
    entityId: string;
    action: string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    changes?: Record<string, { before: unknown; after: unknown }>;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    organizationId: auth.organizationId,
    actorType: auth.actor.type,
    actorId: auth.actor.id,
    actorName: auth.actor.name,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes ?? diff(entry.before, entry.after),
  });
}
