import { ZReservationCreateRequest } from '@lockerops/contract';
import type { z } from 'zod';
import type { TxAuth } from '../../../auth/context';
import { BadRequest } from '../../../errors';
import { writeAudit } from '../../../lib/crud/audit';
import { deleteReservationRow, insertReservationRow, type ReservationRow } from '../queries';
import { emitReservation, reservationValues, writeHolds } from '../service';

/**
 * Books a reservation for a caller outside the console (the Lite App's customer), through the
 * console's own path (spec: operational §5 Reservation): the request's schema, `reservationValues`
 * (the organization's reservation rules and the first free locker of the size for the window),
 * the insert, `writeHolds` (the exclusion constraint against double booking: 409), the
 * `on_reservation` domain event and the audit entry, in the caller's transaction. 400 with the
 * schema's messages; 404 for another organization's ids.
 */
export async function bookReservation({
  tx,
  auth,
  input,
  now = new Date(),
}: TxAuth<{ input: z.input<typeof ZReservationCreateRequest>; now?: Date }>): Promise<ReservationRow> {
  const parsed = ZReservationCreateRequest.safeParse(input);
  if (!parsed.success) throw BadRequest([...new Set(parsed.error.issues.map((i) => i.message))]);
  const values = await reservationValues({ tx, auth, v: parsed.data, existing: undefined, now });
  const { row, image } = await insertReservationRow({ tx, organizationId: auth.organizationId, values });
  await writeHolds({ tx, row });
  await emitReservation({ tx, row });
  await writeAudit({
    tx,
    auth,
    entry: { entity: 'reservation', entityId: row.id, action: 'create', after: image },
  });
  return row;
}

/**
 * Cancels the reservation `id` for a caller outside the console (the Lite App's customer, who
 * checked it is theirs): the row and its holds are removed, as the console's delete does, with
 * the audit entry. Answers whether there was one to cancel.
 */
export async function cancelBooking({ tx, auth, id }: TxAuth<{ id: string }>): Promise<boolean> {
  const before = await deleteReservationRow({ tx, organizationId: auth.organizationId, id });
  if (!before) return false;
  await writeAudit({ tx, auth, entry: { entity: 'reservation', entityId: id, action: 'delete', before } });
  return true;
}
