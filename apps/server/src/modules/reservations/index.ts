/**
 * What the reservations area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export { firstFreeDevice, insertReservationRow } from './queries';
export {
  openPayment,
  type ReservationPaymentRow,
  recordPayment,
  unbookedPayments,
} from './queries/payments';
export {
  assertReservationAllows,
  buffersOf,
  emitReservation,
  getReservationSettings,
  reservationValues,
  writeHolds,
} from './service';
export { bookReservation, cancelBooking } from './service/book';
