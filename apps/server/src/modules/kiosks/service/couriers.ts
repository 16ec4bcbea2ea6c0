import { randomInt, timingSafeEqual } from 'node:crypto';
import { COURIER_SESSION_SECONDS, KIOSK_MESSAGES as M } from '@lockerops/contract';
import type { TxAuth } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { NotFound, Unauthorized } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import {
  courierByCode,
  courierById,
  deleteCourier,
  insertCourier,
  listCouriers,
  recordWrongTry,
  setCourierCode,
} from '../queries/couriers';
import { assertUnderLimit, iso, type KioskAuth } from '../service';

/** Couriers: their codes (kept as keyed hashes), their sign-in and session at a screen. */

/** Wrong courier codes a screen may take in ten minutes before it answers 429. */
const MAX_WRONG_COURIER = 5;

/** A courier's session on one screen: `courier.expiry.mac`, its MAC binding the organization and the screen. */
const sessionMac = (secrets: SecretBox, org: string, courier: string, kiosk: string, exp: number) =>
  secrets.mac('courier-session', `${org}:${courier}:${kiosk}:${exp}`);

/** The hash a courier code is stored and looked up by (keyed with the server's secret). */
const courierCodeHash = (secrets: SecretBox, organizationId: string, code: string) =>
  secrets.mac('courier-code', `${organizationId}:${code.replace(/\D/g, '')}`);

/**
 * A courier signs in at the screen with their code: answers a session for this screen, valid
 * `COURIER_SESSION_SECONDS`. A code that is no courier's (guessed, or replaced by a new one) is
 * counted and answers 401; past `MAX_WRONG_COURIER` in ten minutes the screen answers 429.
 */
export async function courierSignIn(
  { tx, secrets }: { tx: Tx; secrets: SecretBox },
  kiosk: KioskAuth,
  code: string,
) {
  const organizationId = kiosk.organizationId;
  await assertUnderLimit(tx, kiosk, 'courier', MAX_WRONG_COURIER);
  const c = /^\d{6,12}$/.test(code)
    ? await courierByCode({ tx, organizationId, codeHash: courierCodeHash(secrets, organizationId, code) })
    : undefined;
  if (!c) {
    await recordWrongTry({ tx, organizationId, idKiosk: kiosk.id, kind: 'courier' });
    return undefined;
  }
  const exp = Math.floor(Date.now() / 1000) + COURIER_SESSION_SECONDS;
  const mac = sessionMac(secrets, organizationId, c.id, kiosk.id, exp);
  return { session: `${c.id}.${exp}.${mac}`, name: c.name, expires_at: new Date(exp * 1000).toISOString() };
}

/** The courier a session names on this screen (unexpired, courier still there), else 401. */
export async function courierOfSession(
  { tx, secrets }: { tx: Tx; secrets: SecretBox },
  kiosk: KioskAuth,
  session: string | undefined,
) {
  const [id, exp, mac] = (session ?? '').split('.');
  const expiry = Number(exp);
  if (!id || !mac || !Number.isInteger(expiry) || expiry * 1000 < Date.now())
    throw Unauthorized(M.courierSignedOut);
  const want = Buffer.from(sessionMac(secrets, kiosk.organizationId, id, kiosk.id, expiry));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw Unauthorized(M.courierSignedOut);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw Unauthorized(M.courierSignedOut);
  const c = await courierById({ tx, organizationId: kiosk.organizationId, id });
  if (!c) throw Unauthorized(M.courierSignedOut);
  return c;
}

const courierWire = (c: { id: string; name: string; lastUsedAt: Date | null; createdAt: Date }) => ({
  id: c.id,
  name: c.name,
  last_used_at: iso(c.lastUsedAt),
  created_at: c.createdAt.toISOString(),
});

/** The organization's couriers (never their codes). */
export async function courierList({ tx, auth }: TxAuth) {
  return { items: (await listCouriers({ tx, organizationId: auth.organizationId })).map(courierWire) };
}

/** A new 8-digit courier code, unique in the organization (a clash draws again, in a savepoint). */
async function withNewCode<T>(
  tx: Tx,
  secrets: SecretBox,
  organizationId: string,
  write: (tx: Tx, codeHash: string) => Promise<T>,
): Promise<{ out: T; code: string }> {
  for (let i = 0; ; i++) {
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    try {
      const out = await tx.transaction((stx) => write(stx, courierCodeHash(secrets, organizationId, code)));
      return { out, code };
    } catch (err) {
      if (i >= 4) throw err;
    }
  }
}

/** A new courier, answered with their code (shown once). */
export async function addCourier({ tx, auth, secrets, name }: TxAuth<{ secrets: SecretBox; name: string }>) {
  const organizationId = auth.organizationId;
  const { out, code } = await withNewCode(tx, secrets, organizationId, (stx, codeHash) =>
    insertCourier({ tx: stx, organizationId, name, codeHash }),
  );
  return { ...courierWire(out), code };
}

/** A new code for courier `id` (the old one stops at once), answered once. */
export async function renewCourierCode({
  tx,
  auth,
  secrets,
  id,
}: TxAuth<{ secrets: SecretBox; id: string }>) {
  const organizationId = auth.organizationId;
  const { out, code } = await withNewCode(tx, secrets, organizationId, (stx, codeHash) =>
    setCourierCode({ tx: stx, organizationId, id, codeHash }),
  );
  if (!out) throw NotFound(M.courierNotFound);
  return { ...courierWire(out), code };
}

/** Removes courier `id` (their code and sessions stop at once). */
export async function removeCourier({ tx, auth, id }: TxAuth<{ id: string }>) {
  if (!(await deleteCourier({ tx, organizationId: auth.organizationId, id })))
    throw NotFound(M.courierNotFound);
  return { detail: M.courierRemoved };
}
