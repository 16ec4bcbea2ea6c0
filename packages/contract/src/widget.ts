import { z } from 'zod';
import { TOOLBOX_MESSAGES, ZWidgetSettings } from './toolbox';

/*
 * The public reservation widget's calls (spec: console §2 Apps and widgets; README "Reservation
 * widget"): what the page reads, the availability and price of a window, the contact's code and
 * the booking — paid first while the widget's payment switch is on.
 */

/** The publishable key travels as `?key=` (the embed URL) or in this header. */
export const PUBLISHABLE_KEY_HEADER = 'X-Publishable-Key';
export const ZWidgetKeyQuery = z.object({ key: z.string().max(200).optional() });
/** The widget page's query: its key, and its language (en, es, de; else the browser's Accept-Language). */
export const ZWidgetPageQuery = ZWidgetKeyQuery.extend({ lang: z.string().max(20).optional() });
export const ZWidgetOrgParams = z.object({ organization: z.string().min(1).max(100) });

/** What the public widget may read: the organization's name, colours, and public locations and sizes. */
export const ZWidgetConfig = z.object({
  organization: z.object({ name: z.string(), logo: z.string().nullable() }),
  settings: ZWidgetSettings,
  currency: z.string(),
  sandbox: z
    .boolean()
    .describe(
      'true while payments go through the local sandbox provider (no real money moves): every screen showing money says so',
    ),
  locations: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      address: z.string().nullable(),
      time_zone: z
        .string()
        .describe(
          "IANA zone of the place (the location's, else the organization's): typed times mean its wall clock",
        ),
      sizes: z.array(z.object({ id: z.uuid(), name: z.string() })),
    }),
  ),
});
export type TWidgetConfig = z.infer<typeof ZWidgetConfig>;

export const ZWidgetQuoteQuery = ZWidgetKeyQuery.extend({
  id_location: z.uuid(),
  id_size: z.uuid(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
});
/** Availability and price of a window: `price` null when the locker has no price (free). */
export const ZWidgetQuote = z.object({
  available: z.boolean(),
  currency: z.string(),
  price: z.object({ subtotal: z.string(), discount: z.string(), total: z.string() }).nullable(),
  payment_required: z
    .boolean()
    .describe(
      "true when the widget's payment switch is on and the window has a price: the booking carries `payment_method`",
    ),
});
export type TWidgetQuote = z.infer<typeof ZWidgetQuote>;

export const trimmed = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max).optional());

/** One contact, e-mail or phone: the one the code goes to and the booking is for. */
export function oneContactOf(v: { email?: string; phone_number?: string }, ctx: z.RefinementCtx) {
  if (!v.phone_number && !v.email)
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: TOOLBOX_MESSAGES.contactRequired });
  if (v.phone_number && v.email)
    ctx.addIssue({ code: 'custom', path: ['email'], message: TOOLBOX_MESSAGES.oneContact });
  if (v.email && !z.email().safeParse(v.email).success)
    ctx.addIssue({ code: 'custom', path: ['email'], message: TOOLBOX_MESSAGES.emailInvalid });
}

/**
 * `POST widget/{organization}/verification`: the contact a 6-digit code is sent to, an
 * e-mail address or a phone number (of the organization's country or `WIDGET_SMS_COUNTRIES`).
 */
export const ZWidgetVerificationRequest = z
  .object({ phone_number: trimmed(40), email: trimmed(254) })
  .superRefine((v, ctx) => oneContactOf(v, ctx));
export type TWidgetVerificationRequest = z.input<typeof ZWidgetVerificationRequest>;

/** The answer of a code sent: never the code, only until when it is valid. */
export const ZWidgetVerificationSent = z.object({
  detail: z.string(),
  expires_at: z.string().describe('ISO 8601: the code is valid until then (10 minutes)'),
});
export type TWidgetVerificationSent = z.infer<typeof ZWidgetVerificationSent>;

/** A customer's booking through the widget: one contact and the code sent to it. */
export const ZWidgetBookingRequest = z
  .object({
    id_location: z.uuid(),
    id_size: z.uuid(),
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    name: trimmed(100),
    phone_number: trimmed(40),
    email: trimmed(254),
    /**
     * The 6-digit code `POST widget/{organization}/verification` sent to this booking's contact;
     * without it the server answers 400 `verificationRequired` (after the key and window checks).
     */
    verification_code: trimmed(20),
    /**
     * The card paying a priced window while the widget's payment switch is on: the payment
     * provider's payment method (the sandbox's test card `pm_sandbox_card` while no real provider
     * is connected); without it such a booking answers 402 `paymentRequired`.
     */
    payment_method: trimmed(255),
  })
  .superRefine((v, ctx) => {
    const M = TOOLBOX_MESSAGES;
    if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: M.nameRequired });
    oneContactOf(v, ctx);
  });
export type TWidgetBookingRequest = z.input<typeof ZWidgetBookingRequest>;

export const ZWidgetBooking = z.object({
  tracking_number: z.string(),
  location: z.string(),
  locker_number: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string().describe('IANA zone of the place; the customer is shown the times on its wall clock'),
  price: ZWidgetQuote.shape.price,
  currency: z.string(),
  paid: z.boolean().describe('true when the price was paid before the locker was booked'),
  sandbox: z.boolean().describe('true when that payment went through the local sandbox (no real money)'),
});
export type TWidgetBooking = z.infer<typeof ZWidgetBooking>;
