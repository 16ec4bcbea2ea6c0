import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import { devices, locations, reservations } from '../../../db/schema';

/*
 * The customer's reservations as the Lite App shows them, and the public place check of a booking.
 * Every statement names its organization.
 */

const columns = {
  id: reservations.id,
  status: reservations.status,
  location: locations.name,
  timeZone: locations.timeZone,
  lockerNumber: devices.lockerNumber,
  startsAt: reservations.startsAt,
  endsAt: reservations.endsAt,
};

/** The user's reservations (one of them: `id`), newest first (at most 100), with place and door. */
export function customerReservations({
  tx,
  organizationId,
  userId,
  id,
}: TxOrg<{ userId: string; id?: string }>) {
  return tx
    .select(columns)
    .from(reservations)
    .leftJoin(
      locations,
      and(eq(locations.id, reservations.idLocation), eq(locations.organizationId, organizationId)),
    )
    .leftJoin(devices, and(eq(devices.id, reservations.idDevice), eq(devices.organizationId, organizationId)))
    .where(
      and(
        eq(reservations.organizationId, organizationId),
        eq(reservations.idUser, userId),
        id ? eq(reservations.id, id) : undefined,
      ),
    )
    .orderBy(desc(reservations.startsAt))
    .limit(100);
}

/** Whether `id` is a public place of the organization (not hidden, not restricted). */
export async function isPublicPlace({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.organizationId, organizationId),
        eq(locations.id, id),
        eq(locations.hidden, false),
        isNull(locations.restrictionType),
      ),
    );
  return Boolean(row);
}
