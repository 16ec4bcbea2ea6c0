import { randomInt, timingSafeEqual } from 'node:crypto';
import { COURIER_SESSION_SECONDS, KIOSK_MESSAGES as M } from '@lockerops/contract';
import type { TxAuth } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { NotFound, Unauthorized } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import { insertCourierGroup, joinGroup, leaveCourierGroups } from '../../groups';
import { insertCourierUser } from '../../users';
import {
  courierByCode,
  courierById,
  courierGroupId,
  courierRow,
  deleteCourierCode,
  listCouriers,
  recordWrongTry,
  setCourierCode,
  userExists,
} from '../queries/couriers';
import { assertUnderLimit, iso, type KioskAuth } from '../service';

/**
 * Couriers: the users of the organization's groups marked `couriers`, their codes (kept as keyed
 * hashes), their sign-in and session at a screen. Leaving the group (here, or in the Groups area),
 * a deactivated or deleted user, or a new code ends a courier's sign-in and sessions at once.
 */

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
  return {
    session: `${c.id}.${exp}.${mac}`,
    name: fullName(c),
    expires_at: new Date(exp * 1000).toISOString(),
  };
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

const fullName = (c: { name: string; lastName: string | null }) =>
  [c.name, c.lastName].filter(Boolean).join(' ');

const courierWire = (c: Awaited<ReturnType<typeof listCouriers>>[number]) => ({
  id: c.id,
  name: fullName(c),
  active: c.active,
  has_code: Boolean(c.hasCode),
  last_used_at: iso(c.lastUsedAt),
  created_at: c.createdAt.toISOString(),
});

/** The organization's couriers: the users of its courier groups (never their codes). */
export async function courierList({ tx, auth }: TxAuth) {
  return { items: (await listCouriers({ tx, organizationId: auth.organizationId })).map(courierWire) };
}

/** A new 8-digit courier code for user `id`, unique in the organization (a clash draws again, in a savepoint). */
async function issueCode(tx: Tx, secrets: SecretBox, organizationId: string, id: string): Promise<string> {
  for (let i = 0; ; i++) {
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    try {
      await tx.transaction((stx) =>
        setCourierCode({
          tx: stx,
          organizationId,
          id,
          codeHash: courierCodeHash(secrets, organizationId, code),
        }),
      );
      return code;
    } catch (err) {
      if (i >= 4) throw err;
    }
  }
}

/** The courier `id` as listed, with the code just issued. */
async function withCode(tx: Tx, organizationId: string, id: string, code: string) {
  const row = await courierRow({ tx, organizationId, id });
  if (!row) throw NotFound(M.courierNotFound);
  return { ...courierWire(row), code };
}

/**
 * A new courier, answered with their code (shown once): a new user named `name` (its first word
 * the first name, the rest the last name), or the organization's user `id_user`, put into the
 * organization's courier group (made, named "Couriers", when it has none). 404 for a user that
 * is not the organization's.
 */
export async function addCourier({
  tx,
  auth,
  secrets,
  input,
}: TxAuth<{ secrets: SecretBox; input: { name?: string; id_user?: string } }>) {
  const organizationId = auth.organizationId;
  let id = input.id_user;
  if (id) {
    if (!(await userExists({ tx, organizationId, id }))) throw NotFound(M.userNotFound);
  } else {
    const [first = '', ...rest] = (input.name ?? '').trim().split(/\s+/);
    id = await insertCourierUser({ tx, organizationId, name: first, lastName: rest.join(' ') || null });
  }
  const idGroup =
    (await courierGroupId({ tx, organizationId })) ??
    (await insertCourierGroup({ tx, organizationId, name: M.courierGroup }));
  await joinGroup({ tx, organizationId, idGroup, idUser: id });
  const code = await issueCode(tx, secrets, organizationId, id);
  return withCode(tx, organizationId, id, code);
}

/**
 * A new code for courier `id` — a user of a courier group, with a code or not yet — answered once;
 * the old one stops at once. 404 for a user who is no courier.
 */
export async function renewCourierCode({
  tx,
  auth,
  secrets,
  id,
}: TxAuth<{ secrets: SecretBox; id: string }>) {
  const organizationId = auth.organizationId;
  if (!(await courierRow({ tx, organizationId, id }))) throw NotFound(M.courierNotFound);
  const code = await issueCode(tx, secrets, organizationId, id);
  return withCode(tx, organizationId, id, code);
}

/**
 * Courier `id` leaves the courier groups and their code is dropped (their sessions stop at
 * once); the user stays. 404 for a user who is no courier.
 */
export async function removeCourier({ tx, auth, id }: TxAuth<{ id: string }>) {
  const organizationId = auth.organizationId;
  if (!(await courierRow({ tx, organizationId, id }))) throw NotFound(M.courierNotFound);
  await leaveCourierGroups({ tx, organizationId, id });
  await deleteCourierCode({ tx, organizationId, id });
  return { detail: M.courierRemoved };
}
