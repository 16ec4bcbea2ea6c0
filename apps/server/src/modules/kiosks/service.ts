import { randomBytes, randomInt } from 'node:crypto';
import {
  KIOSK_ONLINE_WINDOW_SECONDS,
  KIOSK_PAIRING_TTL_SECONDS,
  KIOSK_MESSAGES as M,
  PAIRING_ALPHABET,
  type TKiosk,
  type TKioskPairingRequest,
  type TKioskState,
} from '@lockerops/contract';
import type { AuthContext, TxAuth } from '../../auth/context';
import { sha256 } from '../../auth/tokens';
import type { Db, Tx } from '../../db/client';
import { BadRequest, HttpError, NotFound, Unauthorized } from '../../errors';
import { type KioskAttemptKind, wrongTries } from './queries/couriers';
import {
  claimPairing,
  insertKiosk,
  kioskByToken,
  listKiosks,
  locationName,
  organizationName,
  placeExists,
  revokeKiosk,
  touchKiosk,
} from './queries/kiosks';
import { freeSizes, wallsOf } from './queries/place';
import { storageOffer } from './service/offer';

/**
 * The kiosks area (README: The screen at the wall): pairing screens to a place, their tokens, the
 * couriers' codes, and the screen's calls — which run the transactions area's life-cycle steps
 * (the same as the partner API's), never rules of their own.
 */

/** The screen a kiosk token names: its organization and place. */
export interface KioskAuth {
  id: string;
  organizationId: string;
  name: string;
  idLocation: string;
  idLockerWall: string | null;
}

const WRONG_WINDOW_SECONDS = 600;

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A kiosk's wire shape; online when it called within `KIOSK_ONLINE_WINDOW_SECONDS`. */
function kioskWire(k: Awaited<ReturnType<typeof listKiosks>>[number], now = Date.now()): TKiosk {
  return {
    id: k.id,
    name: k.name,
    id_location: k.idLocation,
    location_name: k.locationName,
    id_locker_wall: k.idLockerWall,
    locker_wall_name: k.lockerWallName ?? null,
    state: k.revokedAt ? 'revoked' : k.tokenHash ? 'paired' : 'waiting',
    online:
      !k.revokedAt &&
      Boolean(k.tokenHash) &&
      k.lastSeenAt !== null &&
      now - k.lastSeenAt.getTime() < KIOSK_ONLINE_WINDOW_SECONDS * 1000,
    last_seen_at: iso(k.lastSeenAt),
    app_version: k.appVersion,
    pairing_expires_at: k.tokenHash || k.revokedAt ? null : iso(k.pairingExpiresAt),
    created_at: k.createdAt.toISOString(),
  };
}

/** The organization's kiosks (of one location when `idLocation`). */
export async function kioskList({ tx, auth, idLocation }: TxAuth<{ idLocation?: string }>) {
  const rows = await listKiosks({ tx, organizationId: auth.organizationId, idLocation });
  return { items: rows.map((k) => kioskWire(k)) };
}

/** `XXXX-XXXX` of `PAIRING_ALPHABET` (≈ 40 bits), from the system's random source. */
const pairingCode = () => {
  const c = Array.from({ length: 8 }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');
  return `${c.slice(0, 4)}-${c.slice(4)}`;
};
/** A typed pairing code as it was made: upper case, separators dropped. */
const normalizedPairing = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * "Pair a screen": a kiosk for the location (or one wall of it), waiting for its one-time pairing
 * code, valid `KIOSK_PAIRING_TTL_SECONDS`; the code is answered once and stored as its SHA-256.
 * 404 for a location that is not the organization's, 400 for a wall elsewhere.
 */
export async function createPairing({ tx, auth, input }: TxAuth<{ input: TKioskPairingRequest }>) {
  const organizationId = auth.organizationId;
  const place = await placeExists({
    tx,
    organizationId,
    idLocation: input.id_location,
    idLockerWall: input.id_locker_wall,
  });
  if (!place.location) throw NotFound('Location not found');
  if (!place.wall) throw BadRequest(M.wallNotAtLocation);
  const code = pairingCode();
  const expires = new Date(Date.now() + KIOSK_PAIRING_TTL_SECONDS * 1000);
  const id = await insertKiosk({
    tx,
    organizationId,
    values: {
      name: input.name,
      idLocation: input.id_location,
      idLockerWall: input.id_locker_wall ?? null,
      pairingCodeHash: sha256(normalizedPairing(code)),
      pairingExpiresAt: expires,
      createdBy: auth.memberId ?? null,
    },
  });
  const [k] = await listKiosks({ tx, organizationId, id });
  return { kiosk: kioskWire(k!), code, expires_at: expires.toISOString() };
}

/** Revokes a kiosk: its token stops at once (404 for another organization's). */
export async function revoke({ tx, auth, id }: TxAuth<{ id: string }>): Promise<TKiosk> {
  if (!(await revokeKiosk({ tx, organizationId: auth.organizationId, id }))) throw NotFound(M.notFound);
  const [k] = await listKiosks({ tx, organizationId: auth.organizationId, id });
  return kioskWire(k!);
}

/**
 * The tablet's exchange of a pairing code for its kiosk token (given once; only its SHA-256 is
 * kept). A code works once and until it expires; anything else answers 400 with one message, so a
 * guess learns nothing (the route limits guesses per address).
 */
export async function pair({ db, code, appVersion }: { db: Db; code: string; appVersion?: string }) {
  const token = `lk_${randomBytes(32).toString('base64url')}`;
  const k = await claimPairing({
    db,
    codeHash: sha256(normalizedPairing(code)),
    tokenHash: sha256(token),
    appVersion: appVersion ?? null,
  });
  if (!k) throw BadRequest(M.invalidPairingCode);
  return { token, id: k.id, name: k.name };
}

/**
 * The kiosk a token names (paired, not revoked, of an active organization), recording that it
 * called; 401 otherwise — a revoked token stops at once.
 */
export async function resolveKiosk({
  db,
  token,
  appVersion,
}: {
  db: Db;
  token: string | undefined;
  appVersion?: string;
}): Promise<KioskAuth> {
  if (!token || token.length > 200) throw Unauthorized(M.notPaired);
  const k = await kioskByToken({ db, tokenHash: sha256(token) });
  if (!k) throw Unauthorized(M.notPaired);
  const version = appVersion?.slice(0, 40) || null;
  if (!k.lastSeenAt || Date.now() - k.lastSeenAt.getTime() > 30_000 || (version && version !== k.appVersion))
    await touchKiosk({ db, organizationId: k.organizationId, id: k.id, appVersion: version });
  return {
    id: k.id,
    organizationId: k.organizationId,
    name: k.name,
    idLocation: k.idLocation,
    idLockerWall: k.idLockerWall,
  };
}

/** The auth context a kiosk acts with: its organization, as itself (the transaction log's actor). */
export const kioskAuthContext = (k: KioskAuth): AuthContext => ({
  organizationId: k.organizationId,
  homeOrganizationId: k.organizationId,
  role: 'member',
  actor: { type: 'api_key', id: k.id, name: `Kiosk: ${k.name}` },
});

export const place = (k: KioskAuth) => ({
  organizationId: k.organizationId,
  idLocation: k.idLocation,
  idLockerWall: k.idLockerWall,
});

/** What the screen shows of its place: names, walls with their doors, sizes with free doors. */
export async function kioskState({ tx, kiosk }: { tx: Tx; kiosk: KioskAuth }): Promise<TKioskState> {
  const organizationId = kiosk.organizationId;
  const walls = await wallsOf({ tx, ...place(kiosk) });
  const sizes = await freeSizes({ tx, ...place(kiosk) });
  const offer = await storageOffer({ tx, organizationId });
  return {
    id: kiosk.id,
    name: kiosk.name,
    organization_name: await organizationName({ tx, organizationId }),
    location_name: await locationName({ tx, organizationId, id: kiosk.idLocation }),
    walls: walls.map((w) => ({
      id: w.id,
      name: w.name,
      qty_wide: w.qtyWide,
      qty_tall: w.qtyTall,
      kiosk: w.kiosk ? { x: w.kiosk.x, y: w.kiosk.y } : null,
      doors: w.doors.map((d) => ({ id: d.id!, locker_number: d.lockerNumber!, x: d.x, y: d.y })),
    })),
    sizes: sizes.map((s) => ({ id: s.id, name: s.name, free: s.free })),
    storage: offer.offered,
    country: offer.country,
  };
}

/** 429 once the screen took `max` wrong codes of `kind` in the window. */
export async function assertUnderLimit(tx: Tx, kiosk: KioskAuth, kind: KioskAttemptKind, max: number) {
  const n = await wrongTries({
    tx,
    organizationId: kiosk.organizationId,
    idKiosk: kiosk.id,
    kind,
    seconds: WRONG_WINDOW_SECONDS,
  });
  if (n >= max) throw new HttpError(429, M.tooManyTries);
}
