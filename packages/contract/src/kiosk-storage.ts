/**
 * Storage at the screen (README: The screen at the wall, "Storage at the screen"): a walk-up
 * customer signs in with a one-time code sent to their phone (the Lite App's codes and rules),
 * chooses a size of the place's free storage doors, and the storage starts through the partner
 * API's own start step; a priced size is paid on the customer's phone through the Lite App (the
 * screen has no card reader), and "Collect my things" ends it through the pickup step.
 */
import { z } from 'zod';
import { ZCustomerPrice } from './customer-app';
import { ZKioskOpened } from './kiosks';

/** How long a customer stays signed in at a screen (seconds); the idle reset forgets it sooner. */
export const KIOSK_CUSTOMER_SESSION_SECONDS = 600;

const phone = z.string().trim().min(1).max(40);

/** "Store something" / "Collect my things": the phone number the sign-in code goes to. */
export const ZKioskCodeRequest = z.object({ phone_number: phone });

/** The phone number and the 6-digit code sent to it. */
export const ZKioskCustomerSignIn = z.object({
  phone_number: phone,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** The customer's session on this screen, sent as `X-Kiosk-Customer` (valid on this screen only). */
export const ZKioskCustomerSession = z.object({ session: z.string(), expires_at: z.string() });

/** A size of the place's storage doors: how many are free, and the price of a free one (null: free of charge). */
export const ZKioskStorageSize = z.object({
  id: z.uuid(),
  name: z.string(),
  free: z.number().int(),
  price: ZCustomerPrice.nullable(),
});

/** One of the signed-in customer's storages in progress at this place. */
export const ZKioskStorageLocker = z.object({
  id: z.uuid(),
  locker_number: z.number().int().nullable(),
  started_at: z.string().nullable(),
});

/** What the signed-in customer may do here: the sizes to start a storage in, and their storages to end. */
export const ZKioskStorage = z.object({
  sizes: z.array(ZKioskStorageSize),
  lockers: z.array(ZKioskStorageLocker),
  sandbox: z.boolean().describe('money moves through the local sandbox provider, not a real one'),
});
export type TKioskStorage = z.infer<typeof ZKioskStorage>;

/** Start a storage in a free door of `id_size` (the lowest accessible first with `accessible`). */
export const ZKioskStorageStart = z.object({ id_size: z.uuid(), accessible: z.boolean().optional() });

/**
 * A priced door held for the customer while they pay on their phone: `pay_url` (shown as a QR code)
 * opens the Lite App's payment for this door; it works until `held_until`.
 */
export const ZKioskHold = z.object({
  id: z.uuid(),
  id_device: z.uuid(),
  locker_number: z.number().int().nullable(),
  held_until: z.string(),
  pay_url: z.string(),
});
export type TKioskHold = z.infer<typeof ZKioskHold>;
export const ZKioskHoldParams = z.object({ id: z.uuid() });
export const ZKioskHoldQuery = z.object({ id_device: z.uuid() });

/**
 * Where a payment on the phone stands: `waiting` (the door is held), `started` (paid; the door
 * opened: `opened`), `ended` (the hold ran out or was given up: nothing opened).
 */
export const ZKioskHoldState = z.object({
  state: z.enum(['waiting', 'started', 'ended']),
  opened: ZKioskOpened.nullable(),
});
export type TKioskHoldState = z.infer<typeof ZKioskHoldState>;

/** A storage ended at the screen: the door that opened and what the time used cost. */
export const ZKioskStorageEnded = ZKioskOpened.extend({
  total: z.string().nullable(),
  currency: z.string().nullable(),
  sandbox: z.boolean(),
});
export type TKioskStorageEnded = z.infer<typeof ZKioskStorageEnded>;

/** The Lite App's side of the handover: the token the screen's QR code carries (in the URL's fragment). */
export const ZCustomerHandoverRequest = z.object({ token: z.string().min(1).max(600) });

/** What the phone shows before paying: the held door, its place and size, the price, until when. */
export const ZCustomerHandover = z.object({
  location: z.string(),
  time_zone: z.string(),
  locker_number: z.number().int().nullable(),
  size: z.string(),
  price: ZCustomerPrice.nullable(),
  held_until: z.string(),
  sandbox: z.boolean(),
});
export type TCustomerHandover = z.infer<typeof ZCustomerHandover>;

/** Pay for the held door: the card for the charge at the end. */
export const ZCustomerHandoverStart = ZCustomerHandoverRequest.extend({
  payment_method: z.string().trim().min(1).max(200),
});
