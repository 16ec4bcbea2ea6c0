import { timingSafeEqual } from 'node:crypto';
import { CUSTOMER_RENTAL_MESSAGES, type TCustomerHandover, type TCustomerLocker } from '@lockerops/contract';
import { HttpError } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import { organizationTimeZone } from '../../dashboard';
import { heldDoor } from '../queries/holds';
import { type LockerContext, startStorage } from './lockers';

/*
 * The payment handed from the screen at the wall to the customer's phone (README: The screen at
 * the wall, "Storage at the screen"). The screen has no card reader: it holds a priced door for
 * the customer signed in there (`holdDoor`) and shows a QR code of the Lite App's address with a
 * handover token in its fragment. The token names the hold and its customer, sealed with the
 * server's key until the hold ends; it lets its bearer do one thing — see that door and pay for it
 * through the app's own start with `id_hold` (`startStorage`) — and nothing else of the account.
 */

/** What a token names: the hold and the customer it is for. */
interface Handover {
  holdId: string;
  userId: string;
}

const handoverMac = (secrets: SecretBox, org: string, hold: string, user: string, exp: number) =>
  secrets.mac('storage-handover', `${org}:${hold}:${user}:${exp}`);

/** A handover token for the customer's hold `holdId`, valid until the hold ends (`until`). */
export function handoverToken(
  secrets: SecretBox,
  h: Handover & { organizationId: string; until: Date },
): string {
  const exp = Math.ceil(h.until.getTime() / 1000);
  return `${h.holdId}.${h.userId}.${exp}.${handoverMac(secrets, h.organizationId, h.holdId, h.userId, exp)}`;
}

/** The hold and customer a token names, sealed for this organization and not expired; else 409. */
function handoverOf(secrets: SecretBox, organizationId: string, token: string, now: Date): Handover {
  const [holdId = '', userId = '', exp, mac = ''] = token.split('.');
  const expiry = Number(exp);
  const uuid = /^[0-9a-f-]{36}$/i;
  const want = Buffer.from(handoverMac(secrets, organizationId, holdId, userId, expiry));
  const got = Buffer.from(mac);
  if (
    !uuid.test(holdId) ||
    !uuid.test(userId) ||
    !Number.isInteger(expiry) ||
    expiry * 1000 < now.getTime() ||
    want.length !== got.length ||
    !timingSafeEqual(want, got)
  )
    throw new HttpError(409, CUSTOMER_RENTAL_MESSAGES.holdEnded);
  return { holdId, userId };
}

/** The running hold a token names, with its door; 409 `holdEnded` once it ended (paid, given up, expired). */
async function handedDoor(c: Omit<LockerContext, 'customerId'> & { secrets: SecretBox }, token: string) {
  const organizationId = c.step.auth.organizationId;
  const now = c.now();
  const h = handoverOf(c.secrets, organizationId, token, now);
  const door = await c.step.run(async (tx) => {
    const d = await heldDoor({ tx, organizationId, userId: h.userId, id: h.holdId, now });
    return d && { ...d, zone: d.timeZone || (await organizationTimeZone({ tx, organizationId })) };
  });
  if (!door) throw new HttpError(409, CUSTOMER_RENTAL_MESSAGES.holdEnded);
  return { h, door };
}

/**
 * `POST customer/{organization}/handover`: what the phone shows before paying — the held door's
 * place, number, size and price, and until when it is held. 409 once the hold ended.
 */
export async function handoverSummary(
  c: Omit<LockerContext, 'customerId'> & { secrets: SecretBox },
  token: string,
): Promise<TCustomerHandover> {
  const { door } = await handedDoor(c, token);
  return {
    location: door.location,
    time_zone: door.zone,
    locker_number: door.lockerNumber,
    size: door.size,
    price:
      door.amount === null
        ? null
        : { amount: door.amount, currency: door.currency!, unit: door.unit!, unit_amount: door.unitAmount },
    held_until: door.heldUntil.toISOString(),
    sandbox: c.step.charges.kind === 'sandbox',
  };
}

/**
 * `POST customer/{organization}/handover/start`: pays for the held door — the Lite App's own start
 * with `id_hold` and the card (`startStorage`: the partner API's start step, the door opens, the
 * hold ends) for the customer the token names. 409 once the hold ended.
 */
export async function handoverStart(
  c: Omit<LockerContext, 'customerId'> & { secrets: SecretBox },
  body: { token: string; payment_method: string },
): Promise<TCustomerLocker> {
  const { h, door } = await handedDoor(c, body.token);
  return startStorage(
    { ...c, customerId: h.userId },
    {
      id_location: door.idLocation,
      id_size: door.idSize,
      id_hold: h.holdId,
      payment_method: body.payment_method,
    },
  );
}
