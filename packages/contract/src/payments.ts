import { z } from 'zod';

/** Countries a payment-provider account can be created in (spec: operational §7 Payment provider). */
export const PAYMENT_COUNTRIES = [
  'AT',
  'BE',
  'FI',
  'FR',
  'DE',
  'IE',
  'IT',
  'NL',
  'PT',
  'ES',
  'GB',
  'AU',
  'CA',
  'US',
  'MX',
] as const;
export type TPaymentCountry = (typeof PAYMENT_COUNTRIES)[number];
export const DEFAULT_PAYMENT_COUNTRY: TPaymentCountry = 'US';

export const PAYMENT_MESSAGES = {
  noAccount: 'No payment account is connected.',
  countryInvalid: 'Country is not supported',
  created: 'Payment account created successfully',
  updated: 'Payment account updated successfully',
  deleted: 'Payment account deleted successfully',
  notConfigured: 'Not Configured',
  enabled: 'Enabled',
  onboardingNotFound: 'This onboarding link is not valid.',
  declined: 'The payment was declined.',
  refundDeclined: 'The refund was declined.',
  webhookSignature: 'The Stripe signature is missing or invalid.',
  webhookReplayed: 'This event was already processed.',
  webhookSecretMissing: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).',
  sandboxBadge: 'Sandbox payments',
  sandboxHint: 'Payments are simulated offline: no money moves until STRIPE_SECRET_KEY is set.',
} as const;

/**
 * The local sandbox provider's card: a payment method every sandbox charge takes, no real card
 * behind it (screens that offer it say it is the sandbox's).
 */
export const SANDBOX_PAYMENT_METHOD = 'pm_sandbox_card';

/** `POST stripe?country=` query; the country defaults to US. */
export const ZStripeCreateQuery = z.object({
  country: z.preprocess(
    (v) => (typeof v === 'string' && v ? v.toUpperCase() : undefined),
    z.enum(PAYMENT_COUNTRIES, { error: PAYMENT_MESSAGES.countryInvalid }).default(DEFAULT_PAYMENT_COUNTRY),
  ),
});

/** The link to open to finish the provider's onboarding. */
export const ZStripeLinkResponse = z.object({ url: z.string() });
export type TStripeLinkResponse = z.infer<typeof ZStripeLinkResponse>;

/** The connected account (spec: operational §7 `GET stripe/account`). */
export const ZStripeAccount = z.object({
  id: z.string(),
  email: z.string().nullable(),
  details_submitted: z.boolean(),
});
export type TStripeAccount = z.infer<typeof ZStripeAccount>;

/** Which payment driver the server runs: Stripe (`STRIPE_SECRET_KEY` set) or the offline sandbox. */
export const ZPaymentsMode = z.object({ payments_mode: z.enum(['stripe', 'sandbox']) });
export type TPaymentsMode = z.infer<typeof ZPaymentsMode>;
