/**
 * Texts of the Reservations area (spec: operational §5 Reservation, §8). The spec's own texts are
 * word for word; the rest (limits, overlaps) are ours and say what to change.
 */
export const RESERVATION_MESSAGES = {
  trackingRequired: 'Tracking number required',
  trackingInUse: 'Tracking Number is in use. Please enter a unique Tracking Number.',
  locationRequired: 'Location required',
  sizeRequired: 'Size required',
  lockerRequired: 'Locker number required',
  modeRequired: 'Mode required',
  userRequired: 'User required',
  startDateRequired: 'Start date required',
  endDateRequired: 'End date required',
  invalidDate: 'Invalid date',
  endBeforeStart: 'End date must be after the start date',
  endInPast: 'End date must be in the future',
  productRequired: 'Product required',
  phoneOrEmail: 'Either phone number or email is required',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number: enter digits with the country code, without the + sign',
  dayRequired: 'Select at least one day',
  fromTimeRequired: 'From time required',
  toTimeRequired: 'To time required',
  invalidTime: 'Invalid time (HH:MM)',
  invalidTimeZone: 'Invalid time zone',
  recurringTooLong: 'A recurring reservation can span at most 366 days',
  noOccurrence: 'None of the selected days falls between the start and end dates',
  productNotInLocker: 'This product is not in the selected locker.',
  /** The exclusion constraint refused an overlapping hold (SQLSTATE 23P01). */
  alreadyReserved: 'This locker is already reserved for that time.',
  noFreeLocker: 'No locker of this size is free at this location for that time.',
  lockerNotAtLocation: 'This locker is not at the selected location.',
  lockerWrongMode: 'This locker is not in the mode of the reservation.',
  lockerWrongSize: 'This locker is not of the selected size.',
  lockerInMaintenance: 'This locker is under maintenance.',
  reservedForAnother: 'This locker is reserved for another user.',
  maxReservations: (n: number) => `This user already has the maximum number of reservations (${n}).`,
  maxReservationTime: (n: number, period: string) =>
    `A reservation can last at most ${n} ${period}${n === 1 ? '' : 's'}.`,
  maxRentalTime: (n: number, period: string) =>
    `A rental can last at most ${n} ${period}${n === 1 ? '' : 's'}.`,
  created: 'Reservation created successfully',
  updated: 'Reservation updated successfully',
  deleted: 'Reservation deleted successfully',
  settingsUpdated: 'Reservation settings updated successfully',
  noLockers: 'No lockers or sizes are available for this mode at this location.',
} as const;
