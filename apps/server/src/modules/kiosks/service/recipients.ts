import {
  KIOSK_RECIPIENT_MATCHES,
  KIOSK_RECIPIENT_TTL_SECONDS,
  KIOSK_MESSAGES as M,
  type TKioskRecipient,
} from '@lockerops/contract';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Tx } from '../../../db/client';
import { BadRequest } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import { homeCountries } from '../../toolbox';
import { recordWrongTry } from '../queries/couriers';
import { findRecipients, recipientById } from '../queries/recipients';
import { assertUnderLimit, type KioskAuth } from '../service';
import { courierOfSession } from './couriers';

/**
 * A signed-in courier's search for a parcel's recipient among the organization's users, built so
 * that a screen cannot be used to list the customers: a courier session is needed; each search is
 * counted per screen (`MAX_SEARCHES` in ten minutes, then 429); a name needs three letters, an
 * e-mail or phone number must be whole; when more than `KIOSK_RECIPIENT_MATCHES` users match,
 * none is shown (the courier types more); and a user found is shown only as a first name with the
 * last name's initial and a masked contact, with an opaque reference (sealed with the server's
 * key, bound to this screen, valid `KIOSK_RECIPIENT_TTL_SECONDS`) instead of the user's id.
 */

/** Recipient searches a screen may make in ten minutes before it answers 429. */
const MAX_SEARCHES = 60;

/** What a search text is: an e-mail, a phone number (7–15 digits) or the start of a name. */
function searchOf(q: string): { email?: string; digits?: string; name?: string } {
  const text = q.trim();
  if (text.includes('@')) return { email: text.toLowerCase() };
  const digits = text.replace(/[\s().+-]/g, '');
  if (/^\d+$/.test(digits)) return /^\d{7,15}$/.test(digits) ? { digits } : {};
  return text.replace(/[^\p{L}]/gu, '').length >= 3 ? { name: text } : {};
}

/**
 * The stored digits (`users.phone_digits`, E.164 without its plus) a whole number typed at the
 * screen may match: its digits as typed, and the number read in the organization's country in
 * E.164 (a national "(415) 555-0177" is "14155550177" in the United States).
 */
async function phoneDigitsOf(tx: Tx, organizationId: string, typed: string, digits: string) {
  const [country] = await homeCountries({ tx, organizationId });
  const parsed = parsePhoneNumberFromString(typed.trim(), country as CountryCode | undefined);
  const e164 = parsed?.isPossible() ? parsed.number.slice(1) : undefined;
  return [...new Set([digits, ...(e164 ? [e164] : [])])];
}

/** `+1 •••• ••0123`: the country code's first digit and the last four digits. */
export const maskedPhone = (phone: string) => {
  const d = phone.replace(/\D/g, '');
  return `+${d.slice(0, 1)} •••• ${d.slice(-4)}`;
};
/** `j•••@example.com`: the first letter and the domain. */
export const maskedEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

/** `Marguerite O.`: the first name and the last name's initial. */
export const shortName = (name: string, lastName: string | null) =>
  [name, lastName ? `${lastName.slice(0, 1)}.` : ''].filter(Boolean).join(' ');

/** Counts one search (a name, or a parcel's label) at the screen: 429 past `MAX_SEARCHES`. */
export async function countSearch(tx: Tx, kiosk: KioskAuth) {
  await assertUnderLimit(tx, kiosk, 'search', MAX_SEARCHES);
  await recordWrongTry({ tx, organizationId: kiosk.organizationId, idKiosk: kiosk.id, kind: 'search' });
}

/** A reference to user `id` for this screen, valid until `exp` (seconds): sealed, not readable. */
const sealRecipient = (secrets: SecretBox, kiosk: KioskAuth, id: string) =>
  secrets.encrypt(
    JSON.stringify({
      u: id,
      k: kiosk.id,
      o: kiosk.organizationId,
      e: Date.now() + KIOSK_RECIPIENT_TTL_SECONDS * 1000,
    }),
  );

/** Searches the recipient (see above); 401 without a courier session, 429 past the limit. */
export async function searchRecipients(
  { tx, secrets }: { tx: Tx; secrets: SecretBox },
  kiosk: KioskAuth,
  session: string | undefined,
  q: string,
): Promise<{ items: TKioskRecipient[]; more: boolean }> {
  await courierOfSession({ tx, secrets }, kiosk, session);
  await countSearch(tx, kiosk);
  const search = searchOf(q);
  if (!search.email && !search.digits && !search.name) return { items: [], more: false };
  const rows = await findRecipients({
    tx,
    organizationId: kiosk.organizationId,
    name: search.name,
    email: search.email,
    phoneDigits: search.digits ? await phoneDigitsOf(tx, kiosk.organizationId, q, search.digits) : undefined,
    limit: KIOSK_RECIPIENT_MATCHES + 1,
  });
  if (rows.length > KIOSK_RECIPIENT_MATCHES) return { items: [], more: true };
  return {
    more: false,
    items: rows.map((u) => ({
      recipient: sealRecipient(secrets, kiosk, u.id),
      name: shortName(u.name, u.lastName),
      contact: u.phoneNumber ? maskedPhone(u.phoneNumber) : maskedEmail(u.email ?? ''),
    })),
  };
}

/**
 * The user a `recipient` reference of this screen names, still reachable; 400 `recipientGone`
 * for a reference that is altered, expired, of another screen, or whose user is gone.
 */
export async function recipientOfReference(
  { tx, secrets }: { tx: Tx; secrets: SecretBox },
  kiosk: KioskAuth,
  reference: string,
): Promise<string> {
  let ref: { u?: unknown; k?: unknown; o?: unknown; e?: unknown } = {};
  try {
    ref = JSON.parse(secrets.decrypt(reference));
  } catch {
    throw BadRequest(M.recipientGone);
  }
  const fresh = typeof ref.e === 'number' && ref.e > Date.now();
  if (!fresh || ref.k !== kiosk.id || ref.o !== kiosk.organizationId || typeof ref.u !== 'string')
    throw BadRequest(M.recipientGone);
  const u = await recipientById({ tx, organizationId: kiosk.organizationId, id: ref.u });
  if (!u) throw BadRequest(M.recipientGone);
  return u.id;
}
