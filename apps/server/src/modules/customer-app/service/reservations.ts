import { randomBytes } from 'node:crypto';
import { CUSTOMER_RENTAL_MESSAGES as R, type TCustomerReservation } from '@lockerops/contract';
import type { TxAuth } from '../../../auth/context';
import { Conflict, Forbidden, NotFound } from '../../../errors';
import { organizationTimeZone } from '../../dashboard';
import { bookReservation, cancelBooking } from '../../reservations';
import { getLiteApp } from '../../toolbox';
import { customerReservations, isPublicPlace } from '../queries/reservations';

/*
 * Reserving a locker ahead in the Lite App (README "Lite App"), while the customizer's "Allow
 * users to reserve a locker" is on: the reservations area's own booking (its rules, the first free
 * locker of the size for the window, the exclusion constraint against double booking), for the
 * signed-in customer. The window is typed as the place's wall clock and sent with its offset.
 */

/** A tracking number for an app booking: `A` and 9 characters of an unambiguous alphabet. */
function trackingNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `A${[...randomBytes(9)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

type Row = Awaited<ReturnType<typeof customerReservations>>[number];

const reservationOf = (r: Row, zone: string): TCustomerReservation => ({
  id: r.id,
  status: r.status,
  location: r.location,
  locker_number: r.lockerNumber,
  time_zone: r.timeZone || zone,
  starts_at: r.startsAt.toISOString(),
  ends_at: r.endsAt.toISOString(),
});

/** `GET customer/{organization}/reservations`: the customer's own reservations, newest window first. */
export async function myReservations({
  tx,
  auth,
  customerId,
}: TxAuth<{ customerId: string }>): Promise<{ items: TCustomerReservation[] }> {
  const organizationId = auth.organizationId;
  const rows = await customerReservations({ tx, organizationId, userId: customerId });
  const zone = await organizationTimeZone({ tx, organizationId });
  return { items: rows.map((r) => reservationOf(r, zone)) };
}

/**
 * `POST customer/{organization}/reservations`: books a storage locker of `id_size` at the public
 * place `id_location` from `start` to `end` for the customer (`bookReservation`: 400 for a window
 * that is not one or is too long, 409 when no locker of the size is free for it or past the
 * customer's maximum of reservations). 403 while the organization's "Allow users to reserve a
 * locker" is off; 404 for a place that is not public.
 */
export async function reserve({
  tx,
  auth,
  customerId,
  body,
  now,
}: TxAuth<{
  customerId: string;
  body: { id_location: string; id_size: string; start: string; end: string };
  now: Date;
}>): Promise<TCustomerReservation> {
  const organizationId = auth.organizationId;
  const settings = await getLiteApp({ tx, organizationId });
  if (!settings.allow_reservations) throw Forbidden(R.reservationsOff);
  if (!(await isPublicPlace({ tx, organizationId, id: body.id_location })))
    throw NotFound(R.reservationNotPublic);
  const row = await bookReservation({
    tx,
    auth,
    input: {
      mode: 'storage',
      id_location: body.id_location,
      id_size: body.id_size,
      id_user: customerId,
      tracking_number: trackingNumber(),
      start_date: body.start,
      end_date: body.end,
    },
    now,
  });
  const [mine] = await customerReservations({ tx, organizationId, userId: customerId, id: row.id });
  return reservationOf(mine!, await organizationTimeZone({ tx, organizationId }));
}

/**
 * `DELETE customer/{organization}/reservations/{id}`: the customer cancels their own active
 * reservation (the reservations area's delete: its holds go, the locker is free for the window
 * again). 404 when it is not the customer's; 409 when it has ended.
 */
export async function cancelReservation({
  tx,
  auth,
  customerId,
  id,
}: TxAuth<{ customerId: string; id: string }>): Promise<{ detail: string }> {
  const [mine] = await customerReservations({
    tx,
    organizationId: auth.organizationId,
    userId: customerId,
    id,
  });
  if (!mine) throw NotFound(R.reservationNotFound);
  if (mine.status !== 'active') throw Conflict(R.reservationEnded);
  await cancelBooking({ tx, auth, id });
  return { detail: R.reservationCanceled };
}
