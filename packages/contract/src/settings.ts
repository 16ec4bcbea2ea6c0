import { z } from 'zod';
import { EMAIL_PATTERN, HARDWARE_VENDORS, ZCurrency, ZMode } from './common';
import { ZTimeZone } from './dashboard';
import { LANGUAGES } from './language';
import { MSG } from './messages';

/** Notification channels an organization may default to (spec operational §9). */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;

/** Hardware a device may default to: the vendors plus the virtual lock (spec operational §3 Device). */
export const DEVICE_HARDWARE = [...HARDWARE_VENDORS, 'virtual'] as const;
export const ZDeviceHardware = z.enum(DEVICE_HARDWARE);
export type TDeviceHardware = z.infer<typeof ZDeviceHardware>;

export const SETTINGS_MESSAGES = {
  updated: MSG.settingsUpdated,
  currencyUpdated: 'Currency has been updated!',
  /** Our texts (the spec names none): the organization's default language. */
  languageUpdated: 'Default language has been updated!',
  invalidLanguage: 'The language must be English (en), Spanish (es) or German (de).',
  /** Our texts (the spec names none). */
  hardwareNotEnabled: 'This hardware type is not enabled for this organization.',
  modeNotEnabled: 'This mode is not enabled for this organization.',
  sizeNotFound: 'Size not found',
  invalidPhone: 'Invalid phone number',
  verificationSent: 'A verification link has been sent to this e-mail address.',
  verified: 'Your e-mail address has been verified.',
  verificationInvalid: 'This verification link is invalid or has expired.',
  verificationLimit: 'Too many verification e-mails: at most 10 an hour. Please try again later.',
} as const;

/** Verification links of the notification contact an organization may have mailed in an hour (429 beyond). */
export const CONTACT_VERIFICATIONS_PER_HOUR = 10;

/** The settings tabs of the console; Defaults first, the fifth disabled for help-desk sessions. */
export const SETTINGS_TABS = ['Defaults', 'White Label', 'Currency', 'Support Contact', 'Payments'] as const;

/** A language of the organization's mail and SMS (`LANGUAGES`), refused with our text otherwise. */
const ZDefaultLanguage = z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.invalidLanguage });

const ZSupportEmail = z.string().trim().regex(EMAIL_PATTERN, MSG.invalidEmail);
const ZSupportPhone = z
  .string()
  .trim()
  .regex(/^\+?\d{6,15}$/, SETTINGS_MESSAGES.invalidPhone);

/**
 * Organization-level settings (spec operational §3 "Organization-level settings used here", §9;
 * console §3 Settings): `default_max_reservations` null means unlimited; `default_id_size` is a
 * size id or null.
 */
export const ZSettings = z.object({
  default_currency: ZCurrency,
  default_device_hardware: ZDeviceHardware.nullable(),
  default_device_mode: ZMode.nullable(),
  default_id_size: z.uuid().nullable(),
  default_max_reservations: z.number().int().min(0).nullable(),
  default_support_email: z.string().nullable(),
  default_support_phone: z.string().nullable(),
  support_email_verified: z.boolean(),
  default_notification_channel: ZNotificationChannel,
  /** IANA zone of the organization's calendar (dashboard days, "today", "this week"); a location may override it. */
  time_zone: z.string(),
  /**
   * The language of the e-mails and SMS sent to people with no language of their own (customers, team
   * members who never chose one): their layout and the system's words. `en` unless set.
   */
  default_language: z.enum(LANGUAGES),
  /** Minutes a paired kiosk may go unseen before the team is told it is offline; null: the server's default. */
  kiosk_offline_minutes: z.number().int().nullable().default(null),
});
export type TSettings = z.infer<typeof ZSettings>;

/** `POST settings` (all fields, missing ones take their defaults) and `PUT settings` (only those sent). */
export const ZSettingsRequest = z.object({
  default_currency: ZCurrency.optional(),
  default_device_hardware: ZDeviceHardware.nullable().optional(),
  default_device_mode: ZMode.nullable().optional(),
  default_id_size: z.uuid().nullable().optional(),
  default_max_reservations: z.number().int().min(0).nullable().optional(),
  default_support_email: ZSupportEmail.nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  default_support_phone: ZSupportPhone.nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  default_notification_channel: ZNotificationChannel.optional(),
  time_zone: ZTimeZone.optional(),
  default_language: ZDefaultLanguage.optional(),
  kiosk_offline_minutes: z.number().int().min(2).max(1440).nullable().optional(),
});
export type TSettingsRequest = z.infer<typeof ZSettingsRequest>;

/** Pages whose table filters are stored per team member (spec console §7 `filters/{page}`). */
export const FILTER_PAGES = [
  'reporting',
  'pay-per',
  'subscriptions',
  'promo-codes',
  'locations',
  'devices',
  'sizes',
  'transactions',
  'reservations',
  'users',
  'members',
  'groups',
  'issues',
  'notifications',
  'inventory',
  'product-groups',
  'conditions',
  'subscribers',
] as const;
export type TFilterPage = (typeof FILTER_PAGES)[number];
export const isFilterPage = (v: string): v is TFilterPage => (FILTER_PAGES as readonly string[]).includes(v);

/** Stored column choice and filters of one table: `{ page, columns, filters }`. */
export const ZTableFilters = z.object({
  page: z.string(),
  columns: z.array(z.string()).nullable(),
  filters: z.record(z.string(), z.unknown()),
});
export type TTableFilters = z.infer<typeof ZTableFilters>;

/** `PUT filters/{page}`: the columns shown (null = all) and the filters. */
export const ZTableFiltersRequest = z.object({
  columns: z.array(z.string().max(100)).max(200).nullable().optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
});
export type TTableFiltersRequest = z.infer<typeof ZTableFiltersRequest>;

export const ZNotificationContactVerifyQuery = z.object({ email: ZSupportEmail });
