import { KIOSK_RECIPIENT_TTL_SECONDS, KIOSK_MESSAGES as M, type TKioskParcel } from '@lockerops/contract';
import type { Tx } from '../../../db/client';
import { BadRequest } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import { expectedParcel, expectedParcelById } from '../queries/parcels';
import type { KioskAuth } from '../service';
import { courierOfSession } from './couriers';
import { countSearch, maskedEmail, maskedPhone, shortName } from './recipients';

/**
 * A parcel's label at the screen (README: The screen at the wall, "Scanning the label"): the
 * tracking number read or typed names the parcel the organization expects here — an active
 * delivery reservation at the screen's location with that tracking number, that no delivery
 * carries yet — whose recipient and size the courier's drop-off then takes. Another
 * organization's or another place's reservation is never found. A look-up is counted with the
 * recipient searches, so a screen cannot be used to try tracking numbers.
 */

type Ctx = { tx: Tx; secrets: SecretBox };

/** A reference to expected parcel (reservation) `id` for this screen: sealed, not readable. */
const sealParcel = (secrets: SecretBox, kiosk: KioskAuth, id: string) =>
  secrets.encrypt(
    JSON.stringify({
      p: id,
      k: kiosk.id,
      o: kiosk.organizationId,
      e: Date.now() + KIOSK_RECIPIENT_TTL_SECONDS * 1000,
    }),
  );

/** The parcel expected here under `trackingNumber` (see above), or `expected: null`. */
export async function lookUpParcel(
  { tx, secrets }: Ctx,
  kiosk: KioskAuth,
  session: string | undefined,
  trackingNumber: string,
): Promise<TKioskParcel> {
  await courierOfSession({ tx, secrets }, kiosk, session);
  await countSearch(tx, kiosk);
  const p = await expectedParcel({
    tx,
    organizationId: kiosk.organizationId,
    idLocation: kiosk.idLocation,
    trackingNumber,
  });
  if (!p) return { tracking_number: trackingNumber, expected: null };
  const phone = p.phoneNumber ?? p.userPhone;
  const email = p.email ?? p.userEmail;
  const contact = phone ? maskedPhone(phone) : email ? maskedEmail(email) : '';
  return {
    tracking_number: trackingNumber,
    expected: {
      parcel: sealParcel(secrets, kiosk, p.id),
      id_size: p.idSize,
      size_name: p.sizeName,
      name: p.userName ? shortName(p.userName, p.userLastName) : contact,
      contact,
    },
  };
}

/**
 * The expected parcel a `parcel` reference of this screen names, still expected here: its
 * recipient (user, phone, e-mail), tracking number and reserved door. 400 `parcelGone` for a
 * reference that is altered, expired, of another screen, or of a parcel already dropped.
 */
export async function parcelOfReference({ tx, secrets }: Ctx, kiosk: KioskAuth, reference: string) {
  let ref: { p?: unknown; k?: unknown; o?: unknown; e?: unknown } = {};
  try {
    ref = JSON.parse(secrets.decrypt(reference));
  } catch {
    throw BadRequest(M.parcelGone);
  }
  const fresh = typeof ref.e === 'number' && ref.e > Date.now();
  if (!fresh || ref.k !== kiosk.id || ref.o !== kiosk.organizationId || typeof ref.p !== 'string')
    throw BadRequest(M.parcelGone);
  const p = await expectedParcelById({
    tx,
    organizationId: kiosk.organizationId,
    idLocation: kiosk.idLocation,
    id: ref.p,
  });
  if (!p) throw BadRequest(M.parcelGone);
  return p;
}
