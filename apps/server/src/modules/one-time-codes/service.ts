import { randomInt, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { fillMailText, OPERATOR_TEXTS, type TLanguage, TOOLBOX_MESSAGES } from '@lockerops/contract';
import type { MailAdapter } from '../../adapters/mail';
import type { SmsAdapter } from '../../adapters/sms';
import type { Tx } from '../../db/client';
import { BadRequest, HttpError } from '../../errors';
import { organizationLanguage } from '../../lib/message-language';
import type { SecretBox } from '../../lib/secrets';
import {
  CAP_NOTICE,
  countWrongTry,
  insertCode,
  operatorContact,
  pendingCode,
  recentCodes,
  triesFrom,
} from './queries';

/*
 * One-time 6-digit codes, one implementation for the reservation widget's verified contact and the
 * Lite App's sign-in (README "One-time codes"). A code is valid 10 minutes and stored as its HMAC;
 * codes are capped per contact, per client address (an IPv6 /64 counts as one address) and per
 * organization an hour (reaching that cap tells the operator once an hour); SMS only while the
 * organization's Twilio "Enable Verification and Identity" switch is on. Checking answers one thing
 * for every code that does not pass (wrong, expired, used, void, none sent); wrong tries count per
 * client address, so a stranger cannot void a customer's code, and a code is void after
 * `MAX_TRIES_IN_ALL` wrong tries from everywhere.
 */

/** How long a code is valid, minutes. */
export const CODE_TTL_MINUTES = 10;
/** Wrong tries of one code from one client address before it stops answering to that address. */
export const MAX_TRIES_PER_ADDRESS = 5;
/** Wrong tries of one code from every address together before it is void. */
export const MAX_TRIES_IN_ALL = 25;
/** The window of the per-address and per-organization caps, minutes. */
const HOUR_MINUTES = 60;
/** A contact may be sent this many times `perContact` codes from all addresses together. */
const CONTACT_ALL_ADDRESSES = 5;

/** Runs `fn` in a transaction of the organization. */
type Run = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** What the code machinery needs: the tenant transaction, the server's secret, the carriers, the caps. */
export interface CodeDeps {
  run: Run;
  secrets: SecretBox;
  mail: MailAdapter;
  sms: SmsAdapter;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Codes per contact (from one address) in 10 minutes, per address an hour, per organization an hour. */
  limits: { perContact: number; perAddress: number; perOrganization: number };
}

/** Where a code goes: the e-mail (lower-case) or the phone number in E.164, and the channel. */
export interface CodeContact {
  key: string;
  channel: 'email' | 'sms';
}

/**
 * The key a client address is limited under: an IPv6 address by its /64 (one customer's network
 * hands out 2⁶⁴ addresses), an IPv4-mapped IPv6 address as the IPv4 address, anything else as is.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** The stored form of a code: HMAC-SHA256 under the server's secret, bound to organization and contact. */
const codeHash = (secrets: SecretBox, organizationId: string, contact: string, code: string) =>
  secrets.mac('widget-code', `${organizationId}:${contact}:${code}`);

/**
 * Sends a new code to `contact` for `purpose` (`widget`, `app`): 400 `smsVerificationOff` for a
 * phone while `smsAllowed` is false; 429 past the caps — `perContact` codes to the contact from
 * this address in 10 minutes (five times that from all addresses), `perAddress` from the address in
 * an hour, `perOrganization` in an hour (the first refusal e-mails the operator). The code is
 * recorded in one short transaction and sent with none open (502 when the carrier refused).
 * `message` words the e-mail or SMS around the code. Answers until when the code is valid.
 */
export async function sendOneTimeCode(
  deps: CodeDeps,
  input: {
    organizationId: string;
    purpose: string;
    contact: CodeContact;
    address: string;
    smsAllowed: boolean;
    message: (code: string) => { subject: string; text: string };
    /**
     * false: record the code (it counts against the caps, the answer is the same) but send nothing —
     * a contact that may not sign in learns nothing from the answer.
     */
    deliver?: boolean;
  },
  now = new Date(),
): Promise<{ expiresAt: Date }> {
  const { organizationId: org, contact } = input;
  if (contact.channel === 'sms' && !input.smsAllowed) throw BadRequest(TOOLBOX_MESSAGES.smsVerificationOff);
  const address = addressKey(input.address);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  type Outcome = { expiresAt: Date } | { refuse: string; notify?: Operator };
  const outcome = await deps.run(async (tx): Promise<Outcome> => {
    const recent = await recentCodes({
      tx,
      organizationId: org,
      contact: contact.key,
      address,
      contactSince: minutesAgo(CODE_TTL_MINUTES),
      addressSince: minutesAgo(HOUR_MINUTES),
      organizationSince: minutesAgo(HOUR_MINUTES),
    });
    const { perContact, perAddress, perOrganization } = deps.limits;
    if (recent.byContactFromAddress >= perContact || recent.byContact >= perContact * CONTACT_ALL_ADDRESSES)
      return { refuse: TOOLBOX_MESSAGES.verificationContactLimit };
    if (recent.byAddress >= perAddress) return { refuse: TOOLBOX_MESSAGES.verificationAddressLimit };
    if (recent.byOrganization >= perOrganization) {
      if (recent.noticed) return { refuse: TOOLBOX_MESSAGES.verificationOrganizationLimit };
      await insertCode({
        tx,
        organizationId: org,
        values: { contact: '', channel: 'email', codeHash: '', address, expiresAt: now, purpose: CAP_NOTICE },
      });
      const operator = await operatorContact({ tx, organizationId: org });
      const language = await organizationLanguage({ tx, organizationId: org });
      return {
        refuse: TOOLBOX_MESSAGES.verificationOrganizationLimit,
        notify: operator && { ...operator, language },
      };
    }
    const row = await insertCode({
      tx,
      organizationId: org,
      values: {
        contact: contact.key,
        channel: contact.channel,
        codeHash: codeHash(deps.secrets, org, contact.key, code),
        address,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
        purpose: input.purpose,
      },
    });
    return { expiresAt: row.expiresAt };
  });
  if ('refuse' in outcome) {
    if (outcome.notify) await notifyCap(deps, org, outcome.notify);
    throw new HttpError(429, outcome.refuse);
  }
  if (input.deliver === false) return { expiresAt: outcome.expiresAt };
  const { subject, text } = input.message(code);
  try {
    if (contact.channel === 'email')
      await deps.mail.send({ organizationId: org, to: contact.key, subject, text });
    else await deps.sms.send({ organizationId: org, to: contact.key, body: text, purpose: 'verification' });
  } catch (err) {
    deps.log.error({ err, channel: contact.channel }, 'one-time code not sent');
    throw new HttpError(502, TOOLBOX_MESSAGES.verificationNotSent);
  }
  return { expiresAt: outcome.expiresAt };
}

/** Who hears that the cap was reached, and in which language. */
type Operator = { name: string; email: string | null; language: TLanguage };

/** Tells the operator the hourly cap on codes was reached (once an hour; never fails the request). */
async function notifyCap(deps: CodeDeps, organizationId: string, operator: Operator): Promise<void> {
  deps.log.warn({ organizationId, cap: deps.limits.perOrganization }, 'one-time code cap reached');
  if (!operator.email) return;
  try {
    // the organization's default language: the notice goes to its operator, not to one member
    const words = OPERATOR_TEXTS[operator.language];
    const cap = new Intl.NumberFormat(operator.language).format(deps.limits.perOrganization);
    await deps.mail.send({
      organizationId,
      to: operator.email,
      subject: words.codeCapSubject,
      text: fillMailText(words.codeCapText, { name: operator.name, cap }),
    });
  } catch (err) {
    deps.log.error({ err }, 'code cap notice not sent');
  }
}

/**
 * Checks a code for `contact` and `purpose` in its own transaction (a wrong try counts even though
 * the caller refuses): answers the code's id to use, or undefined for every code that does not
 * pass — none pending, expired, void, `MAX_TRIES_PER_ADDRESS` wrong tries already from this
 * address, or wrong (counted for this address and in all).
 */
export async function checkOneTimeCode(
  deps: Pick<CodeDeps, 'run' | 'secrets'>,
  input: { organizationId: string; purpose: string; contact: CodeContact; address: string; code: string },
  now = new Date(),
): Promise<{ id: string } | undefined> {
  const { organizationId, contact } = input;
  const address = addressKey(input.address);
  return deps.run(async (tx) => {
    const row = await pendingCode({ tx, organizationId, purpose: input.purpose, contact: contact.key });
    if (!row || row.expiresAt <= now || row.attempts >= MAX_TRIES_IN_ALL) return undefined;
    if ((await triesFrom({ tx, organizationId, codeId: row.id, address })) >= MAX_TRIES_PER_ADDRESS)
      return undefined;
    const given = Buffer.from(
      codeHash(deps.secrets, organizationId, contact.key, input.code.replace(/\s/g, '')),
    );
    const stored = Buffer.from(row.codeHash);
    if (given.length === stored.length && timingSafeEqual(given, stored)) return { id: row.id };
    await countWrongTry({ tx, organizationId, id: row.id, address });
    return undefined;
  });
}
