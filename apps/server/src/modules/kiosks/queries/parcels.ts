import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { reservations, sizes, transactions, users } from '../../../db/schema';

/**
 * The parcels the organization expects at a place: its active delivery reservations, by tracking
 * number (upper case, unique per organization among deliveries), that no delivery carries yet.
 */
export async function expectedParcel({
  tx,
  organizationId,
  idLocation,
  trackingNumber,
}: TxOrg<{ idLocation: string; trackingNumber: string }>) {
  const taken = sql`exists (select 1 from ${transactions} where ${transactions.organizationId} = ${organizationId} and ${transactions.trackingNumber} = ${trackingNumber} and ${transactions.status} <> 'canceled')`;
  const [row] = await tx
    .select({
      id: reservations.id,
      trackingNumber: reservations.trackingNumber,
      idSize: reservations.idSize,
      sizeName: sizes.name,
      idDevice: reservations.idDevice,
      idUser: reservations.idUser,
      phoneNumber: reservations.phoneNumber,
      email: reservations.email,
      userName: users.name,
      userLastName: users.lastName,
      userPhone: users.phoneNumber,
      userEmail: users.email,
    })
    .from(reservations)
    .leftJoin(sizes, and(eq(sizes.id, reservations.idSize), eq(sizes.organizationId, organizationId)))
    .leftJoin(
      users,
      and(
        eq(users.id, reservations.idUser),
        eq(users.organizationId, organizationId),
        eq(users.isDeleted, false),
      ),
    )
    .where(
      and(
        eq(reservations.organizationId, organizationId),
        eq(reservations.mode, 'delivery'),
        eq(reservations.status, 'active'),
        eq(reservations.trackingNumber, trackingNumber),
        or(eq(reservations.idLocation, idLocation), isNull(reservations.idLocation)),
        gt(reservations.endsAt, sql`now()`),
        sql`not ${taken}`,
      ),
    );
  return row;
}

/** Expected parcel `id` (see `expectedParcel`) by its reservation's id, still expected here. */
export async function expectedParcelById({
  tx,
  organizationId,
  idLocation,
  id,
}: TxOrg<{ idLocation: string; id: string }>) {
  const [r] = await tx
    .select({ trackingNumber: reservations.trackingNumber })
    .from(reservations)
    .where(
      and(
        eq(reservations.organizationId, organizationId),
        eq(reservations.id, id),
        eq(reservations.mode, 'delivery'),
      ),
    );
  if (!r?.trackingNumber) return undefined;
  return expectedParcel({ tx, organizationId, idLocation, trackingNumber: r.trackingNumber });
}
