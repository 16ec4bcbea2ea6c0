import { randomInt, timingSafeEqual } from 'node:crypto';
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
import { BadRequest, HttpError } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import { widgetOrganization } from '../queries';
import { countWrongTry, insertCode, pendingCode, recentCodes } from '../queries/verification';
import {
  checkPhoneCountry,
  WIDGET_CODE_MAX_TRIES,
  type WidgetGuard,
  widgetBook,
  widgetPrecheck,
} from './widget';

/*
 * A verified contact before the public widget holds a door or sends anything (README
 * "Reservation widget"): `POST widget/{organization}/verification` sends a 6-digit code to one
 * contact, and a booking for that contact carries it.
 */

/** How long a code is valid, minutes. */
const CODE_TTL_MINUTES = 10;
/** The window of the per-address limit on codes sent, minutes. */
const ADDRESS_WINDOW_MINUTES = 60;

/** Runs `fn` in a transaction of the widget's organization (`req.withTenant`). */
type RunTenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** What the verification step needs: the server's secret and the adapters that carry the code. */
export interface VerificationDeps {
  run: RunTenant;
  secrets: SecretBox;
  mail: MailAdapter;
  sms: SmsAdapter;
  log: { error(obj: object, msg: string): void };
  /** `WIDGET_CODES_PER_*`: codes per contact in 10 minutes, per client address in an hour. */
  limits: { perContact: number; perAddress: number };
  /** `WIDGET_SMS_COUNTRIES`. */
  smsCountries: readonly string[];
}

/** One verified-contact channel: the key codes are kept under and where the code goes. */
interface Contact {
  /** The e-mail (lower-case) or the phone number in E.164. */
  key: string;
  channel: 'email' | 'sms';
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
): Promise<Contact> {
  if (c.email) return { key: c.email.toLowerCase(), channel: 'email' };
  return {
    key: await checkPhoneCountry({ tx, organizationId, phone: c.phone_number!, allowed: smsCountries }),
    channel: 'sms',
  };
}

/** The stored form of a code: HMAC-SHA256 under the server's secret, bound to organization and contact. */
const codeHash = (secrets: SecretBox, organizationId: string, contact: string, code: string) =>
  secrets.mac('widget-code', `${organizationId}:${contact}:${code}`);

/**
 * `POST widget/{organization}/verification`: sends a 6-digit code to the contact — by
 * e-mail through the mail adapter, to a phone by SMS through the SMS adapter (the widget's SMS
 * country and premium-number rules first: 400). At most `limits.perContact` codes to a contact in
 * 10 minutes and `limits.perAddress` from a client address in an hour (429). The code is stored as
 * its HMAC only, valid 10 minutes; it never appears in an answer or a log. The code is recorded in
 * one short transaction and sent with none open; a failed send answers 502.
 */
export async function requestWidgetCode(
  deps: VerificationDeps,
  auth: AuthContext,
  input: { email?: string; phone_number?: string; address: string; language: TLanguage },
  now = new Date(),
): Promise<TWidgetVerificationSent> {
  const org = auth.organizationId;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { contact, expiresAt, name } = await deps.run(async (tx) => {
    const contact = await contactOf(tx, org, input, deps.smsCountries);
    const recent = await recentCodes({
      tx,
      organizationId: org,
      contact: contact.key,
      address: input.address,
      contactSince: new Date(now.getTime() - CODE_TTL_MINUTES * 60_000),
      addressSince: new Date(now.getTime() - ADDRESS_WINDOW_MINUTES * 60_000),
    });
    if (recent.byContact >= deps.limits.perContact)
      throw new HttpError(429, TOOLBOX_MESSAGES.verificationContactLimit);
    if (recent.byAddress >= deps.limits.perAddress)
      throw new HttpError(429, TOOLBOX_MESSAGES.verificationAddressLimit);
    const row = await insertCode({
      tx,
      organizationId: org,
      values: {
        contact: contact.key,
        channel: contact.channel,
        codeHash: codeHash(deps.secrets, org, contact.key, code),
        address: input.address,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      },
    });
    const o = await widgetOrganization({ tx, organizationId: org });
    return { contact, expiresAt: row.expiresAt, name: o?.appName || o?.name || '' };
  });
  const w = WIDGET_TEXTS[input.language];
  const text = fillMailText(w.codeMessage, { name, code });
  try {
    if (contact.channel === 'email')
      await deps.mail.send({
        organizationId: org,
        to: contact.key,
        subject: fillMailText(w.codeSubject, { name }),
        text,
      });
    else await deps.sms.send({ organizationId: org, to: contact.key, body: text });
  } catch (err) {
    deps.log.error({ err, channel: contact.channel }, 'widget verification code not sent');
    throw new HttpError(502, TOOLBOX_MESSAGES.verificationNotSent);
  }
  return { detail: TOOLBOX_MESSAGES.verificationSent, expires_at: expiresAt.toISOString() };
}

/**
 * Checks the code of a booking's contact in its own transaction, so that a wrong try counts even
 * though the booking is refused: answers the code's id, or the message to refuse with — no code
 * sent, expired, used, or void after 5 wrong tries: `verificationExpired`; a wrong code:
 * `verificationInvalid` (the fifth wrong try voids it: `verificationExpired`).
 */
async function checkCode(
  deps: VerificationDeps,
  organizationId: string,
  contact: Contact,
  code: string,
  now: Date,
): Promise<{ id: string } | { refuse: string }> {
  return deps.run(async (tx) => {
    const row = await pendingCode({ tx, organizationId, contact: contact.key });
    if (!row || row.expiresAt <= now || row.attempts >= WIDGET_CODE_MAX_TRIES)
      return { refuse: TOOLBOX_MESSAGES.verificationExpired };
    const given = Buffer.from(codeHash(deps.secrets, organizationId, contact.key, code.replace(/\s/g, '')));
    const stored = Buffer.from(row.codeHash);
    if (given.length === stored.length && timingSafeEqual(given, stored)) return { id: row.id };
    const tries = await countWrongTry({ tx, organizationId, id: row.id });
    return {
      refuse:
        tries >= WIDGET_CODE_MAX_TRIES
          ? TOOLBOX_MESSAGES.verificationExpired
          : TOOLBOX_MESSAGES.verificationInvalid,
    };
  });
}

/**
 * `POST widget/{organization}/reservations` with the contact's code: the widget's own
 * refusals first (payment 409, window 400), then the code of the booking's one contact (400 with
 * `verificationRequired`, `verificationExpired` or `verificationInvalid`; a wrong try is recorded), then `widgetBook`, which
 * uses the code once in the booking's transaction. Without a valid code nothing is created, held
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
  widgetPrecheck(widget, body, now);
  if (!body.verification_code) throw BadRequest(TOOLBOX_MESSAGES.verificationRequired);
  const org = auth.organizationId;
  const contact = await deps.run((tx) => contactOf(tx, org, body, deps.smsCountries));
  const checked = await checkCode(deps, org, contact, body.verification_code, now);
  if ('refuse' in checked) throw BadRequest(checked.refuse);
  const verified = contact.channel === 'email' ? { email: contact.key } : { phone_number: contact.key };
  return deps.run((tx) =>
    widgetBook({
      tx,
      auth,
      widget,
      body: { ...body, email: undefined, phone_number: undefined, ...verified },
      guard: { ...guard, verificationId: checked.id },
      now,
    }),
  );
}
