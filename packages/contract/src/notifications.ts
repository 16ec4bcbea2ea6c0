import Mustache from 'mustache';
import { z } from 'zod';
import { zPage } from './common';

/** Texts of the Notifications area (spec: console §5 notification rules, §8 messages), word for word. */
export const NOTIFICATION_MESSAGES = {
  modeRequired: 'Mode is required',
  nameRequired: 'Name is required',
  unitRequired: 'Unit is required',
  eventRequired: 'Event is required',
  durationPositive: 'Duration has to be greater than 0',
  durationDigits: 'Duration has to be greater than 0',
  smsRequired: 'Please fill out the SMS template message',
  emailRequired: 'Please fill out the Email template message',
  channelOrMessageRequired: 'Enable e-mail or SMS, or write a message, for this notification.',
  created: 'Notification created successfully',
  updated: 'Notification updated successfully',
  deleted: 'Notification deleted successfully',
  cloned: 'Notification cloned successfully',
  createdUploadFailed: 'Notification created, but image upload failed.',
  updatedUploadFailed: 'Notification updated, but image upload failed.',
  uploadFailed: (status: number) => `Upload failed with status ${status}`,
  onlyImages: 'Only images are allowed',
  defaultNotDeletable: 'A default notification cannot be deleted.',
  defaultExists: 'There is already a default notification for this mode and event.',
  eventNotInMode: 'This event does not exist for the selected mode.',
  notFound: 'Notification not found',
  memberNotFound: 'Team member not found',
  locationNotFound: 'Location not found',
  testRecipientRequired: 'Enter an e-mail address or a phone number to send the test to.',
  testSent: 'Test notification sent',
  testRecipientNotAllowed:
    "A test can only be sent to your own e-mail address or to the organization's contact e-mail address or phone number.",
  testLimitReached:
    'Too many test messages: at most 10 an hour per team member and 30 an hour per organization. Please try again later.',
} as const;

/**
 * Send test limits: test messages (one per e-mail or SMS) in the last hour per sender (team member
 * or API key) and per organization; past them the call answers 429 `testLimitReached`.
 */
export const TEST_SEND_LIMITS = { perSenderPerHour: 10, perOrganizationPerHour: 30 } as const;

/** Modes of notification templates (spec: console §4); vending is shown in lists only (it has no events). */
export const NOTIFICATION_MODES = ['service', 'rental', 'storage', 'delivery', 'vending'] as const;
export const ZNotificationMode = z.enum(NOTIFICATION_MODES);
export type TNotificationMode = z.infer<typeof ZNotificationMode>;

/** Events per mode (spec: console §4 "Events per mode"). */
export const NOTIFICATION_EVENTS = {
  service: [
    'on_start',
    'on_service_dropoff',
    'on_service_pickup',
    'on_service_charge',
    'on_reservation',
    'on_complete',
  ],
  rental: ['on_start', 'on_reservation', 'on_complete'],
  storage: ['on_start', 'on_reservation', 'on_complete'],
  delivery: ['on_start', 'on_reservation', 'on_complete', 'non_locker_delivery', 'on_expired'],
  vending: [],
} as const satisfies Record<TNotificationMode, readonly string[]>;
export const NOTIFICATION_TYPES = [
  'on_start',
  'on_reservation',
  'on_service_pickup',
  'on_service_charge',
  'on_service_dropoff',
  'on_complete',
  'non_locker_delivery',
  'on_expired',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** Time units (spec: console §4); `immediately` sets the duration to 0. */
export const NOTIFICATION_TIME_UNITS = ['immediately', 'minute', 'hour', 'day', 'week'] as const;
export const ZNotificationTimeUnit = z.enum(NOTIFICATION_TIME_UNITS);
export type TNotificationTimeUnit = z.infer<typeof ZNotificationTimeUnit>;
export const NOTIFICATION_TIME_UNIT_SECONDS: Record<TNotificationTimeUnit, number> = {
  immediately: 0,
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
};

/**
 * The variables a template may name, as `{{variable}}` (mustache, logic-less). Each has a sample
 * value, used by the console's live preview and by Send test.
 */
export const TEMPLATE_VARIABLES = {
  user_name: { description: "The customer's name", sample: 'Ada Lovelace' },
  user_email: { description: "The customer's e-mail", sample: 'ada@example.com' },
  user_phone: { description: "The customer's phone number", sample: '+14155550100' },
  locker_number: { description: 'The locker (door) number', sample: '12' },
  location_name: { description: 'The location name', sample: 'Market Street' },
  location_address: { description: 'The location address', sample: '1 Market St, San Francisco' },
  pickup_code: { description: 'The pickup code of a delivery or service', sample: '482913' },
  pickup_qr_link: {
    description:
      "A link to a page of the Lite App that shows the pickup code as a QR code, for the screen at the wall's camera (for SMS: an e-mail shows the QR code itself)",
    sample: 'https://lockers.example.com/app/demo-org/qr#482913',
  },
  invoice_id: { description: 'The invoice number', sample: 'INV-000042' },
  order_id: { description: 'The order number', sample: 'ORD-000042' },
  amount: { description: 'The charged amount with its currency symbol', sample: '$12.50' },
  weight: { description: 'The weight of a service order', sample: '3.5' },
  start_time: {
    description: 'Start time, in the time zone of the reservation (else UTC)',
    sample: '01/15/2027 09:00 AM',
  },
  end_time: {
    description: 'End time, in the time zone of the reservation (else UTC)',
    sample: '01/15/2027 11:00 AM',
  },
  organization_name: { description: 'The organization (app) name', sample: 'Demo Org' },
} as const;
export type TTemplateVariable = keyof typeof TEMPLATE_VARIABLES;
export const TEMPLATE_VARIABLE_NAMES = Object.keys(TEMPLATE_VARIABLES) as TTemplateVariable[];
export type TTemplateData = Partial<Record<TTemplateVariable, string>>;
export const SAMPLE_TEMPLATE_DATA: TTemplateData = Object.fromEntries(
  TEMPLATE_VARIABLE_NAMES.map((k) => [k, TEMPLATE_VARIABLES[k].sample]),
);

type Token = [string, string, number, number, Token[]?];

/**
 * The first problem of a template, or null: a tag naming a variable outside TEMPLATE_VARIABLES
 * ('Unknown variable {{name}} …'), a section, partial or unescaped tag (`{{{name}}}`, `{{& name}}`:
 * logic-less, and every value HTML-escaped in e-mail), or a syntax error (an unclosed tag).
 */
export function templateProblem(template: string | null | undefined, field = 'message'): string | null {
  if (!template) return null;
  let tokens: Token[];
  try {
    tokens = Mustache.parse(template) as unknown as Token[];
  } catch (err) {
    return `The ${field} cannot be read: ${err instanceof Error ? err.message : String(err)}`;
  }
  for (const [type, name, start, end] of tokens) {
    if (type === 'text') continue;
    // `{{{name}}}` and `{{& name}}` (parsed as '&') skip HTML escaping: refused like a section
    if (type === '&')
      return `Only plain variables such as {{user_name}} are allowed in the ${field} (found ${template.slice(start, end)}).`;
    if (type === 'name') {
      if (!(TEMPLATE_VARIABLE_NAMES as string[]).includes(name))
        return `Unknown variable {{${name}}} in the ${field}. Known variables: ${TEMPLATE_VARIABLE_NAMES.join(', ')}.`;
      continue;
    }
    if (type === '!') continue;
    return `Only plain variables such as {{user_name}} are allowed in the ${field} (found {{${type}${name}}}).`;
  }
  return null;
}

/** Renders a template as plain text (no HTML escaping): SMS and the text part of an e-mail. */
export const renderText = (template: string | null | undefined, data: TTemplateData): string =>
  template ? Mustache.render(template, data, {}, { escape: (v: string) => v }) : '';

/**
 * Renders a template with HTML escaping of every value (the HTML part of an e-mail), unescaped
 * tags included: a template saved before they were refused still escapes its values.
 */
export const renderHtml = (template: string | null | undefined, data: TTemplateData): string => {
  if (!template) return '';
  const writer = new Mustache.Writer();
  writer.unescapedValue = writer.escapedValue;
  return writer.render(template, data);
};

/**
 * SMS segments of a text: GSM-7 texts take 160 characters in one segment and 153 per segment when
 * split; any other character makes it UCS-2, 70 and 67.
 */
export function smsSegments(text: string): {
  characters: number;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
} {
  const gsm = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
  const isGsm = gsm.test(text);
  const characters = [...text].length;
  const [single, multi] = isGsm ? [160, 153] : [70, 67];
  const segments = characters === 0 ? 0 : characters <= single ? 1 : Math.ceil(characters / multi);
  return { characters, segments, encoding: isGsm ? 'GSM-7' : 'UCS-2' };
}

/** A notification template (spec: console §3 Notification). */
export const ZNotification = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The e-mail's subject line, its own field (the name when null: templates made without one). */
  subject: z.string().nullable(),
  mode: ZNotificationMode,
  notification_type: ZNotificationType,
  time_amount: z.number().int(),
  time_unit: ZNotificationTimeUnit,
  is_default: z.boolean(),
  is_template: z.boolean(),
  before: z.boolean(),
  after: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
  header: z.string().nullable(),
  footer: z.string().nullable(),
  message: z.string().nullable(),
  message_email: z.string().nullable(),
  location_message: z.string().nullable(),
  member_message: z.string().nullable(),
  id_member: z.uuid().nullable(),
  member: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  locations: z.array(z.object({ id: z.uuid(), name: z.string() })),
  header_s3_url: z.string().nullable(),
  body_s3_url: z.string().nullable(),
  footer_s3_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() ? v : null) : v),
    z.string().max(max).nullable().optional(),
  );
const flag = z.boolean().optional().default(false);

/**
 * Create and update body (JSON; spec: console §3 Notification, §5 notification rules): mode, name,
 * event and unit required; the e-mail's subject its own field (empty: the name); the duration at least 1 unless the unit is `immediately` (then 0);
 * SMS on needs the SMS message, e-mail on needs the e-mail message; every message names known
 * variables only (checked on the server, with a `detail` naming the unknown one).
 */
export const ZNotificationCreateRequest = z
  .object({
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: NOTIFICATION_MESSAGES.nameRequired })
        .min(1, NOTIFICATION_MESSAGES.nameRequired)
        .max(200),
    ),
    /** The e-mail's subject (variables allowed); empty: the template's name. */
    subject: text(200),
    mode: z.enum(['service', 'rental', 'storage', 'delivery'], { error: NOTIFICATION_MESSAGES.modeRequired }),
    notification_type: z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.eventRequired }),
    time_unit: z.enum(NOTIFICATION_TIME_UNITS, { error: NOTIFICATION_MESSAGES.unitRequired }),
    time_amount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z
        .number({ error: NOTIFICATION_MESSAGES.durationPositive })
        .int(NOTIFICATION_MESSAGES.durationDigits)
        .min(0, NOTIFICATION_MESSAGES.durationPositive)
        .optional(),
    ),
    before: flag,
    after: flag,
    email: flag,
    sms: flag,
    is_default: flag,
    is_template: flag,
    header: text(2000),
    footer: text(2000),
    message: text(1600),
    message_email: text(20000),
    location_message: text(2000),
    member_message: text(2000),
    id_member: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().optional()),
    locations: z.array(z.uuid()).optional().default([]),
  })
  .superRefine((v, ctx) => {
    const events = NOTIFICATION_EVENTS[v.mode] as readonly string[];
    if (!events.includes(v.notification_type))
      ctx.addIssue({
        code: 'custom',
        path: ['notification_type'],
        message: NOTIFICATION_MESSAGES.eventNotInMode,
      });
    if (v.time_unit !== 'immediately' && !(v.time_amount && v.time_amount >= 1))
      ctx.addIssue({
        code: 'custom',
        path: ['time_amount'],
        message: NOTIFICATION_MESSAGES.durationPositive,
      });
    if (v.sms && !v.message)
      ctx.addIssue({ code: 'custom', path: ['message'], message: NOTIFICATION_MESSAGES.smsRequired });
    if (v.email && !v.message_email)
      ctx.addIssue({ code: 'custom', path: ['message_email'], message: NOTIFICATION_MESSAGES.emailRequired });
    // a template that sends on no channel and says nothing would never reach anyone
    if (!v.email && !v.sms && !v.message && !v.message_email && !v.location_message && !v.member_message)
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: NOTIFICATION_MESSAGES.channelOrMessageRequired,
      });
  })
  .transform((v) => ({ ...v, time_amount: v.time_unit === 'immediately' ? 0 : (v.time_amount ?? 0) }));
export type TNotificationCreateInput = z.input<typeof ZNotificationCreateRequest>;
export type TNotificationCreateRequest = z.output<typeof ZNotificationCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZNotificationUpdateRequest = ZNotificationCreateRequest;

/** The message fields checked for unknown variables, with the names used in the error text. */
export const TEMPLATE_FIELDS = {
  subject: 'subject',
  header: 'header',
  footer: 'footer',
  message: 'SMS message',
  message_email: 'e-mail message',
  location_message: 'location message',
  member_message: 'member message',
} as const;

/** `GET types/notification/type`: the modes, their events and the time units (spec: console §4, §7). */
export const ZNotificationTypesResponse = z.object({
  modes: z.array(ZNotificationMode),
  events: z.record(z.string(), z.array(ZNotificationType)),
  types: z.array(ZNotificationType),
  time_units: z.array(ZNotificationTimeUnit),
  variables: z.array(z.object({ name: z.string(), description: z.string(), sample: z.string() })),
});

/** One message of the delivery log (recipient masked). */
export const ZNotificationDelivery = z.object({
  id: z.uuid(),
  id_notification: z.uuid().nullable(),
  channel: z.enum(['email', 'sms']),
  kind: z.enum(['customer', 'member', 'test']),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  provider_answer: z.string().nullable(),
  attempts: z.number().int(),
  send_after: z.string(),
  sent_at: z.string().nullable(),
  invoice_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNotificationDelivery = z.infer<typeof ZNotificationDelivery>;

/** `POST notifications/{id}/test`: where to send the rendered sample (one of them at least). */
export const ZNotificationTestRequest = z
  .object({
    email: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
    phone_number: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^\+\d{6,15}$/)
        .optional(),
    ),
  })
  .refine((v) => v.email || v.phone_number, { message: NOTIFICATION_MESSAGES.testRecipientRequired });
export const ZNotificationTestResponse = z.object({
  detail: z.string(),
  deliveries: z.array(ZNotificationDelivery),
});
export const ZNotificationActionResponse = z.object({ detail: z.string(), notification: ZNotification });

export const NOTIFICATION_CSV_HEADERS = [
  'name',
  'mode',
  'notification_type',
  'time_amount',
  'time_unit',
] as const;

/** Filter of the notifications list beyond paging, search and sort (spec: console §2 Notifications). */
export const ZNotificationListQuery = z.object({ mode: ZNotificationMode.optional() });

/**
 * The notifications list answer: the house page plus `totals {page, page_size, total, total_pages}`
 * (spec: console §3 "List response: items and totals").
 */
export const ZNotificationListResponse = zPage(ZNotification).extend({
  totals: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  }),
});
