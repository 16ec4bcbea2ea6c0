import { z } from 'zod';
import { ZHexColor } from './organizations';

/*
 * The toolbox pages (spec: console §2 API page, Apps and widgets, Integrations; §6 restricted —
 * admins of organizations with the Toolbox flag): the Lite App and Reservation Widget customizers,
 * the public reservation widget, the Twilio integration and webhooks.
 */

export const TOOLBOX_MESSAGES = {
  /** spec console §2 Apps and widgets, word for word. */
  noToken:
    "No API Token found. Please go to Toolbox -> API's to generater your API Token so we can generate your reservation widget url.",
  copied: 'Copied!',
  comingSoon: 'Coming Soon',
  // Our texts (the spec names none):
  saved: 'Settings saved.',
  keyRotated: 'The widget key has been rotated; the old embed URL no longer works.',
  invalidKey: 'This widget link is not valid.',
  tooLong: (n: number, unit: string) => `A reservation can last at most ${n} ${unit}.`,
  /** The widget's maximum duration is bounded: a public page may not hold a locker for years. */
  maxDurationTooLong: 'The maximum duration of a widget reservation is 30 days.',
  /**
   * Payment in the widget (the customizer's switch): a priced window is paid before it holds a
   * locker, through the organization's payment provider or the local sandbox.
   */
  paymentProviderRequired:
    'Connect a payment provider in Settings before the reservation widget takes payments.',
  paymentRequired: 'This locker is paid: please pay to book it.',
  paymentUnderWay: 'The payment for this booking is already under way. Please wait a moment.',
  paymentNotCompleted: 'The payment was not completed, so nothing was booked. Please try again.',
  paymentRefunded:
    'The locker could not be booked after your payment, so your payment is refunded and nothing was booked.',
  startInPast: 'The start must be in the future.',
  /** Caps on open widget bookings: a publishable key cannot hold every free locker. */
  contactBookingLimit:
    'This e-mail address or phone number already has as many open bookings as the widget allows. Please contact us to book more.',
  addressBookingLimit:
    'Too many open bookings have been made from your network. Please try again later or contact us.',
  organizationBookingLimit:
    'Online booking is not available right now. Please try again later or contact us.',
  /** SMS go only to the organization's own country and the countries the operator allows. */
  phoneCountryNotAllowed:
    'Text messages cannot be sent to this phone number. Please use a number of this country, or book with an e-mail address.',
  /**
   * A verified contact before a door is held or anything is sent: the widget mails or
   * texts a 6-digit code to the contact, and the booking carries it.
   */
  verificationSent: 'We have sent a 6-digit code. It is valid for 10 minutes.',
  verificationRequired: 'Please enter the code we sent to your e-mail address or phone number.',
  /**
   * The one answer to every code that does not sign in or book: wrong, expired, used, void, or
   * none sent — whether the contact has a pending code is nobody's business.
   */
  verificationInvalid: 'This code is not correct or no longer valid. Please check it or ask for a new code.',
  verificationContactLimit:
    'Too many codes have been sent to this e-mail address or phone number. Please try again in 10 minutes.',
  verificationAddressLimit: 'Too many codes have been asked for from your network. Please try again later.',
  /** ours: the organization's hourly cap on codes (`CODES_PER_ORGANIZATION_HOUR`) */
  verificationOrganizationLimit:
    'Too many codes have been asked for right now. Please try again in a few minutes.',
  /** ours: the operator's e-mail when the hourly cap on codes is reached */
  verificationNotSent: 'The code could not be sent. Please try again later.',
  oneContact: 'Please give either an e-mail address or a phone number, not both.',
  emailInvalid: 'Please enter a valid e-mail address.',
  nameRequired: 'Name is required',
  contactRequired: 'Phone number or e-mail is required',
  twilioSaved: 'Twilio settings saved.',
  twilioRemoved: 'Twilio settings removed.',
  /** The delivery log's answer for an SMS the Twilio dialog's toggles turned off. */
  smsAlertsOff: 'Text messages for alerts and notifications are turned off in the Twilio integration.',
  smsVerificationOff: 'Text messages for verification and identity are turned off in the Twilio integration.',
  sidFormat: 'The account SID starts with AC and has 34 characters.',
  tokenRequired: 'Auth token is required',
  fromFormat: 'The sender is a phone number in E.164 form (+ and digits) or a messaging service SID (MG…).',
  webhookCreated: 'Webhook endpoint created.',
  webhookUpdated: 'Webhook endpoint updated.',
  webhookDeleted: 'Webhook endpoint deleted.',
  secretRotated: 'Signing secret rotated.',
  replayQueued: 'Delivery queued again.',
  urlInvalid: 'Enter a valid http(s) URL.',
  urlPrivate: 'This address is private, loopback or link-local; webhooks cannot be sent there.',
  webhookLimit: (n: number) =>
    `An organization can have at most ${n} webhook endpoints. Delete one before adding another.`,
} as const;

// ——— Lite App customizer ———

export const SIGN_IN_METHODS = ['phone', 'email', 'both'] as const;
export const SIGN_IN_METHOD_LABELS: Record<(typeof SIGN_IN_METHODS)[number], string> = {
  phone: 'Phone Number',
  email: 'Email',
  both: 'Both',
};

/** The Lite App customizer (spec console §2 Apps and widgets): sign-in method, five toggles, two colours. */
export const ZLiteAppSettings = z.object({
  sign_in_method: z.enum(SIGN_IN_METHODS).default('phone'),
  allow_multiple_assets: z.boolean().default(false),
  allow_reservations: z.boolean().default(false),
  track_conditions: z.boolean().default(false),
  photo_to_end_rental: z.boolean().default(false),
  payment_in_app: z.boolean().default(false),
  /** ours: only the organization's existing users may sign in to the Lite App (none created) */
  preregistered_only: z.boolean().default(false),
  primary_color: ZHexColor.default('#1976d2'),
  secondary_color: ZHexColor.default('#9c27b0'),
});
export type TLiteAppSettings = z.output<typeof ZLiteAppSettings>;
export const LITE_APP_TOGGLES = [
  ['allow_multiple_assets', 'Allow multiple assets'],
  ['allow_reservations', 'Allow users to reserve a locker'],
  ['track_conditions', 'Track conditions of products'],
  ['photo_to_end_rental', 'Allow photo to end the asset rental'],
  ['payment_in_app', 'Set up payment in the app'],
] as const;

// ——— Reservation Widget customizer ———

export const WIDGET_DURATION_UNITS = ['hours', 'days', 'weeks'] as const;
export type TWidgetDurationUnit = (typeof WIDGET_DURATION_UNITS)[number];
export const WIDGET_UNIT_SECONDS: Record<TWidgetDurationUnit, number> = {
  hours: 3600,
  days: 86400,
  weeks: 604800,
};
/** The longest window a widget booking may hold, seconds (30 days), whatever the saved maximum. */
export const WIDGET_MAX_SECONDS = 30 * 86400;

/** The Reservation Widget customizer (spec console §2 Apps and widgets). */
export const ZWidgetSettings = z.object({
  primary_color: ZHexColor.default('#1976d2'),
  secondary_color: ZHexColor.default('#9c27b0'),
  background_color: ZHexColor.default('#ffffff'),
  payment_enabled: z.boolean().default(false),
  max_duration: z.coerce.number().int().min(1).max(10000).default(1),
  max_duration_unit: z.enum(WIDGET_DURATION_UNITS).default('days'),
});
export type TWidgetSettings = z.output<typeof ZWidgetSettings>;

/**
 * The saved widget settings with what the page shows beside them: the publishable key and embed URL
 * (null while the organization has no API key, spec: the no-token text), and the `<iframe>` snippet.
 */
export const ZWidgetSettingsResponse = z.object({
  settings: ZWidgetSettings,
  has_api_key: z.boolean(),
  publishable_key: z.string().nullable(),
  embed_url: z.string().nullable(),
  iframe: z.string().nullable(),
});
export type TWidgetSettingsResponse = z.infer<typeof ZWidgetSettingsResponse>;

// ——— Integrations ———

/** The grid of spec console §2 Integrations: groups and cards; `active` null → 'Coming Soon'. */
export const INTEGRATION_GROUPS = [
  { title: 'Shipping & Tracking', cards: ['SC Logic', 'Package X', 'Trax', 'Send', 'Aftership'] },
  { title: 'Payment', cards: ['Stripe', 'Adyen'] },
  { title: 'Messaging', cards: ['Twilio'] },
  { title: 'Service & Support', cards: ['Zendesk', 'Service Now'] },
] as const;

export const ZTwilioSettings = z.object({
  configured: z.boolean(),
  account_sid: z.string().nullable(),
  /** The last 4 characters of the auth token, never the token. */
  auth_token_last4: z.string().nullable(),
  from: z.string().nullable(),
  /** 'Enable Verification and Identity': codes and access messages go by SMS (else by e-mail). */
  verification_enabled: z.boolean(),
  /** 'Enable Alerts and Notifications': notification templates send their SMS. */
  alerts_enabled: z.boolean(),
});
export type TTwilioSettings = z.infer<typeof ZTwilioSettings>;

/**
 * Saving the organization's Twilio account and the dialog's two toggles (spec console §2
 * Integrations). `auth_token` may be left out to keep the saved one; a toggle left out is on.
 */
export const ZTwilioSettingsRequest = z.object({
  account_sid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, TOOLBOX_MESSAGES.sidFormat),
  auth_token: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().min(8, TOOLBOX_MESSAGES.tokenRequired).max(200).optional(),
  ),
  from: z
    .string()
    .trim()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, TOOLBOX_MESSAGES.fromFormat),
  verification_enabled: z.boolean().default(true),
  alerts_enabled: z.boolean().default(true),
});
export type TTwilioSettingsRequest = z.input<typeof ZTwilioSettingsRequest>;

export const ZIntegrationsState = z.object({
  twilio: z.boolean(),
  stripe: z.boolean(),
});
export type TIntegrationsState = z.infer<typeof ZIntegrationsState>;

// ——— Webhooks ———

/** The domain events an endpoint may subscribe to (spec: console §4 events per mode). */
export const WEBHOOK_EVENTS = [
  'on_start',
  'on_reservation',
  'on_service_pickup',
  'on_service_charge',
  'on_service_dropoff',
  'on_complete',
  'non_locker_delivery',
  'on_expired',
  'device.alert',
  'device.recovered',
  'kiosk.offline',
  'kiosk.online',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  /** Empty: every event. */
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer of a create or a secret rotation: the endpoint and its signing secret, shown this once. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZWebhookEndpointRequest = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/[^\s/?#:@]+(:\d{1,5})?([/?#]\S*)?$/i, TOOLBOX_MESSAGES.urlInvalid),
  description: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.string().max(500).nullable().default(null),
  ),
  events: z.array(z.enum(WEBHOOK_EVENTS)).default([]),
  enabled: z.boolean().default(true),
});
export type TWebhookEndpointRequest = z.input<typeof ZWebhookEndpointRequest>;

/** One delivery attempt of the delivery log. */
export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  message_id: z.uuid(),
  webhook_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  replay: z.boolean(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  succeeded: z.boolean(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/**
 * The JSON body of every webhook POST: `type` is the domain event, `timestamp` when it happened,
 * `data` what happened to which transaction or reservation.
 */
export const ZWebhookPayload = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: z.string(),
  data: z.object({
    event_id: z.uuid(),
    organization_id: z.uuid(),
    mode: z.string(),
    subject: z.object({
      type: z.enum(['transaction', 'reservation', 'device', 'bridge', 'kiosk']),
      id: z.string(),
    }),
    payload: z.record(z.string(), z.unknown()),
  }),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
