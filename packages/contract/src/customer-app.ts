import { z } from 'zod';
import { oneContactOf, trimmed, ZLiteAppSettings } from './toolbox';

/** The Lite App's texts of the server (ours: the spec has none for the customer's side). */
export const CUSTOMER_APP_MESSAGES = {
  codeFormat: 'The code has 6 digits.',
  codeSent: 'If this contact may sign in, a code is on its way. It is valid for 10 minutes.',
  emailNotAllowed: 'This app signs in with a phone number.',
  phoneNotAllowed: 'This app signs in with an e-mail address.',
  phoneInvalid: 'Please enter the phone number with its country code, e.g. +1 312 555 0100.',
  signedOut: 'Signed out',
  deleted: 'Your account was deleted.',
  notSignedIn: 'Please sign in.',
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
});
export type TCustomerMe = z.infer<typeof ZCustomerMe>;

/** What a customer may change of their details (the verified contact stays). */
export const ZCustomerMeUpdate = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100).nullable().optional(),
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
