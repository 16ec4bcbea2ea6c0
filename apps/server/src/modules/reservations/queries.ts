import { and, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AuthContext, TxOrg } from '../../auth/context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  devices,
  locations,
  reservationHolds,
  reservationSettings,
  reservations,
  settings,
  users,
} from '../../db/schema';
import { settingsRowOf } from '../../lib/queries/settings';
import { RawParams, runRaw } from '../../lib/raw-sql';
import { toWire } from '../../lib/wire';

export type ReservationRow = typeof reservations.$inferSelect;
/** What a create or update writes, in column form. */
export type ReservationInsert = Omit<typeof reservations.$inferInsert, 'organizationId'>;
export type ReservationSettingsRow = typeof reservationSettings.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The time a reservation occupies: a custom range or a recurring weekly window. */
export type Schedule =
  | { recurring: false; startsAt: string; endsAt: string }
  | {
      recurring: true;
      startDate: string;
      endDate: string;
      fromTime: string;
      toTime: string;
      timeZone: string;
      /** ISO weekdays, 1 = Monday … 7 = Sunday. */
      days: number[];
    };

/** Buffers before (transaction) and after (locker) each window, seconds. */
export type Buffers = { before: number; after: number };

// ——— settings ———

/** The organization's reservation settings row, or undefined (never saved). */
export async function reservationSettingsRow({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<ReservationSettingsRow | undefined> {
  return settingsRowOf({ tx, table: reservationSettings, organizationId });
}

/** Saves the organization's reservation settings (one upsert). */
export async function upsertReservationSettings({
  tx,
  organizationId,
  values,
}: TxOrg<{ values: Omit<typeof reservationSettings.$inferInsert, 'organizationId'> }>): Promise<void> {
  await tx
    .insert(reservationSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: reservationSettings.organizationId, set: values });
}

// ——— occupied windows ———

/**
 * A subquery of the occupied windows `(s, e)` (timestamptz) of a schedule: the custom range, or
 * one window per matching weekday between the start and end days, `from_time`..`to_time` wall-clock
 * in the schedule's time zone (a `to_time` not after `from_time` ends the next day). PostgreSQL
 * does the calendar arithmetic, daylight-saving changes included.
 */
export function windowsSql(s: Schedule): SQL {
  if (!s.recurring) return sql`(SELECT ${s.startsAt}::timestamptz AS s, ${s.endsAt}::timestamptz AS e)`;
  const days = sql.join(
    s.days.map((d) => sql`${d}`),
    sql`, `,
  );
  return sql`(SELECT (g.d::date + ${s.fromTime}::time) AT TIME ZONE ${s.timeZone} AS s,
      (g.d::date + ${s.toTime}::time + CASE WHEN ${s.toTime}::time <= ${s.fromTime}::time THEN interval '1 day' ELSE interval '0 day' END) AT TIME ZONE ${s.timeZone} AS e
    FROM generate_series(${s.startDate}::timestamp, ${s.endDate}::timestamp, interval '1 day') AS g(d)
    WHERE extract(isodow FROM g.d)::int IN (${days}))`;
}

/** A window widened by the buffers (seconds), as a half-open tstzrange expression over `o.s`, `o.e`. */
const heldRange = (b: Buffers) =>
  sql`tstzrange(o.s - make_interval(secs => ${b.before}), o.e + make_interval(secs => ${b.after}), '[)')`;

/** How many windows a schedule has, the first start, the last end and the longest window (seconds). */
export async function summarize({
  tx,
  schedule,
}: {
  tx: Tx;
  schedule: Schedule;
}): Promise<{ count: number; startsAt: Date; endsAt: Date; longestSeconds: number }> {
  const res = await tx.execute(
    sql`SELECT count(*)::int AS n, extract(epoch FROM min(o.s))::float8 AS first,
      extract(epoch FROM max(o.e))::float8 AS last, extract(epoch FROM max(o.e - o.s))::float8 AS longest
      FROM ${windowsSql(schedule)} AS o`,
  );
  const row = rowsOf<{ n: number; first: number | null; last: number | null; longest: number | null }>(
    res,
  )[0]!;
  return {
    count: Number(row.n),
    startsAt: new Date(Number(row.first ?? 0) * 1000),
    endsAt: new Date(Number(row.last ?? 0) * 1000),
    longestSeconds: Number(row.longest ?? 0),
  };
}

// ——— what a create or update checks ———

/** The organization's device `id`, or undefined. */
export async function deviceOf({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [device] = await tx
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.organizationId, auth.organizationId)));
  return device as DeviceRow | undefined;
}

/** The organization's location `id` (its time zone), or undefined. */
export async function locationOf({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [location] = await tx
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.organizationId, auth.organizationId)));
  return location;
}

/** The organization's time zone and maximum active reservations per user, from its settings. */
export async function reservationDefaultsOf({ tx, auth }: { tx: Tx; auth: AuthContext }) {
  const [s] = await tx
    .select({ timeZone: settings.timeZone, maxReservations: settings.defaultMaxReservations })
    .from(settings)
    .where(eq(settings.organizationId, auth.organizationId));
  return s;
}

/** Locks the organization's non-deleted user `id` for update; false when there is none. */
export async function lockActiveUser({ tx, auth, id }: { tx: Tx; auth: AuthContext; id: string }) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, auth.organizationId), eq(users.isDeleted, false)))
    .for('update');
  return !!user;
}

/** Serializes, for the rest of the transaction, the writes of `scope` on `key` in the organization. */
export async function serialize({
  tx,
  organizationId,
  scope,
  key,
}: {
  tx: Tx;
  organizationId: string;
  scope: 'reservation-tracking' | 'reservation-resolve';
  key: string;
}): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${organizationId}:${key}`}, 0))`,
  );
}

/** How many active reservations the organization's user has (other than `exceptId`). */
export async function activeReservationsOf({
  tx,
  auth,
  userId,
  exceptId,
}: {
  tx: Tx;
  auth: AuthContext;
  userId: string;
  exceptId?: string;
}): Promise<number> {
  const held = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.organizationId, auth.organizationId),
        eq(reservations.idUser, userId),
        eq(reservations.status, 'active'),
        exceptId ? ne(reservations.id, exceptId) : undefined,
      ),
    );
  return held.length;
}

/** Whether a delivery reservation of the organization other than `excludeId` uses the tracking number (upper-case). */
export async function trackingInUse({
  tx,
  organizationId,
  tracking,
  excludeId,
}: {
  tx: Tx;
  organizationId: string;
  tracking: string;
  excludeId?: string;
}): Promise<boolean> {
  const [hit] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.organizationId, organizationId),
        eq(reservations.mode, 'delivery'),
        eq(reservations.trackingNumber, tracking.trim().toUpperCase()),
        excludeId ? ne(reservations.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return !!hit;
}

/**
 * The first device of the organization at a location, of a mode and size (or holding a product),
 * that is not in maintenance and has no hold overlapping any window of the schedule (buffers
 * included), available ones first, then by locker number; undefined when none.
 */
export async function firstFreeDevice({
  tx,
  organizationId,
  ...q
}: {
  tx: Tx;
  organizationId: string;
  idLocation: string;
  mode: string;
  idSize?: string;
  idProduct?: string;
  schedule: Schedule;
  buffers: Buffers;
  excludeReservation?: string;
}): Promise<string | undefined> {
  const res = await tx.execute(sql`
    SELECT d.id FROM ${devices} d
    WHERE d.organization_id = ${organizationId} AND d.id_location = ${q.idLocation} AND d.mode = ${q.mode}
      AND d.status <> 'maintenance'
      ${q.idSize ? sql`AND d.id_size = ${q.idSize}` : sql``}
      ${q.idProduct ? sql`AND d.id_product = ${q.idProduct}` : sql``}
      AND NOT EXISTS (
        SELECT 1 FROM ${reservationHolds} h, ${windowsSql(q.schedule)} AS o
        WHERE h.id_device = d.id AND h.organization_id = ${organizationId}
          AND h.during && ${heldRange(q.buffers)}
          ${q.excludeReservation ? sql`AND h.id_reservation <> ${q.excludeReservation}` : sql``}
      )
    ORDER BY (d.status = 'available') DESC, d.locker_number
    LIMIT 1`);
  return rowsOf<{ id: string }>(res)[0]?.id;
}

/**
 * Replaces the holds of a reservation, in a savepoint: one per window of its schedule widened by
 * `buffers` (windows the buffers make touch or overlap are merged). Throws what the exclusion
 * constraint throws.
 */
export async function replaceHolds({
  tx,
  row,
  schedule,
  buffers,
}: {
  tx: Tx;
  row: ReservationRow;
  schedule: Schedule;
  buffers: Buffers;
}): Promise<void> {
  await tx.transaction(async (sp) => {
    await sp
      .delete(reservationHolds)
      .where(
        and(
          eq(reservationHolds.idReservation, row.id),
          eq(reservationHolds.organizationId, row.organizationId),
        ),
      );
    await sp.execute(sql`
      INSERT INTO ${reservationHolds} (organization_id, id_reservation, id_device, during)
      SELECT ${row.organizationId}, ${row.id}, ${row.idDevice}, r.during
      FROM unnest((SELECT range_agg(${heldRange(buffers)}) FROM ${windowsSql(schedule)} AS o)) AS r(during)`);
  });
}

/** The locker number and location name of the organization's device `id`. */
export async function placeOf({ tx, organizationId, id }: { tx: Tx; organizationId: string; id: string }) {
  const [d] = await tx
    .select({ lockerNumber: devices.lockerNumber, location: locations.name })
    .from(devices)
    .innerJoin(locations, eq(locations.id, devices.idLocation))
    .where(and(eq(devices.id, id), eq(devices.organizationId, organizationId)));
  return d;
}

/**
 * Who holds the device at `at` through an active reservation of the acting organization (the
 * tenant transaction's `app.organization_id`; on the owner's handle, of any): user, phone and
 * e-mail of each holding reservation.
 */
export async function holdersAt({ tx, deviceId, at }: { tx: Tx; deviceId: string; at: Date }) {
  const p = new RawParams();
  // every start and pickup asks: a named statement, planned once per connection (a read by key)
  return runRaw<{ id_user: string | null; phone_number: string | null; email: string | null }>(
    tx,
    `SELECT r.id_user, r.phone_number, r.email FROM "reservation_holds" h
      JOIN "reservations" r ON r.id = h.id_reservation AND r.organization_id = h.organization_id
      WHERE h.id_device = ${p.add(deviceId)} AND h.during @> ${p.add(at.toISOString())}::timestamptz AND r.status = 'active'
        AND h.organization_id = coalesce(nullif(current_setting('app.organization_id', true), '')::uuid, h.organization_id)`,
    p,
    'reservation_holders_at',
  );
}

/**
 * Marks every active reservation whose last window has ended by `now` as expired and frees its
 * holds, across organizations (the expiry job runs as the owner), skipping rows another run is
 * handling (`FOR UPDATE SKIP LOCKED`). Answers the count.
 */
export async function expireEnded({ tx, now }: { tx: Tx; now: Date }): Promise<number> {
  // tenant: every organization — the expiry job's sweep of ended reservations
  const due = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'active'), lte(reservations.endsAt, now)))
    .limit(5000)
    .for('update', { skipLocked: true });
  if (!due.length) return 0;
  const ids = due.map((d) => d.id);
  // tenant: every organization — the reservations the sweep above locked
  await tx
    .update(reservations)
    .set({ status: 'expired', expiredAt: now, updatedAt: now })
    .where(inArray(reservations.id, ids));
  // tenant: every organization — the holds of the reservations the sweep above expired
  await tx.delete(reservationHolds).where(inArray(reservationHolds.idReservation, ids));
  return ids.length;
}

/** Inserts a reservation of the organization; answers its row and its audit image (wire names). */
export async function insertReservationRow({
  tx,
  organizationId,
  values,
}: {
  tx: Tx;
  organizationId: string;
  values: ReservationInsert;
}) {
  const [row] = await tx
    .insert(reservations)
    .values({ ...values, organizationId })
    .returning();
  return { row: row!, image: toWire(reservations, row!) };
}

/** Deletes the organization's reservation `id` (its holds go with it); answers its audit image, or undefined. */
export async function deleteReservationRow({
  tx,
  organizationId,
  id,
}: {
  tx: Tx;
  organizationId: string;
  id: string;
}) {
  const [row] = await tx
    .delete(reservations)
    .where(and(eq(reservations.organizationId, organizationId), eq(reservations.id, id)))
    .returning();
  return row ? toWire(reservations, row) : undefined;
}
