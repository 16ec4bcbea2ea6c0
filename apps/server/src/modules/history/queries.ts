import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { TxOrg } from '../../auth/context';
import {
  auditLog,
  conditions,
  devices,
  groups,
  kiosks,
  locations,
  lockerWalls,
  members,
  memberships,
  prices,
  productGroups,
  products,
  promos,
  sizes,
  transactions,
  users,
} from '../../db/schema';

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

/** The records a change may point at by id, each with the text that names it. */
const NAMED = [
  { table: locations, name: sql<string>`${locations.name}` },
  { table: devices, name: sql<string>`${devices.name}` },
  { table: sizes, name: sql<string>`${sizes.name}` },
  { table: prices, name: sql<string>`${prices.name}` },
  { table: promos, name: sql<string>`${promos.name}` },
  { table: memberships, name: sql<string>`${memberships.name}` },
  { table: products, name: sql<string>`${products.name}` },
  { table: productGroups, name: sql<string>`${productGroups.name}` },
  { table: conditions, name: sql<string>`${conditions.name}` },
  { table: groups, name: sql<string>`${groups.name}` },
  { table: kiosks, name: sql<string>`${kiosks.name}` },
  { table: lockerWalls, name: sql<string>`${lockerWalls.name}` },
  { table: users, name: sql<string>`concat_ws(' ', ${users.name}, ${users.lastName})` },
  // a transaction is known by its invoice number (INV-000042)
  { table: transactions, name: sql<string>`${transactions.invoiceId}` },
  {
    table: members,
    name: sql<string>`coalesce(nullif(concat_ws(' ', ${members.firstName}, ${members.lastName}), ''), ${members.email})`,
  },
] as const;

/**
 * The names of the organization's records among `ids` (locations, devices, sizes, prices, users,
 * groups, team members, transactions by invoice number…), in one statement: a History Log shows a
 * related record by its name. An id of a deleted record, or of another organization, is not in the
 * answer.
 */
async function namesOfIds({
  tx,
  organizationId,
  ids,
}: TxOrg<{ ids: string[] }>): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const [first, second, ...rest] = NAMED.map(({ table, name }) =>
    tx
      .select({ id: table.id, name })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.id, ids))),
  );
  const rows = await unionAll(first!, second!, ...rest);
  return new Map(rows.map((r) => [r.id, r.name]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many related records are named per History Log. */
const MAX_NAMED = 500;

type Changes = Record<string, { before: unknown; after: unknown }>;

/** The ids other than `own` that the changes' values hold (an id, or a list of ids), lower-case. */
function referencedIds(changes: Changes[], own: string): string[] {
  const ids = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string' && UUID.test(v) && v.toLowerCase() !== own.toLowerCase())
      ids.add(v.toLowerCase());
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') add(x);
  };
  for (const c of changes)
    for (const { before, after } of Object.values(c)) {
      add(before);
      add(after);
    }
  return [...ids].slice(0, MAX_NAMED);
}

/**
 * The `names` of a History Log (spec operational §2 "… History Log" tabs, §3 Device history log
 * entry): the organization's records whose ids the entries' `changes` hold (at most 500), other than
 * the record `own` whose log it is, by id (`namesOfIds`), so a related record shows by its name.
 * `{ [id]: name }`; an id of a deleted record or of another organization is left out, and the log
 * shows it as it is stored.
 */
export async function namesInChanges({
  tx,
  organizationId,
  changes,
  own,
}: TxOrg<{ changes: Changes[]; own: string }>): Promise<Record<string, string>> {
  const names = await namesOfIds({ tx, organizationId, ids: referencedIds(changes, own) });
  return Object.fromEntries(names);
}
