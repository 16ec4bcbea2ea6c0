import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Maps a Drizzle row (camelCase properties) to the wire's snake_case names, using each column's
 * database name; timestamps become ISO 8601 strings.
 */
export function toWire<T extends Table>(table: T, row: T['$inferSelect']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const cols = getTableColumns(table) as Record<string, { name: string; generated?: unknown }>;
  for (const [prop, col] of Object.entries(cols)) {
    if (col.generated) continue; // a copy the database derives (users.email_normalized), not a field
    const v = (row as Record<string, unknown>)[prop];
    out[col.name] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** ISO 8601 UTC text of a timestamp, or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
