import { z } from 'zod';
import { ZCustomerLocker, ZCustomerOrgParams, ZCustomerPrice } from './customer-app';

/*
 * The Lite App's second part (README "Lite App"): renting a product from a door, reserving a
 * locker ahead, and the short hold of a door while its customer pays. Each follows a switch of the
 * Lite App customizer, enforced by the server.
 */

/** The texts of these calls (ours: the spec has none for the customer's side). */
export const CUSTOMER_RENTAL_MESSAGES = {
  oneAtATime: 'One rental at a time: return the one you have before you take another.',
  notRentable: 'This product is not free to rent right now.',
  rentalNotFound: 'Rental not found',
  photoRequired: 'Take a photo of the product to end the rental.',
  photoNotTaken: 'This app does not take a photo at the return.',
  photoNotImage: 'The photo must be a picture (JPEG, PNG, WebP…).',
  photoNotFound: 'Photo not found',
  conditionRequired: 'Say in what condition the product is.',
  conditionNotTaken: 'This app does not take a condition report.',
  reservationsOff: 'This app does not take reservations.',
  reservationNotPublic: 'Location not found',
  reservationNotFound: 'Reservation not found',
  reservationCanceled: 'Reservation canceled.',
  reservationEnded: 'This reservation has ended.',
  holdEnded: 'Your hold of this door has ended: choose the size again.',
} as const;

/** How long a door waits for its customer's payment, seconds (5 minutes). */
export const CUSTOMER_HOLD_SECONDS = 300;

/** A place's id in the path. */
export const ZCustomerLocationParams = ZCustomerOrgParams.extend({ id: z.uuid() });

/** A product free to rent at a place: the door that holds it, the product, the door's price. */
export const ZCustomerRentable = z.object({
  id_device: z.uuid(),
  locker_number: z.number().int().nullable(),
  product: z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
  }),
  price: ZCustomerPrice.nullable(),
});
export type TCustomerRentable = z.infer<typeof ZCustomerRentable>;
export const ZCustomerRentables = z.object({ items: z.array(ZCustomerRentable) });

/** Start rentals: the doors of the products (several only with "Allow multiple assets"); the card for a priced door. */
export const ZCustomerRentalStart = z.object({
  id_devices: z.array(z.uuid()).min(1).max(10),
  payment_method: z.string().trim().min(1).max(200).optional(),
});
export const ZCustomerRentalsStarted = z.object({ items: z.array(ZCustomerLocker) });

/**
 * A rental's return: the condition the product is in (with "Track conditions of products") and,
 * with "Allow photo to end the asset rental", a photo (the multipart file `photo`).
 */
export const ZCustomerRentalReturn = z.object({ id_condition: z.uuid().optional() });

/** The organization's product conditions, for the return's report (empty when it does not track them). */
export const ZCustomerConditions = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

/**
 * A reservation ahead: the place, the size, and the window as the place's wall clock with its
 * offset (`2027-01-15T10:00:00-06:00`, README "Time zones").
 */
export const ZCustomerReservationRequest = z.object({
  id_location: z.uuid(),
  id_size: z.uuid(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
});

/** One of the customer's reservations, with the place's zone to show its window in. */
export const ZCustomerReservation = z.object({
  id: z.uuid(),
  status: z.string(),
  location: z.string().nullable(),
  locker_number: z.number().int().nullable(),
  time_zone: z.string().describe("the place's IANA time zone (else the organization's)"),
  starts_at: z.string().describe('ISO 8601'),
  ends_at: z.string().describe('ISO 8601'),
});
export type TCustomerReservation = z.infer<typeof ZCustomerReservation>;
export const ZCustomerReservations = z.object({ items: z.array(ZCustomerReservation) });

/** Hold a door of a size at a place while paying. */
export const ZCustomerHoldRequest = z.object({ id_location: z.uuid(), id_size: z.uuid() });
/** A door held for the customer until `held_until`; its id goes with the start (`id_hold`). */
export const ZCustomerHold = z.object({
  id: z.uuid(),
  locker_number: z.number().int().nullable(),
  held_until: z.string().describe('ISO 8601: 5 minutes after the hold'),
});
export type TCustomerHold = z.infer<typeof ZCustomerHold>;
