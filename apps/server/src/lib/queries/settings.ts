/**
 * Reads of the per-organization settings rows (one row per organization, keyed by
 * `organization_id`): the organization's `settings` and the areas' own settings tables. Each names
 * the organization in its `where`.
 */
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

/** One column of the organization's `settings` row; undefined for an organization without settings. */
export async function settingOf<TColumn extends AnyPgColumn>({
  tx,
  organizationId,
  column,
}: {
  tx: DbOrTx;
  organizationId: string;
  column: TColumn;
}): Promise<TColumn['_']['data'] | undefined> {
  const [row] = await tx
    .select({ value: column as AnyPgColumn })
    .from(settings)
    .where(eq(settings.organizationId, organizationId));
  return row?.value as TColumn['_']['data'] | undefined;
}

/** The organization's one row of a settings table keyed by `organization_id`, or undefined (never saved). */
export async function settingsRowOf<TTable extends PgTable & { organizationId: AnyPgColumn }>({
  tx,
  table,
  organizationId,
}: {
  tx: DbOrTx;
  table: TTable;
  organizationId: string;
}): Promise<TTable['$inferSelect'] | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.organizationId, organizationId));
  return row as TTable['$inferSelect'] | undefined;
}
