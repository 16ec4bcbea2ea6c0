/**
 * The kiosk area: a touch screen at a locker wall, paired to one location (or one wall) with a
 * one-time pairing code made in the console, holding a kiosk token that reaches only its place's
 * doors and the kiosk calls; walk-up pickups by code and the couriers' drop-offs run through the
 * same life-cycle steps as the partner API (README: The screen at the wall).
 */
import { z } from 'zod';
import { withContact } from './transactions';

export const KIOSK_MESSAGES = {
  notFound: 'Kiosk not found',
  courierNotFound: 'Courier not found',
  locationRequired: 'Location is required',
  nameRequired: 'Give the screen or courier a name.',
  wallNotAtLocation: 'This locker wall is not at this location.',
  invalidPairingCode: 'This pairing code is not valid or has expired.',
  notPaired: 'This screen is not paired, or its pairing was revoked.',
  wrongPickupCode: 'This code is not valid.',
  tooManyTries: 'Too many tries. Please wait a few minutes and try again.',
  wrongCourierCode: 'This courier code is not valid.',
  courierSignedOut: 'Your courier session has ended. Enter your code again.',
  noFreeDoor: 'No free door of this size here.',
  doorNotHere: 'This door is not at this screen.',
  doorOpened: 'The door is open',
  reported: 'Thank you. The door was reported.',
  courierRemoved: 'Courier removed',
  /** the name of the group a first courier's creation makes, marked as the couriers */
  courierGroup: 'Couriers',
  userNotFound: 'User not found',
  recipientGone: 'This recipient is no longer available. Search again.',
  invalidTracking: 'This tracking number is not valid.',
  parcelGone: 'This parcel is no longer expected here. Scan it again.',
  storageNotOffered: 'Storage is not offered at this screen.',
  customerSignedOut: 'Your session at this screen has ended. Sign in again.',
  holdGivenUp: 'The door is free again.',
} as const;

/**
 * The team's message when a paired screen stops calling (`offline`) and when it calls again
 * (`online`), per language; `{name}` the screen, `{place}` its location, `{minutes}` the limit.
 */
export const KIOSK_ALERT_TEXTS: Record<'en' | 'es' | 'de', { offline: string; online: string }> = {
  en: {
    offline: 'Screen offline at {place}: "{name}" has not called for more than {minutes} minutes.',
    online: 'Screen back online at {place}: "{name}" is calling again.',
  },
  es: {
    offline: 'Pantalla desconectada en {place}: «{name}» no ha llamado en más de {minutes} minutos.',
    online: 'Pantalla conectada de nuevo en {place}: «{name}» vuelve a llamar.',
  },
  de: {
    offline:
      'Bildschirm offline in {place}: „{name}“ hat sich seit mehr als {minutes} Minuten nicht gemeldet.',
    online: 'Bildschirm wieder online in {place}: „{name}“ meldet sich wieder.',
  },
};

/** Recipients a courier's search answers at most. */
export const KIOSK_RECIPIENT_MATCHES = 5;
/** How long a recipient found by a courier's search may be used for a drop-off (seconds). */
export const KIOSK_RECIPIENT_TTL_SECONDS = 900;

/** How long a pairing code made in the console can be exchanged (seconds). */
export const KIOSK_PAIRING_TTL_SECONDS = 600;
/** A kiosk not seen for this long is shown offline (seconds). */
export const KIOSK_ONLINE_WINDOW_SECONDS = 120;
/** How long a courier stays signed in on a kiosk without a new drop-off (seconds). */
export const COURIER_SESSION_SECONDS = 900;
/** Pairing codes are 8 characters of this alphabet (no 0/O, 1/I/L), typed as `XXXX-XXXX`. */
export const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A paired screen as the console lists it. */
export const ZKiosk = z.object({
  id: z.uuid(),
  name: z.string(),
  id_location: z.uuid(),
  location_name: z.string(),
  id_locker_wall: z.uuid().nullable(),
  locker_wall_name: z.string().nullable(),
  /** paired (a token was given), or still waiting for its pairing code */
  state: z.enum(['waiting', 'paired', 'revoked']),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  app_version: z.string().nullable(),
  pairing_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type TKiosk = z.infer<typeof ZKiosk>;

export const ZKioskListQuery = z.object({ id_location: z.uuid().optional() });
export const ZKioskList = z.object({ items: z.array(ZKiosk) });

/** Console: "Pair a screen" — the place it will serve and the name it is listed under. */
export const ZKioskPairingRequest = z.object({
  id_location: z.uuid({ message: KIOSK_MESSAGES.locationRequired }),
  id_locker_wall: z.uuid().nullish(),
  name: z.string().trim().min(1, KIOSK_MESSAGES.nameRequired).max(80),
});
export type TKioskPairingRequest = z.input<typeof ZKioskPairingRequest>;

/** The pairing code, shown once; typed on the tablet before `expires_at`. */
export const ZKioskPairing = z.object({ kiosk: ZKiosk, code: z.string(), expires_at: z.string() });

/** Tablet: exchanges a pairing code for its kiosk token. */
export const ZKioskPairRequest = z.object({
  code: z.string().trim().min(1).max(20),
  app_version: z.string().max(40).optional(),
});

/** The kiosk token, given once (kept by the tablet; sent as `X-Kiosk-Token`). */
export const ZKioskPaired = z.object({ token: z.string(), id: z.uuid(), name: z.string() });

/** One door of the kiosk's wall picture. */
export const ZKioskDoor = z.object({
  id: z.uuid(),
  locker_number: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
});

/** A wall of the kiosk's place: its grid and doors (for the picture that highlights a door). */
export const ZKioskWall = z.object({
  id: z.uuid(),
  name: z.string(),
  qty_wide: z.number().int(),
  qty_tall: z.number().int(),
  kiosk: z.object({ x: z.number().int(), y: z.number().int() }).nullable(),
  doors: z.array(ZKioskDoor),
});

/** The sizes a courier may choose from at this place, with their free delivery doors. */
export const ZKioskSize = z.object({ id: z.uuid(), name: z.string(), free: z.number().int() });

/** What the screen shows of its place (read at start and on every heartbeat). */
export const ZKioskState = z.object({
  id: z.uuid(),
  name: z.string(),
  organization_name: z.string(),
  location_name: z.string(),
  walls: z.array(ZKioskWall),
  sizes: z.array(ZKioskSize),
  /** Storage is offered here ("Store something", "Collect my things"): the Lite App is on and signs in by phone. */
  storage: z.boolean(),
  /** The organization's country (ISO 3166 alpha-2): a phone number typed without its country code is of it. */
  country: z.string().nullable(),
});
export type TKioskState = z.infer<typeof ZKioskState>;

/** The door that opened, and where it is. */
export const ZKioskOpened = z.object({
  detail: z.string(),
  id_transaction: z.uuid(),
  door: z.object({
    id: z.uuid(),
    locker_number: z.number().int(),
    id_locker_wall: z.uuid().nullable(),
    x: z.number().int().nullable(),
    y: z.number().int().nullable(),
  }),
});
export type TKioskOpened = z.infer<typeof ZKioskOpened>;

/** Walk-up pickup: the pickup code typed on the keypad or read from its QR code. */
export const ZKioskPickupRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4,10}$/, KIOSK_MESSAGES.wrongPickupCode),
});

/** Courier sign-in at the kiosk. */
export const ZCourierSignInRequest = z.object({ code: z.string().trim().min(1).max(20) });
export const ZCourierSession = z.object({ session: z.string(), name: z.string(), expires_at: z.string() });

/** A tracking number read from a parcel's label or typed: trimmed, upper case, 3–64 characters. */
const zTrackingNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9 ./_-]{1,62}[A-Z0-9]$/, KIOSK_MESSAGES.invalidTracking);

/**
 * A courier's drop-off: a door of `id_size` opens (the lowest free one first with `accessible`),
 * and the delivery is made for the recipient (phone or e-mail) who then gets the pickup code.
 */
export const ZKioskDropRequest = withContact(
  {
    id_size: z.uuid(),
    accessible: z.boolean().optional(),
    /** a recipient found with the courier's search (its `recipient`), instead of a phone or e-mail */
    recipient: z.string().max(600).optional(),
    /** the parcel's tracking number (its label read, or typed) */
    tracking_number: zTrackingNumber.optional(),
    /** an expected parcel found by its label (its `parcel`): its recipient instead of a phone or e-mail */
    parcel: z.string().max(600).optional(),
  },
  'recipient',
  'parcel',
);
export type TKioskDropRequest = z.input<typeof ZKioskDropRequest>;
/** The drop-off as the server reads it (the contact normalised). */
export type TKioskDrop = z.output<typeof ZKioskDropRequest>;

/**
 * A courier's search for the recipient among the organization's users: a name's start (three
 * letters at least), a whole e-mail or a whole phone number (seven digits at least).
 */
export const ZKioskRecipientQuery = z.object({ q: z.string().trim().min(3).max(80) });

/**
 * What a courier sees of a user found: a short name and a masked contact to tell two alike apart,
 * and `recipient`, an opaque reference valid on this screen for `KIOSK_RECIPIENT_TTL_SECONDS`.
 */
export const ZKioskRecipient = z.object({
  recipient: z.string(),
  name: z.string(),
  contact: z.string(),
});
/** `more`: more users match than are shown (none are then shown): the courier types more. */
export const ZKioskRecipients = z.object({ items: z.array(ZKioskRecipient), more: z.boolean() });
export type TKioskRecipient = z.infer<typeof ZKioskRecipient>;

/** A courier's look-up of a parcel's label at the screen. */
export const ZKioskParcelQuery = z.object({ tracking_number: zTrackingNumber });

/**
 * A parcel's label read at the screen: the tracking number, and the parcel the organization
 * expects under it here (a delivery reservation at this place not yet dropped), or null: its size,
 * its recipient shown as the search shows one, and `parcel`, an opaque reference for this screen's
 * drop-off (valid `KIOSK_RECIPIENT_TTL_SECONDS`).
 */
export const ZKioskParcel = z.object({
  tracking_number: z.string(),
  expected: z
    .object({
      parcel: z.string(),
      id_size: z.uuid().nullable(),
      size_name: z.string().nullable(),
      name: z.string(),
      contact: z.string(),
    })
    .nullable(),
});
export type TKioskParcel = z.infer<typeof ZKioskParcel>;

/** "The door didn't open" / "the door is dirty or damaged". */
export const KIOSK_DOOR_PROBLEMS = ['not_opened', 'dirty', 'damaged'] as const;
export const ZKioskDoorReport = z.object({ problem: z.enum(KIOSK_DOOR_PROBLEMS) });

/**
 * A courier as the console lists it: a user of a group marked `couriers` (`id` is the user's id),
 * whether they have a courier code (`has_code`; the code is never shown again) and can sign in.
 */
export const ZCourier = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean().describe('false: the user is deactivated and cannot sign in'),
  has_code: z.boolean().describe('a courier code was issued (a group member without one cannot sign in yet)'),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export const ZCourierList = z.object({ items: z.array(ZCourier) });
export type TCourier = z.infer<typeof ZCourier>;
/**
 * A new courier: a new user named `name`, or the existing user `id_user`; either joins the
 * organization's courier group (made as "Couriers" when it has none) and gets a code.
 */
export const ZCourierRequest = z
  .object({
    name: z.string().trim().min(1, KIOSK_MESSAGES.nameRequired).max(80).optional(),
    id_user: z.uuid().optional(),
  })
  .refine((b) => Boolean(b.name) !== Boolean(b.id_user), { message: KIOSK_MESSAGES.nameRequired });
/** A courier with the code just made for them, shown once. */
export const ZCourierWithCode = ZCourier.extend({ code: z.string() });
