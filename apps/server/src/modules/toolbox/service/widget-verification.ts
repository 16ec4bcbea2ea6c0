import {
  fillMailText,
  type TLanguage,
  TOOLBOX_MESSAGES,
  type TWidgetBooking,
  type TWidgetSettings,
  type TWidgetVerificationSent,
  WIDGET_TEXTS,
  type ZWidgetBookingRequest,
} from '@lockerops/contract';
import type { z } from 'zod';
import type { MailAdapter } from '../../../adapters/mail';
import type { SmsAdapter } from '../../../adapters/sms';
import type { AuthContext } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { BadRequest } from '../../../errors';
import { recipientLanguage } from '../../../lib/message-language';
import type { SecretBox } from '../../../lib/secrets';
import { type CodeContact, checkOneTimeCode, sendOneTimeCode } from '../../one-time-codes';
import { widgetOrganization } from '../queries';
import { twilioPurposes } from '../service';
import { checkPhoneCountry, type WidgetGuard, widgetBook } from './widget';
import { type PaymentDeps, widgetBookPaid } from './widget-payment';
import { checkWindow } from './widget-quote';

/*
 * A verified contact before the public widget holds a door or sends anything (README
 * "Reservation widget"): `POST widget/{organization}/verification` sends a 6-digit code to one
 * contact, and a booking for that contact carries it.
 */

/** Runs `fn` in a transaction of the widget's organization (`req.withTenant`). */
type RunTenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * What the verification step needs: the server's secret and the adapters that carry the code, and
 * for a paid booking the payment provider (`PaymentDeps`).
 */
export interface VerificationDeps extends PaymentDeps {
  run: RunTenant;
  secrets: SecretBox;
  mail: MailAdapter;
  sms: SmsAdapter;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** `WIDGET_CODES_PER_*`, `CODES_PER_ORGANIZATION_HOUR`: the caps of the one-time codes. */
  limits: { perContact: number; perAddress: number; perOrganization: number };
  /** `WIDGET_SMS_COUNTRIES`. */
  smsCountries: readonly string[];
}

/**
 * The contact a code goes to or a booking is for: the e-mail in lower case, or the phone number in
 * E.164 after the widget's SMS rules (400 `phoneCountryNotAllowed` for another country or a
 * premium-rate number, see `checkPhoneCountry`).
 */
async function contactOf(
  tx: Tx,
  organizationId: string,
  c: { email?: string; phone_number?: string },
  smsCountries: readonly string[],
): Promise<CodeContact> {
  if (c.email) return { key: c.email.toLowerCase(), channel: 'email' };
  return {
    key: await checkPhoneCountry({ tx, organizationId, phone: c.phone_number!, allowed: smsCountries }),
    channel: 'sms',
  };
}

/** The widget's codes among the one-time codes. */
const PURPOSE = 'widget';

/**
 * `POST widget/{organization}/verification`: sends a 6-digit code to the contact through the
 * one-time codes (`sendOneTimeCode`: 10 minutes, its HMAC only, the caps per contact, per client
 * address — an IPv6 /64 — and per organization; SMS only while the organization's Twilio
 * verification switch is on, else 400) — by e-mail, or by SMS after the widget's SMS country and
 * premium-number rules (400), in the page's `language`, else the organization's default one. A
 * failed send answers 502.
 */
export async function requestWidgetCode(
  deps: VerificationDeps,
  auth: AuthContext,
  input: { email?: string; phone_number?: string; address: string; language?: TLanguage },
  now = new Date(),
): Promise<TWidgetVerificationSent> {
  const organizationId = auth.organizationId;
  const { contact, name, smsAllowed, language } = await deps.run(async (tx) => {
    const contact = await contactOf(tx, organizationId, input, deps.smsCountries);
    const o = await widgetOrganization({ tx, organizationId });
    const { verification } = await twilioPurposes({ tx, organizationId });
    const language = await recipientLanguage({ tx, organizationId, own: input.language });
    return { contact, name: o?.appName || o?.name || '', smsAllowed: verification, language };
  });
  const w = WIDGET_TEXTS[language];
  const { expiresAt } = await sendOneTimeCode(
    deps,
    {
      organizationId,
      purpose: PURPOSE,
      contact,
      address: input.address,
      smsAllowed,
      message: (code) => ({
        subject: fillMailText(w.codeSubject, { name }),
        text: fillMailText(w.codeMessage, { name, code }),
      }),
    },
    now,
  );
  return { detail: TOOLBOX_MESSAGES.verificationSent, expires_at: expiresAt.toISOString() };
}

/**
 * `POST widget/{organization}/reservations` with the contact's code: the widget's own
 * refusal of the window first (400), then the code of the booking's one contact (400 with
 * `verificationRequired`, else one answer `verificationInvalid` for a wrong, expired, used or void
 * code; a wrong try is recorded for the client address), then `widgetBook` — or, while the
 * widget's payment switch is on, `widgetBookPaid` (a priced window paid first) — which uses the
 * code once in the booking's transaction. Without a valid code nothing is created, held
 * or sent: no customer, no reservation, no notification.
 */
export async function widgetBookVerified(
  deps: VerificationDeps,
  auth: AuthContext,
  widget: TWidgetSettings,
  body: z.output<typeof ZWidgetBookingRequest>,
  guard: Omit<WidgetGuard, 'verificationId'>,
  now = new Date(),
): Promise<TWidgetBooking> {
  checkWindow(widget, body.start, body.end, now);
  if (!body.verification_code) throw BadRequest(TOOLBOX_MESSAGES.verificationRequired);
  const organizationId = auth.organizationId;
  const contact = await deps.run((tx) => contactOf(tx, organizationId, body, deps.smsCountries));
  const checked = await checkOneTimeCode(
    deps,
    { organizationId, purpose: PURPOSE, contact, address: guard.address, code: body.verification_code },
    now,
  );
  if (!checked) throw BadRequest(TOOLBOX_MESSAGES.verificationInvalid);
  const verified = contact.channel === 'email' ? { email: contact.key } : { phone_number: contact.key };
  const booking = { ...body, email: undefined, phone_number: undefined, ...verified };
  const codeGuard = { ...guard, verificationId: checked.id };
  if (widget.payment_enabled) return widgetBookPaid(deps, auth, widget, booking, codeGuard, now);
  return deps.run((tx) => widgetBook({ tx, auth, widget, body: booking, guard: codeGuard, now }));
}
