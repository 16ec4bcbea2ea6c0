import { and, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { devices, deviceUnlocks, doorHealth, doorHealthSamples, fleetHealthPolls } from '../../../db/schema';

export type DoorHealthRow = typeof doorHealth.$inferSelect;
export type DoorHealthInsert = typeof doorHealth.$inferInsert;
export type SampleRow = typeof doorHealthSamples.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

/**
 * Claims the organizations whose doors are due a heartbeat (`next_at` passed), leaving out those
 * this process is still polling (`busy`): each claimed row's `next_at` moves `periodMs` ahead in
 * the same statement, so two processes never claim one organization for the same period. An
 * organization with doors and no row yet gets one first. Answers the claimed ids.
 */
export async function claimDueOrganizations({
  db,
  now,
  periodMs,
  busy,
}: {
  db: DbOrTx;
  now: Date;
  periodMs: number;
  busy: string[];
}): Promise<string[]> {
  // tenant: every organization — the heartbeat scheduler finds who is due
  await db.execute(sql`
    INSERT INTO ${fleetHealthPolls} (organization_id, next_at)
    SELECT DISTINCT ${devices.organizationId}, ${now.toISOString()}::timestamptz FROM ${devices}
    ON CONFLICT DO NOTHING`);
  // tenant: every organization — the heartbeat scheduler claims who is due
  const rows = await db
    .update(fleetHealthPolls)
    .set({ nextAt: new Date(now.getTime() + periodMs), lastStartedAt: now })
    .where(
      and(
        lte(fleetHealthPolls.nextAt, now),
        busy.length ? notInArray(fleetHealthPolls.organizationId, busy) : undefined,
      ),
    )
    .returning({ organizationId: fleetHealthPolls.organizationId });
  return rows.map((r) => r.organizationId);
}

/** Marks the organization's poll finished. */
export async function finishPoll({
  db,
  organizationId,
  at,
}: {
  db: DbOrTx;
  organizationId: string;
  at: Date;
}) {
  await db
    .update(fleetHealthPolls)
    .set({ lastFinishedAt: at })
    .where(eq(fleetHealthPolls.organizationId, organizationId));
}

/** The organization's devices, whole rows (their lock targets are built from them). */
export function devicesOf({ tx, organizationId }: { tx: Tx; organizationId: string }): Promise<DeviceRow[]> {
  return tx.select().from(devices).where(eq(devices.organizationId, organizationId));
}

/**
 * The organization's Kerong/Headleader devices, whole rows: at a location, or the one device `id`
 * (their bridges are found from them).
 */
export function serialDevicesOf({
  tx,
  organizationId,
  idLocation,
  id,
}: {
  tx: Tx;
  organizationId: string;
  idLocation?: string;
  id?: string;
}): Promise<DeviceRow[]> {
  return tx
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.organizationId, organizationId),
        inArray(devices.hardwareType, ['kerong', 'headleader']),
        idLocation ? eq(devices.idLocation, idLocation) : undefined,
        id ? eq(devices.id, id) : undefined,
      ),
    );
}

/** The organization's door-health rows, by device id. */
export async function healthOf({
  tx,
  organizationId,
  ids,
}: {
  tx: DbOrTx;
  organizationId: string;
  ids?: string[];
}): Promise<Map<string, DoorHealthRow>> {
  const rows = await tx
    .select()
    .from(doorHealth)
    .where(
      and(eq(doorHealth.organizationId, organizationId), ids ? inArray(doorHealth.idDevice, ids) : undefined),
    );
  return new Map(rows.map((r) => [r.idDevice, r]));
}

/** Every door-health row with faults set, across organizations (the simulator's state for this process). */
export function faultsEverywhere({ db }: { db: DbOrTx }) {
  // tenant: every organization — the simulated locks of this process follow the stored faults
  return db
    .select({ idDevice: doorHealth.idDevice, faults: doorHealth.faults })
    .from(doorHealth)
    .where(sql`${doorHealth.faults} <> '{}'::jsonb`);
}

/** An unlock as fleet health reads it: the latest acknowledged one of a door. */
export interface LastUnlock {
  id: string;
  idDevice: string;
  state: string;
  actorName: string | null;
  at: Date;
}

/**
 * The latest acknowledged unlock (opened or jammed) of each of the organization's doors requested
 * since `since` (older ones were taken into the doors' commanded state by an earlier poll).
 */
export async function lastUnlocksOf({
  tx,
  organizationId,
  since,
}: {
  tx: Tx;
  organizationId: string;
  since: Date;
}): Promise<Map<string, LastUnlock>> {
  const rows = await tx
    .selectDistinctOn([deviceUnlocks.idDevice], {
      id: deviceUnlocks.id,
      idDevice: deviceUnlocks.idDevice,
      state: deviceUnlocks.state,
      actorName: deviceUnlocks.actorName,
      requestedAt: deviceUnlocks.requestedAt,
      openedAt: deviceUnlocks.openedAt,
      jammedAt: deviceUnlocks.jammedAt,
    })
    .from(deviceUnlocks)
    .where(
      and(
        eq(deviceUnlocks.organizationId, organizationId),
        gte(deviceUnlocks.requestedAt, since),
        inArray(deviceUnlocks.state, ['opened', 'jammed']),
      ),
    )
    .orderBy(deviceUnlocks.idDevice, desc(deviceUnlocks.requestedAt), desc(deviceUnlocks.id));
  return new Map(
    rows.map((r) => [
      r.idDevice,
      {
        id: r.id,
        idDevice: r.idDevice,
        state: r.state,
        actorName: r.actorName,
        at: r.openedAt ?? r.jammedAt ?? r.requestedAt,
      },
    ]),
  );
}

/** Of the given doors, those whose last `limit` acknowledged unlocks all jammed. */
export async function jammedInARow({
  tx,
  organizationId,
  ids,
  limit,
}: {
  tx: Tx;
  organizationId: string;
  ids: string[];
  limit: (id: string) => number;
}): Promise<Set<string>> {
  const out = new Set<string>();
  for (const id of ids) {
    const n = limit(id);
    const last = await tx
      .select({ state: deviceUnlocks.state })
      .from(deviceUnlocks)
      .where(
        and(
          eq(deviceUnlocks.organizationId, organizationId),
          eq(deviceUnlocks.idDevice, id),
          inArray(deviceUnlocks.state, ['opened', 'jammed']),
        ),
      )
      .orderBy(desc(deviceUnlocks.requestedAt), desc(deviceUnlocks.id))
      .limit(n);
    if (last.length >= n && last.every((u) => u.state === 'jammed')) out.add(id);
  }
  return out;
}

/** Writes door-health rows (insert or replace), one statement. */
export async function saveHealth({ tx, rows }: { tx: Tx; rows: DoorHealthInsert[] }): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(doorHealth)
    .values(rows)
    .onConflictDoUpdate({
      target: [doorHealth.organizationId, doorHealth.idDevice],
      set: {
        commanded: sql`excluded.commanded`,
        commandedBy: sql`excluded.commanded_by`,
        commandedAt: sql`excluded.commanded_at`,
        lastUnlockId: sql`excluded.last_unlock_id`,
        sensed: sql`excluded.sensed`,
        sensedAt: sql`excluded.sensed_at`,
        sensedSince: sql`excluded.sensed_since`,
        online: sql`excluded.online`,
        lastSeenAt: sql`excluded.last_seen_at`,
        misses: sql`excluded.misses`,
        successes: sql`excluded.successes`,
        battery: sql`excluded.battery`,
        signal: sql`excluded.signal`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Sets a door's simulated faults (and, for a simulated pickup, its command); answers the row. */
export async function saveFaults({
  tx,
  organizationId,
  idDevice,
  faults,
  command,
}: {
  tx: Tx;
  organizationId: string;
  idDevice: string;
  faults: DoorHealthRow['faults'];
  command?: { by: string; at: Date };
}): Promise<DoorHealthRow> {
  const commanded = command
    ? { commanded: 'unlocked', commandedBy: command.by, commandedAt: command.at }
    : {};
  const [row] = await tx
    .insert(doorHealth)
    .values({ organizationId, idDevice, faults, ...commanded })
    .onConflictDoUpdate({
      target: [doorHealth.organizationId, doorHealth.idDevice],
      set: { faults, ...commanded, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** Adds timeline samples. */
export async function insertSamples({
  tx,
  rows,
}: {
  tx: Tx;
  rows: (typeof doorHealthSamples.$inferInsert)[];
}) {
  if (rows.length) await tx.insert(doorHealthSamples).values(rows);
}

/** A door's timeline, newest first (at most `limit`). */
export function samplesOf({
  tx,
  organizationId,
  idDevice,
  limit,
}: {
  tx: Tx;
  organizationId: string;
  idDevice: string;
  limit: number;
}): Promise<SampleRow[]> {
  return tx
    .select()
    .from(doorHealthSamples)
    .where(
      and(eq(doorHealthSamples.organizationId, organizationId), eq(doorHealthSamples.idDevice, idDevice)),
    )
    .orderBy(desc(doorHealthSamples.at))
    .limit(limit);
}
