import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TxOrg } from '../../../auth/context';
import type { Db } from '../../../db/client';
import { kiosks, locations, lockerWalls, organizations } from '../../../db/schema';

/** The kiosks themselves: pairing, tokens, the console's list, the screen's last call. */

/** The columns of a kiosk as the console lists it. */
const listed = {
  id: kiosks.id,
  name: kiosks.name,
  idLocation: kiosks.idLocation,
  locationName: locations.name,
  idLockerWall: kiosks.idLockerWall,
  lockerWallName: lockerWalls.name,
  tokenHash: kiosks.tokenHash,
  revokedAt: kiosks.revokedAt,
  lastSeenAt: kiosks.lastSeenAt,
  appVersion: kiosks.appVersion,
  pairingExpiresAt: kiosks.pairingExpiresAt,
  createdAt: kiosks.createdAt,
};

/** The organization's kiosks (of one location when `idLocation`), newest first. */
export async function listKiosks({
  tx,
  organizationId,
  idLocation,
  id,
}: TxOrg<{ idLocation?: string; id?: string }>) {
  return tx
    .select(listed)
    .from(kiosks)
    .innerJoin(
      locations,
      and(eq(locations.id, kiosks.idLocation), eq(locations.organizationId, kiosks.organizationId)),
    )
    .leftJoin(
      lockerWalls,
      and(eq(lockerWalls.id, kiosks.idLockerWall), eq(lockerWalls.organizationId, kiosks.organizationId)),
    )
    .where(
      and(
        eq(kiosks.organizationId, organizationId),
        idLocation ? eq(kiosks.idLocation, idLocation) : undefined,
        id ? eq(kiosks.id, id) : undefined,
      ),
    )
    .orderBy(desc(kiosks.createdAt), asc(kiosks.id));
}

/** Whether the location (and the wall, when given, at that location) is the organization's. */
export async function placeExists({
  tx,
  organizationId,
  idLocation,
  idLockerWall,
}: TxOrg<{ idLocation: string; idLockerWall?: string | null }>): Promise<{
  location: boolean;
  wall: boolean;
}> {
  const [loc] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), eq(locations.id, idLocation)));
  if (!loc || !idLockerWall) return { location: Boolean(loc), wall: !idLockerWall };
  const [wall] = await tx
    .select({ id: lockerWalls.id })
    .from(lockerWalls)
    .where(
      and(
        eq(lockerWalls.organizationId, organizationId),
        eq(lockerWalls.id, idLockerWall),
        eq(lockerWalls.idLocation, idLocation),
      ),
    );
  return { location: true, wall: Boolean(wall) };
}

/** A new kiosk waiting for its pairing code. */
export async function insertKiosk({
  tx,
  organizationId,
  values,
}: TxOrg<{
  values: Pick<
    typeof kiosks.$inferInsert,
    'name' | 'idLocation' | 'idLockerWall' | 'pairingCodeHash' | 'pairingExpiresAt' | 'createdBy'
  >;
}>): Promise<string> {
  const [row] = await tx
    .insert(kiosks)
    .values({ ...values, organizationId })
    .returning({ id: kiosks.id });
  return row!.id;
}

/** Revokes kiosk `id`: its token and any pairing code stop at once. Answers whether it exists. */
export async function revokeKiosk({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<boolean> {
  const rows = await tx
    .update(kiosks)
    .set({ revokedAt: sql`coalesce(${kiosks.revokedAt}, now())`, pairingCodeHash: null, tokenHash: null })
    .where(and(eq(kiosks.organizationId, organizationId), eq(kiosks.id, id)))
    .returning({ id: kiosks.id });
  return rows.length > 0;
}

/**
 * Exchanges a pairing code (by its hash) for a token (its hash), once: the code must be unexpired
 * and the kiosk unrevoked; the code is spent in the same statement. Looked up on the owner's
 * handle, since no organization is known yet. Answers the kiosk, or undefined.
 */
export async function claimPairing({
  db,
  codeHash,
  tokenHash,
  appVersion,
}: {
  db: Db;
  codeHash: string;
  tokenHash: string;
  appVersion: string | null;
}): Promise<{ id: string; name: string; organizationId: string } | undefined> {
  // tenant: every organization — the pairing code is all the tablet brings
  const rows = await db
    .update(kiosks)
    .set({
      tokenHash,
      pairingCodeHash: null,
      pairingExpiresAt: null,
      pairedAt: sql`now()`,
      lastSeenAt: sql`now()`,
      appVersion,
    })
    .where(
      and(
        eq(kiosks.pairingCodeHash, codeHash),
        gt(kiosks.pairingExpiresAt, sql`now()`),
        isNull(kiosks.revokedAt),
      ),
    )
    .returning({ id: kiosks.id, name: kiosks.name, organizationId: kiosks.organizationId });
  return rows[0];
}

/**
 * The paired, unrevoked kiosk of an active organization holding the token with this hash (owner's
 * handle: the token is all the tablet brings), or undefined.
 */
export async function kioskByToken({ db, tokenHash }: { db: Db; tokenHash: string }) {
  // tenant: every organization — the kiosk token is all the tablet brings
  const [row] = await db
    .select({
      id: kiosks.id,
      organizationId: kiosks.organizationId,
      name: kiosks.name,
      idLocation: kiosks.idLocation,
      idLockerWall: kiosks.idLockerWall,
      lastSeenAt: kiosks.lastSeenAt,
      appVersion: kiosks.appVersion,
    })
    .from(kiosks)
    .innerJoin(organizations, eq(organizations.id, kiosks.organizationId))
    .where(and(eq(kiosks.tokenHash, tokenHash), isNull(kiosks.revokedAt), eq(organizations.active, true)));
  return row;
}

/** Records that kiosk `id` called (at most once per 30 s), and its app version. */
export async function touchKiosk({
  db,
  organizationId,
  id,
  appVersion,
}: {
  db: Db;
  organizationId: string;
  id: string;
  appVersion: string | null;
}): Promise<void> {
  await db
    .update(kiosks)
    .set({ lastSeenAt: sql`now()`, ...(appVersion ? { appVersion } : {}) })
    .where(and(eq(kiosks.organizationId, organizationId), eq(kiosks.id, id)));
}

/** The organization's display name (its app name when set). */
export async function organizationName({ tx, organizationId }: TxOrg): Promise<string> {
  const [o] = await tx
    .select({ name: organizations.name, appName: organizations.appName })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return o?.appName || o?.name || '';
}

/** The location's name. */
export async function locationName({ tx, organizationId, id }: TxOrg<{ id: string }>): Promise<string> {
  const [l] = await tx
    .select({ name: locations.name })
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), eq(locations.id, id)));
  return l?.name ?? '';
}
