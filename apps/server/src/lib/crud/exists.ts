/**
 * One existence check for every tenant table an input may name (a size, a location, a product):
 * whether the organization has the row `id`. Another organization's id answers false, as a
 * missing one does, so the caller answers 400 or 404 without telling them apart.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, products, sizes } from '../../db/schema';

/** The tables an existence check may name. */
const TABLES = { sizes, locations, products } as const;

/** Whether the organization has the row `id` of `table`. */
export async function existsIn({
  tx,
  organizationId,
  table,
  id,
}: {
  tx: DbOrTx;
  organizationId: string;
  table: keyof typeof TABLES;
  id: string;
}): Promise<boolean> {
  const t = TABLES[table];
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.organizationId, organizationId)))
    .limit(1);
  return !!row;
}
