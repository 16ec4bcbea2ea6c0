import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CUSTOMER_APP_CODE_TEXTS,
  CUSTOMER_APP_MESSAGES,
  fillMailText,
  messageLanguage,
  type TCustomerMe,
  type TLanguage,
  TOOLBOX_MESSAGES,
} from '@lockerops/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Tx } from '../../../db/client';
import { BadRequest } from '../../../errors';
import { organizationLanguage } from '../../../lib/message-language';
import {
  type CodeContact,
  type CodeDeps,
  checkOneTimeCode,
  consumeCode,
  MAX_TRIES_IN_ALL,
  sendOneTimeCode,
} from '../../one-time-codes';
import { getLiteApp, twilioPurposes } from '../../toolbox';
import {
  type CustomerRow,
  forgetCustomer,
  insertAppCustomer,
  recordSignIn,
  updateCustomerDetails,
} from '../../users';
import { whiteLabel } from '../queries/organization';
import {
  customerByContact,
  customerById,
  deleteCustomerSessions,
  deleteSession,
  insertSession,
  liveSession,
} from '../queries/session';
import { contactsOf } from './config';

/*
 * The Lite App customer's session (README "Lite App"): a one-time code to the contact the
 * customizer's sign-in method allows, then an httpOnly cookie for `/api/customer/{organization}`
 * holding the session's id and a secret (its HMAC kept). Console sessions never open it, and it
 * opens nothing of the console.
 */

/** The name of the app's session cookie. */
export const CUSTOMER_COOKIE = 'lockerops_customer';
/** How long a session lasts, seconds (30 days). */
export const SESSION_SECONDS = 30 * 86400;
/** The app's codes among the one-time codes. */
const PURPOSE = 'app';

const sessionHash = (deps: Pick<CodeDeps, 'secrets'>, token: string) =>
  deps.secrets.mac('customer-session', token);

/** The answer's shape of a customer. */
export const meOf = (u: CustomerRow): TCustomerMe => ({
  id: u.id,
  first_name: u.name,
  last_name: u.lastName,
  email: u.email,
  phone_number: u.phoneNumber,
  receipt_emails: u.receiptEmails,
});

/**
 * The contact of a request, refused (400) when the sign-in method does not allow its kind: an
 * e-mail in lower case, a phone in E.164 (a valid number with its country code, else 400).
 */
function contactOf(
  input: { email?: string; phone_number?: string },
  allowed: readonly string[],
): CodeContact {
  if (input.email) {
    if (!allowed.includes('email')) throw BadRequest(CUSTOMER_APP_MESSAGES.emailNotAllowed);
    return { key: input.email.toLowerCase(), channel: 'email' };
  }
  if (!allowed.includes('phone')) throw BadRequest(CUSTOMER_APP_MESSAGES.phoneNotAllowed);
  const phone = parsePhoneNumberFromString(input.phone_number ?? '');
  if (!phone?.isValid()) throw BadRequest(CUSTOMER_APP_MESSAGES.phoneInvalid);
  return { key: phone.number, channel: 'sms' };
}

/** What the sign-in rules of the organization are: the contacts allowed and whether it pre-registers. */
async function rulesOf(deps: CodeDeps, organizationId: string) {
  return deps.run(async (tx) => {
    const settings = await getLiteApp({ tx, organizationId });
    const { verification } = await twilioPurposes({ tx, organizationId });
    const label = await whiteLabel({ tx, organizationId });
    return {
      allowed: contactsOf(settings.sign_in_method, verification),
      preregistered: settings.preregistered_only,
      smsAllowed: verification,
      name: label?.appName || label?.name || '',
      language: await organizationLanguage({ tx, organizationId }),
    };
  });
}

/**
 * `POST customer/{organization}/code`: sends a sign-in code to the contact (the one-time codes'
 * caps, 10 minutes). The answer is the same whether the contact is a customer or not; with
 * "pre-registered customers only" a contact that is not one gets nothing, the answer unchanged.
 * The code's message speaks the app's language, else the organization's default one.
 */
export async function requestSignInCode(
  deps: CodeDeps,
  input: {
    organizationId: string;
    body: { email?: string; phone_number?: string };
    address: string;
    /** the app's language; without one, the organization's default language */
    language?: TLanguage;
  },
): Promise<{ detail: string; expires_at: string }> {
  const organizationId = input.organizationId;
  const rules = await rulesOf(deps, organizationId);
  const contact = contactOf(input.body, rules.allowed);
  const known = rules.preregistered
    ? await deps.run((tx) =>
        customerByContact({
          tx,
          organizationId,
          ...(contact.channel === 'email' ? { email: contact.key } : { phone: contact.key }),
        }),
      )
    : true;
  const texts = CUSTOMER_APP_CODE_TEXTS[messageLanguage(input.language, rules.language)];
  const { expiresAt } = await sendOneTimeCode(deps, {
    organizationId,
    purpose: PURPOSE,
    contact,
    address: input.address,
    smsAllowed: rules.smsAllowed,
    deliver: !!known,
    message: (code) => ({
      subject: fillMailText(texts.subject, { name: rules.name }),
      text: fillMailText(texts.text, { name: rules.name, code }),
    }),
  });
  return { detail: CUSTOMER_APP_MESSAGES.codeSent, expires_at: expiresAt.toISOString() };
}

/**
 * The customer a sign-in code proves (the Lite App's sign-in, and the screen at the wall's): every
 * code that does not pass answers the same 400 (`toolbox.verificationInvalid`); the code is used up;
 * the customer is the organization's user with that contact, created when new (unless
 * pre-registered only: the same 400). `address` is where wrong tries are counted (a client
 * address, or a screen).
 */
export async function verifiedCustomer(
  deps: CodeDeps,
  input: {
    organizationId: string;
    body: { email?: string; phone_number?: string; code: string };
    address: string;
    /** the app's language, recorded for the customer's e-mails */
    language?: TLanguage;
  },
): Promise<CustomerRow> {
  const organizationId = input.organizationId;
  const rules = await rulesOf(deps, organizationId);
  const contact = contactOf(input.body, rules.allowed);
  const checked = await checkOneTimeCode(deps, {
    organizationId,
    purpose: PURPOSE,
    contact,
    address: input.address,
    code: input.body.code,
  });
  if (!checked) throw BadRequest(TOOLBOX_MESSAGES.verificationInvalid);
  return deps.run(async (tx) => {
    if (!(await consumeCode({ tx, organizationId, id: checked.id, maxAttempts: MAX_TRIES_IN_ALL })))
      throw BadRequest(TOOLBOX_MESSAGES.verificationInvalid);
    const by = contact.channel === 'email' ? { email: contact.key } : { phone: contact.key };
    const found = await customerByContact({ tx, organizationId, ...by });
    if (!found && rules.preregistered) throw BadRequest(TOOLBOX_MESSAGES.verificationInvalid);
    const customer =
      found ??
      (await insertAppCustomer({
        tx,
        organizationId,
        values: {
          name: '',
          email: contact.channel === 'email' ? contact.key : null,
          phoneNumber: contact.channel === 'sms' ? contact.key : null,
        },
      }));
    // the code proved this e-mail: the customer's receipts may go to it
    await recordSignIn({
      tx,
      organizationId,
      id: customer.id,
      verifiedEmail: contact.channel === 'email' ? contact.key : undefined,
      appLanguage: input.language,
    });
    return customer;
  });
}

/**
 * `POST customer/{organization}/session`: signs in with the code sent to the contact
 * (`verifiedCustomer`, its one 400 for every code that does not pass) and opens a session of the
 * app. Answers the customer and the cookie's value.
 */
export async function signIn(
  deps: CodeDeps,
  input: {
    organizationId: string;
    body: { email?: string; phone_number?: string; code: string };
    address: string;
    language?: TLanguage;
  },
): Promise<{ me: TCustomerMe; cookie: string }> {
  const organizationId = input.organizationId;
  const customer = await verifiedCustomer(deps, input);
  return deps.run(async (tx) => {
    const token = randomBytes(32).toString('base64url');
    const id = await insertSession({
      tx,
      organizationId,
      userId: customer.id,
      tokenHash: sessionHash(deps, token),
      expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
    });
    return { me: meOf(customer), cookie: `${id}.${token}` };
  });
}

/** The customer of a session cookie `<id>.<secret>` still valid, with the session's id; else undefined. */
export async function customerOfCookie(
  deps: Pick<CodeDeps, 'run' | 'secrets'>,
  { organizationId, cookie }: { organizationId: string; cookie: string | undefined },
): Promise<{ customer: CustomerRow; sessionId: string } | undefined> {
  const [id, token] = (cookie ?? '').split('.');
  if (!id || !token || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return deps.run(async (tx) => {
    const s = await liveSession({ tx, organizationId, id });
    if (!s) return undefined;
    const given = Buffer.from(sessionHash(deps, token));
    const stored = Buffer.from(s.tokenHash);
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) return undefined;
    const customer = await customerById({ tx, organizationId, id: s.userId });
    return customer ? { customer, sessionId: id } : undefined;
  });
}

/**
 * `PATCH customer/{organization}/me`: the customer's name, and when given their switch for receipt
 * e-mails and the app's language; answers the customer.
 */
export async function updateMe({
  tx,
  organizationId,
  customerId,
  body,
}: {
  tx: Tx;
  organizationId: string;
  customerId: string;
  body: { first_name: string; last_name?: string | null; receipt_emails?: boolean; language?: TLanguage };
}): Promise<TCustomerMe> {
  await updateCustomerDetails({
    tx,
    organizationId,
    id: customerId,
    name: body.first_name,
    lastName: body.last_name,
    receiptEmails: body.receipt_emails,
    appLanguage: body.language,
  });
  const u = await customerById({ tx, organizationId, id: customerId });
  return meOf(u!);
}

/** `DELETE customer/{organization}/session`: ends this session. */
export const signOut = ({
  tx,
  organizationId,
  sessionId,
}: {
  tx: Tx;
  organizationId: string;
  sessionId: string;
}) => deleteSession({ tx, organizationId, id: sessionId });

/**
 * `DELETE customer/{organization}/me`: deletes the customer's account — the person detached from
 * the operator's records (`forgetCustomer`), every session of theirs ended.
 */
export const deleteMe = async ({
  tx,
  organizationId,
  customerId,
}: {
  tx: Tx;
  organizationId: string;
  customerId: string;
}) => {
  await forgetCustomer({ tx, organizationId, id: customerId });
  await deleteCustomerSessions({ tx, organizationId, userId: customerId });
};
