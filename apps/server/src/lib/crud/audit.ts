import { AUDIT_SECRET_CHANGED, AUDIT_SECRET_FIELD } from '@lockerops/contract';
import type { AuthContext, TxAuth } from '../../auth/context';
import { auditLog } from '../../db/schema';

const IGNORED = new Set(['updated_at', 'created_at', 'organization_id', 'password_hash']);

// Fields matching the contract's `AUDIT_SECRET_FIELD` keep only the fact of a change
// (`AUDIT_SECRET_CHANGED`); the migration `scrub_audit_secrets` uses the same pattern for older rows.
const hide = (v: unknown) => (v === null || v === undefined ? null : AUDIT_SECRET_CHANGED);

/** `changes` with every secret field's before/after replaced by `AUDIT_SECRET_CHANGED` (null stays null). */
export function scrubSecrets(
  changes: Record<string, { before: unknown; after: unknown }>,
): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const [k, v] of Object.entries(changes))
    out[k] = AUDIT_SECRET_FIELD.test(k) ? { before: hide(v?.before), after: hide(v?.after) } : v;
  return out;
}

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

/** The audit entry of one change (see `writeAudit`). */
export interface AuditEntry {
  entity: string;
  entityId: string;
  action: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  changes?: Record<string, { before: unknown; after: unknown }>;
}

/**
 * Writes one audit entry in the caller's transaction (so it commits or rolls back with the change).
 * Secret fields (`AUDIT_SECRET_FIELD`) are stored as `AUDIT_SECRET_CHANGED`, never their values.
 * `action` is create, update, delete, or an action name (maintenance, unlock, assign…).
 */
export async function writeAudit({ tx, auth, entry }: TxAuth<{ entry: AuditEntry }>): Promise<void> {
  await writeAudits({ tx, auth, entries: [entry] });
}

/** Writes several audit entries (as `writeAudit` does each) in one statement; none when empty. */
export async function writeAudits({ tx, auth, entries }: TxAuth<{ entries: AuditEntry[] }>): Promise<void> {
  if (!entries.length) return;
  await tx.insert(auditLog).values(auditRows(auth, entries));
}

/**
 * The audit_log rows of `entries` as `writeAudits` inserts them (secrets scrubbed), for a caller
 * that writes them within a statement of its own.
 */
export function auditRows(auth: AuthContext, entries: AuditEntry[]) {
  return entries.map((entry) => ({
    organizationId: auth.organizationId,
    actorType: auth.actor.type,
    actorId: auth.actor.id,
    actorName: auth.actor.name,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: scrubSecrets(entry.changes ?? diff(entry.before, entry.after)),
  }));
}
