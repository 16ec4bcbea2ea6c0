import { and, asc, count, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { couriers, groups, groupUsers, kioskAttempts, users } from '../../../db/schema';

/**
 * The couriers — the users of the organization's groups marked `couriers` — with their codes'
 * hashes, and the wrong codes typed at the screens.
 */

/** User `idUser` (a column) is in one of the organization's courier groups. */
const inCourierGroup = (organizationId: string, idUser: SQL | typeof users.id) =>
  sql`exists (select 1 from ${groupUsers} join ${groups} on ${groups.id} = ${groupUsers.groupId} where ${groupUsers.organizationId} = ${organizationId} and ${groups.organizationId} = ${organizationId} and ${groups.couriers} and ${groupUsers.userId} = ${idUser})`;

/** A user who may sign in as a courier: active, not deleted, in a courier group. */
const activeCourier = (organizationId: string) =>
  and(
    eq(users.organizationId, organizationId),
    eq(users.active, true),
    eq(users.isDeleted, false),
    inCourierGroup(organizationId, users.id),
  );

const courierColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  active: users.active,
  hasCode: sql<boolean>`${couriers.codeHash} is not null`,
  lastUsedAt: couriers.lastUsedAt,
  createdAt: users.createdAt,
};

/** The organization's couriers (users of its courier groups, not deleted), by name. */
export async function listCouriers({ tx, organizationId }: TxOrg) {
  return tx
    .select(courierColumns)
    .from(users)
    .leftJoin(couriers, and(eq(couriers.organizationId, organizationId), eq(couriers.id, users.id)))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isDeleted, false),
        inCourierGroup(organizationId, users.id),
      ),
    )
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id));
}

/** Courier `id` as the console lists them, or undefined when the user is no courier. */
export async function courierRow({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [row] = await tx
    .select(courierColumns)
    .from(users)
    .leftJoin(couriers, and(eq(couriers.organizationId, organizationId), eq(couriers.id, users.id)))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.id, id),
        eq(users.isDeleted, false),
        inCourierGroup(organizationId, users.id),
      ),
    );
  return row;
}

/** The organization's first group marked `couriers`, or undefined. */
export async function courierGroupId({ tx, organizationId }: TxOrg): Promise<string | undefined> {
  const [g] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), eq(groups.couriers, true)))
    .orderBy(asc(groups.createdAt), asc(groups.id))
    .limit(1);
  return g?.id;
}

/** Whether user `id` is one of the organization's (not deleted). */
export async function userExists({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id), eq(users.isDeleted, false)));
  return Boolean(u);
}

/** Gives courier `id` a (new) code: the old one stops. */
export async function setCourierCode({
  tx,
  organizationId,
  id,
  codeHash,
}: TxOrg<{ id: string; codeHash: string }>) {
  await tx
    .insert(couriers)
    .values({ organizationId, id, codeHash })
    .onConflictDoUpdate({
      target: [couriers.organizationId, couriers.id],
      set: { codeHash, lastUsedAt: null },
    });
}

/** The code of courier `id` dropped (they left the couriers' groups). */
export async function deleteCourierCode({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<void> {
  await tx.delete(couriers).where(and(eq(couriers.organizationId, organizationId), eq(couriers.id, id)));
}

/** The courier with this code's hash, still a courier (recording the use), or undefined. */
export async function courierByCode({ tx, organizationId, codeHash }: TxOrg<{ codeHash: string }>) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, lastName: users.lastName })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.id))
    .where(
      and(
        eq(couriers.organizationId, organizationId),
        eq(couriers.codeHash, codeHash),
        activeCourier(organizationId),
      ),
    );
  if (row)
    await tx
      .update(couriers)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(couriers.organizationId, organizationId), eq(couriers.id, row.id)));
  return row;
}

/** Courier `id` while still a courier with a code, or undefined. */
export async function courierById({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, lastName: users.lastName })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.id))
    .where(
      and(eq(couriers.organizationId, organizationId), eq(couriers.id, id), activeCourier(organizationId)),
    );
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
