import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { couriers, kioskAttempts } from '../../../db/schema';

/** The couriers and their codes' hashes, and the wrong codes typed at the screens. */

/** The organization's couriers, by name. */
export async function listCouriers({ tx, organizationId }: TxOrg) {
  return tx
    .select({
      id: couriers.id,
      name: couriers.name,
      lastUsedAt: couriers.lastUsedAt,
      createdAt: couriers.createdAt,
    })
    .from(couriers)
    .where(eq(couriers.organizationId, organizationId))
    .orderBy(asc(couriers.name), asc(couriers.id));
}

/** A new courier with the code's hash. */
export async function insertCourier({
  tx,
  organizationId,
  name,
  codeHash,
}: TxOrg<{ name: string; codeHash: string }>) {
  const [row] = await tx.insert(couriers).values({ organizationId, name, codeHash }).returning({
    id: couriers.id,
    name: couriers.name,
    lastUsedAt: couriers.lastUsedAt,
    createdAt: couriers.createdAt,
  });
  return row!;
}

/** Gives courier `id` a new code (the old one stops); undefined when there is no such courier. */
export async function setCourierCode({
  tx,
  organizationId,
  id,
  codeHash,
}: TxOrg<{ id: string; codeHash: string }>) {
  const [row] = await tx
    .update(couriers)
    .set({ codeHash })
    .where(and(eq(couriers.organizationId, organizationId), eq(couriers.id, id)))
    .returning({
      id: couriers.id,
      name: couriers.name,
      lastUsedAt: couriers.lastUsedAt,
      createdAt: couriers.createdAt,
    });
  return row;
}

/** Removes courier `id`; answers whether it existed. */
export async function deleteCourier({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<boolean> {
  const rows = await tx
    .delete(couriers)
    .where(and(eq(couriers.organizationId, organizationId), eq(couriers.id, id)))
    .returning({ id: couriers.id });
  return rows.length > 0;
}

/** The courier with this code's hash (recording the use), or undefined. */
export async function courierByCode({ tx, organizationId, codeHash }: TxOrg<{ codeHash: string }>) {
  const [row] = await tx
    .update(couriers)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(couriers.organizationId, organizationId), eq(couriers.codeHash, codeHash)))
    .returning({ id: couriers.id, name: couriers.name });
  return row;
}

/** Courier `id`, or undefined once removed. */
export async function courierById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [row] = await tx
    .select({ id: couriers.id, name: couriers.name })
    .from(couriers)
    .where(and(eq(couriers.organizationId, organizationId), eq(couriers.id, id)));
  return row;
}

/** What a screen's attempts are counted for: wrong pickup or courier codes, recipient searches. */
export type KioskAttemptKind = 'pickup' | 'courier' | 'search';

/** Wrong codes (or searches) of `kind` typed at kiosk `idKiosk` in the last `seconds`. */
export async function wrongTries({
  tx,
  organizationId,
  idKiosk,
  kind,
  seconds,
}: TxOrg<{ idKiosk: string; kind: KioskAttemptKind; seconds: number }>): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(kioskAttempts)
    .where(
      and(
        eq(kioskAttempts.organizationId, organizationId),
        eq(kioskAttempts.idKiosk, idKiosk),
        eq(kioskAttempts.kind, kind),
        gt(kioskAttempts.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
  return r?.n ?? 0;
}

/** Counts one wrong code (or search) at a kiosk, and prunes the organization's counts older than an hour. */
export async function recordWrongTry({
  tx,
  organizationId,
  idKiosk,
  kind,
}: TxOrg<{ idKiosk: string; kind: KioskAttemptKind }>): Promise<void> {
  await tx.insert(kioskAttempts).values({ organizationId, idKiosk, kind });
  await tx
    .delete(kioskAttempts)
    .where(
      and(
        eq(kioskAttempts.organizationId, organizationId),
        lt(kioskAttempts.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
}
