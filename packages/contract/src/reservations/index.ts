/**
 * The Reservations area (spec: operational §2–§5 Reservation): modes, statuses and periods, the
 * area's texts, the create/update request, the wire shapes and the reservation settings.
 */
export * from './enums';
export { isTimeZone } from './fields';
export * from './messages';
export * from './request';
export * from './settings';
export * from './wire';
