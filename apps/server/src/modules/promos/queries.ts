/**
 * The promos a life-cycle step reads (spec: operational §5 Promo): one by its code, valid at a
 * moment, and one by id.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { TxOrg } from '../../auth/context';
import { promos } from '../../db/schema';

/** The organization's promo with this code (any case) valid at `at`, or undefined. */
export async function promoValidAt({ tx, organizationId, code, at }: TxOrg<{ code: string; at: Date }>) {
  const [p] = await tx
    .select()
    .from(promos)
    .where(
      and(
        eq(promos.organizationId, organizationId),
        sql`lower(${promos.code}) = ${code.toLowerCase()}`,
        lte(promos.startTime, at),
        sql`${promos.endTime} >= ${at.toISOString()}`,
      ),
    );
  return p;
}

/** A promo by id (the transaction's). */
export async function promoById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [p] = await tx
    .select()
    .from(promos)
    .where(and(eq(promos.organizationId, organizationId), eq(promos.id, id)));
  return p;
}
