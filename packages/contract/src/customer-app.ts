import { z } from 'zod';
import { ZLanguage } from './language';
import { ZLiteAppSettings } from './toolbox';
import { oneContactOf, trimmed } from './widget';

/** The Lite App's texts of the server (ours: the spec has none for the customer's side). */
export const CUSTOMER_APP_MESSAGES = {
  codeFormat: 'The code has 6 digits.',
  codeSent: 'If this contact may sign in, a code is on its way. It is valid for 10 minutes.',
  emailNotAllowed: 'This app signs in with a phone number.',
  phoneNotAllowed: 'This app signs in with an e-mail address.',
  phoneInvalid: 'Please enter the phone number with its country code, e.g. +1 312 555 0100.',
  signedOut: 'Signed out',
  receiptNotFound: 'There is no receipt for this transaction yet.',
  deleted: 'Your account was deleted.',
  notSignedIn: 'Please sign in.',
  noFreeDoor: 'No door of this size is free here right now.',
  paymentRequired: 'This locker is paid: add a card first.',
  lockerNotFound: 'Locker not found',
  parcelNotFound: 'Parcel not found',
} as const;

/*
 * The Lite App: the customer's side of an organization, at `/app/{organization}` (README "Lite
 * App"). Its API lives under `/api/customer/{organization}`: public calls (what the app shows before
 * sign-in, the one-time code) and the customer's own session (an httpOnly cookie for the app only).
 */

/** `{organization}`: the organization's subdomain, as in the widget's and the app's addresses. */
export const ZCustomerOrgParams = z.object({ organization: z.string().min(1).max(100) });

/** What the app needs before sign-in: the white label, the customizer's settings and the currency. */
export const ZCustomerAppConfig = z.object({
  organization: z.object({ name: z.string(), logo: z.string().nullable() }),
  settings: ZLiteAppSettings,
  currency: z.string(),
  /**
   * The contacts a code may go to: the customizer's sign-in method, narrowed to e-mail when the
   * organization's SMS verification switch is off.
   */
  contacts: z.array(z.enum(['email', 'phone'])),
});
export type TCustomerAppConfig = z.infer<typeof ZCustomerAppConfig>;

/** A sign-in code request: one contact, as the customizer's sign-in method allows. */
export const ZCustomerCodeRequest = z
  .object({ email: trimmed(254), phone_number: trimmed(40) })
  .superRefine((v, ctx) => oneContactOf(v, ctx));

/** The one answer of a code request, for a known contact and an unknown one alike. */
export const ZCustomerCodeSent = z.object({
  detail: z.string(),
  expires_at: z.string().describe('ISO 8601: a code sent is valid until then (10 minutes)'),
});

/** Sign-in: the contact and the 6-digit code sent to it. */
export const ZCustomerSignIn = z
  .object({
    email: trimmed(254),
    phone_number: trimmed(40),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, CUSTOMER_APP_MESSAGES.codeFormat),
  })
  .superRefine((v, ctx) => oneContactOf(v, ctx));

/** The signed-in customer: the organization's user with the verified contact. */
export const ZCustomerMe = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** Receipts by e-mail when a paid transaction ends (to the verified e-mail only). */
  receipt_emails: z.boolean(),
});
export type TCustomerMe = z.infer<typeof ZCustomerMe>;

/** What a customer may change of their details (the verified contact stays). */
export const ZCustomerMeUpdate = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100).nullable().optional(),
  /** Receipts by e-mail on or off (unchanged when absent). */
  receipt_emails: z.boolean().optional(),
  /** The language the customer reads the app in: their e-mails' language (unchanged when absent). */
  language: ZLanguage.optional(),
});

/** The sign-in code's e-mail and SMS in the customer's language (`{name}`: the app's name). */
export const CUSTOMER_APP_CODE_TEXTS = {
  en: {
    subject: '{name} sign-in code',
    text: 'Your {name} sign-in code is {code}. It is valid for 10 minutes.',
  },
  es: {
    subject: 'Código de acceso de {name}',
    text: 'Tu código de acceso de {name} es {code}. Es válido durante 10 minutos.',
  },
  de: {
    subject: '{name}-Anmeldecode',
    text: 'Dein {name}-Anmeldecode lautet {code}. Er gilt 10 Minuten.',
  },
} as const;

/** Find a locker: a search text and, with the customer's consent, where they are (sorted by distance). */
export const ZCustomerLocationsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  /** A door's QR code (`/app/{organization}/d/{device}`): only the place of that door. */
  device: z.uuid().optional(),
});

/** A price as the app shows it: `amount` (two-decimal text) for `unit_amount` `unit`s. */
export const ZCustomerPrice = z.object({
  amount: z.string(),
  currency: z.string(),
  unit: z.string(),
  unit_amount: z.number().int().nullable(),
});

/** A public place with its free storage doors by size. */
export const ZCustomerLocation = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  time_zone: z.string(),
  distance_m: z.number().nullable().describe('metres from the given point; null without one'),
  sizes: z.array(
    z.object({ id: z.uuid(), name: z.string(), free: z.number().int(), price: ZCustomerPrice.nullable() }),
  ),
});
export type TCustomerLocation = z.infer<typeof ZCustomerLocation>;
export const ZCustomerLocations = z.object({
  items: z.array(ZCustomerLocation),
  /** The modes the organization runs (storage, rental, delivery, service, vending). */
  modes: z.array(z.string()),
});

/** Start a storage: a place and a size; `payment_method` when the door is priced (the card for the charge). */
export const ZCustomerStorageStart = z.object({
  id_location: z.uuid(),
  id_size: z.uuid(),
  payment_method: z.string().trim().min(1).max(200).optional(),
  /** The door the customer holds while paying (`POST holds`): the start takes that door. */
  id_hold: z.uuid().optional(),
});

/** One of the customer's lockers (a transaction of theirs). */
export const ZCustomerLocker = z.object({
  id: z.uuid(),
  type: z.string(),
  status: z.string(),
  locker_number: z.number().int().nullable(),
  location: z.string().nullable(),
  time_zone: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  total: z.string().nullable(),
  currency: z.string().nullable(),
  invoice_id: z.string().nullable(),
  sandbox: z.boolean().describe('money moved through the local sandbox provider, not a real one'),
  product: z.string().nullable().describe("a rental's product"),
  photo: z.boolean().describe('a photo was taken at the return (`GET lockers/{id}/photo`)'),
  /** Where the door sits on its locker wall (columns × rows, its column `x` and row `y` from 1); null when on no wall. */
  wall: z
    .object({
      qty_wide: z.number().int(),
      qty_tall: z.number().int(),
      x: z.number().int(),
      y: z.number().int(),
    })
    .nullable(),
});
export type TCustomerLocker = z.infer<typeof ZCustomerLocker>;
export const ZCustomerLockers = z.object({ items: z.array(ZCustomerLocker) });
export const ZCustomerLockerParams = ZCustomerOrgParams.extend({ id: z.uuid() });

/** A receipt's language (the app's; English when not sent). */
export const ZCustomerReceiptQuery = z.object({ lang: ZLanguage.optional() });

/**
 * A parcel waiting for the customer in a locker: a delivery to them (its recipient is this user),
 * dropped off and not yet picked up. Its pickup code never leaves the server: the signed-in
 * recipient opens the door with a tap.
 */
export const ZCustomerParcel = z.object({
  id: z.uuid(),
  locker_number: z.number().int().nullable(),
  location: z.string().nullable(),
  time_zone: z.string().describe("the place's IANA time zone (else the organization's)"),
  started_at: z.string().nullable().describe('when the delivery was made (ISO 8601)'),
  pickup_by: z.string().nullable().describe('when it expires if not picked up (ISO 8601)'),
});
export type TCustomerParcel = z.infer<typeof ZCustomerParcel>;
export const ZCustomerParcels = z.object({ items: z.array(ZCustomerParcel) });
