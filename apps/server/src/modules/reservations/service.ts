import {
  RESERVATION_MESSAGES as M,
  normalizeReservationPhone,
  PERIOD_SECONDS,
  type TReservationCreateValues,
  type TReservationSettings,
  type TReservationTimePeriod,
  WEEKDAYS,
} from '@lockerops/contract';
import { and, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  devices,
  locations,
  products,
  reservationHolds,
  reservationSettings,
  reservations,
  settings,
  sizes,
  users,
} from '../../db/schema';
import { emit } from '../../domain-events';
import { BadRequest, Conflict, NotFound } from '../../errors';

export type ReservationRow = typeof reservations.$inferSelect;

/** The SQLSTATE of a database error, looking through wrappers (Drizzle wraps the driver's error). */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The exclusion constraint `reservation_holds_no_overlap` refused a hold. */
export const EXCLUSION_VIOLATION = '23P01';

// ——— settings ———

const DEFAULT_SETTINGS: TReservationSettings = {
  max_rental_time: null,
  max_rental_time_period: null,
  max_reservation_time: null,
  max_reservation_time_period: null,
  transaction_buffer_time: 0,
  transaction_buffer_time_period: null,
  locker_buffer_time: 0,
  locker_buffer_time_period: null,
};

/**
 * The reservation settings of an organization (spec: operational §3 Reservation settings); an
 * organization that never saved them gets unlimited max times and no buffers.
 */
export async function getReservationSettings(
  tx: DbOrTx,
  organizationId: string,
): Promise<TReservationSettings> {
  const [r] = await tx
    .select()
    .from(reservationSettings)
    .where(eq(reservationSettings.organizationId, organizationId));
  if (!r) return DEFAULT_SETTINGS;
  return {
    max_rental_time: r.maxRentalTime,
    max_rental_time_period: r.maxRentalTimePeriod as TReservationSettings['max_rental_time_period'],
    max_reservation_time: r.maxReservationTime,
    max_reservation_time_period:
      r.maxReservationTimePeriod as TReservationSettings['max_reservation_time_period'],
    transaction_buffer_time: r.transactionBufferTime,
    transaction_buffer_time_period:
      r.transactionBufferTimePeriod as TReservationSettings['transaction_buffer_time_period'],
    locker_buffer_time: r.lockerBufferTime,
    locker_buffer_time_period: r.lockerBufferTimePeriod as TReservationSettings['locker_buffer_time_period'],
  };
}

/** Saves the settings of an organization (one upsert); answers them. spec: operational §7 `PUT reservation-settings`. */
export async function saveReservationSettings(
  tx: Tx,
  organizationId: string,
  s: TReservationSettings,
): Promise<TReservationSettings> {
  const values = {
    maxRentalTime: s.max_rental_time,
    maxRentalTimePeriod: s.max_rental_time_period,
    maxReservationTime: s.max_reservation_time,
    maxReservationTimePeriod: s.max_reservation_time_period,
    transactionBufferTime: s.transaction_buffer_time,
    transactionBufferTimePeriod: s.transaction_buffer_time_period,
    lockerBufferTime: s.locker_buffer_time,
    lockerBufferTimePeriod: s.locker_buffer_time_period,
    updatedAt: new Date(),
  };
  await tx
    .insert(reservationSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: reservationSettings.organizationId, set: values });
  return getReservationSettings(tx, organizationId);
}

const secondsOf = (n: number | null, period: string | null): number =>
  n && period ? n * PERIOD_SECONDS[period as TReservationTimePeriod] : 0;

/** The buffers of the settings in seconds: before each window (transaction) and after it (locker). */
export const buffersOf = (s: TReservationSettings) => ({
  before: secondsOf(s.transaction_buffer_time, s.transaction_buffer_time_period),
  after: secondsOf(s.locker_buffer_time, s.locker_buffer_time_period),
});

// ——— occupied windows ———

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

/** The schedule of a validated request; a recurring window is read in `timeZone` (the request's, else UTC). */
export function scheduleOf(v: TReservationCreateValues, timeZone = v.time_zone ?? 'UTC'): Schedule {
  if (!v.recurring) return { recurring: false, startsAt: v.start_date, endsAt: v.end_date };
  return {
    recurring: true,
    startDate: v.start_date,
    endDate: v.end_date,
    fromTime: v.from_time!,
    toTime: v.to_time!,
    timeZone,
    days: WEEKDAYS.flatMap((d, i) => (v[d] ? [i + 1] : [])),
  };
}

/** The schedule of a stored reservation. */
export function scheduleOfRow(r: ReservationRow): Schedule {
  if (!r.recurring)
    return { recurring: false, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() };
  return {
    recurring: true,
    startDate: r.startDate!,
    endDate: r.endDate!,
    fromTime: r.fromTime!,
    toTime: r.toTime!,
    timeZone: r.timeZone,
    days: WEEKDAYS.flatMap((d, i) => (r[d] ? [i + 1] : [])),
  };
}

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
const heldRange = (b: { before: number; after: number }) =>
  sql`tstzrange(o.s - make_interval(secs => ${b.before}), o.e + make_interval(secs => ${b.after}), '[)')`;

/** How many windows a schedule has, the first start, the last end and the longest window (seconds). */
export async function summarize(
  tx: Tx,
  s: Schedule,
): Promise<{ count: number; startsAt: Date; endsAt: Date; longestSeconds: number }> {
  const res = await tx.execute(
    sql`SELECT count(*)::int AS n, extract(epoch FROM min(o.s))::float8 AS first,
      extract(epoch FROM max(o.e))::float8 AS last, extract(epoch FROM max(o.e - o.s))::float8 AS longest
      FROM ${windowsSql(s)} AS o`,
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

// ——— the rules of a create or update ———

/** What `toValues` decided, in column form. */
export type ReservationValues = Omit<typeof reservations.$inferInsert, 'organizationId'>;

/**
 * Checks a reservation against the organization's data and settings and answers its column values
 * (spec: operational §5 Reservation, issue 8). In the caller's transaction:
 * - the referenced location, size, product, user and device must be the organization's (404);
 * - an explicit device must be at the location, of the mode and size (400), not in maintenance (409),
 *   and for a rental hold the product (400); without one, the first free device of the location,
 *   mode and size (rental: holding the product) for every window, buffers included, is chosen
 *   (409 when none) — serialized per location so concurrent creates pick different devices;
 * - the windows must exist (400), end in the future (400) and last at most the max reservation
 *   time (and, for rental, max rental time) of the settings (400);
 * - a delivery tracking number must be unique (409, spec message; serialized per tracking number);
 * - the user may hold at most `default_max_reservations` active reservations (409; the user row is
 *   locked so two concurrent creates cannot both pass).
 * The holds themselves are written by `writeHolds`, where the exclusion constraint has the last word.
 */
export async function reservationValues(
  tx: Tx,
  auth: AuthContext,
  v: TReservationCreateValues,
  existing?: ReservationRow,
  now = new Date(),
): Promise<ReservationValues> {
  const org = auth.organizationId;
  const selfId = existing?.id;

  let device: typeof devices.$inferSelect | undefined;
  if (v.id_device) {
    [device] = await tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, v.id_device), eq(devices.organizationId, org)));
    if (!device) throw NotFound('Device not found');
  }
  const idLocation = v.id_location ?? device!.idLocation;
  const [location] = await tx
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(and(eq(locations.id, idLocation), eq(locations.organizationId, org)));
  if (!location) throw NotFound('Location not found');
  // a recurring window is wall-clock time at the place: the request's zone, else the location's,
  // else the organization's (ARCHITECTURE "Time zones")
  const timeZone =
    v.time_zone ??
    location.timeZone ??
    (await tx.select({ z: settings.timeZone }).from(settings).where(eq(settings.organizationId, org)))[0]
      ?.z ??
    'UTC';
  if (v.id_size) {
    const [size] = await tx
      .select({ id: sizes.id })
      .from(sizes)
      .where(and(eq(sizes.id, v.id_size), eq(sizes.organizationId, org)));
    if (!size) throw NotFound('Size not found');
  }
  if (v.id_product) {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, v.id_product), eq(products.organizationId, org)));
    if (!product) throw NotFound('Product not found');
  }
  if (v.id_user) {
    // Locked: the max-reservations count below must not race another create for this user.
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, v.id_user), eq(users.organizationId, org), eq(users.isDeleted, false)))
      .for('update');
    if (!user) throw NotFound('User not found');
  }

  const schedule = scheduleOf(v, timeZone);
  const sum = await summarize(tx, schedule);
  if (sum.count === 0) throw BadRequest(M.noOccurrence);
  if (sum.endsAt <= now) throw BadRequest(M.endInPast);
  const cfg = await getReservationSettings(tx, org);
  const maxRes = secondsOf(cfg.max_reservation_time, cfg.max_reservation_time_period);
  if (maxRes && sum.longestSeconds > maxRes)
    throw BadRequest(M.maxReservationTime(cfg.max_reservation_time!, cfg.max_reservation_time_period!));
  const maxRental = secondsOf(cfg.max_rental_time, cfg.max_rental_time_period);
  if (v.mode === 'rental' && maxRental && sum.longestSeconds > maxRental)
    throw BadRequest(M.maxRentalTime(cfg.max_rental_time!, cfg.max_rental_time_period!));

  if (v.mode === 'delivery' && v.tracking_number) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`reservation-tracking:${org}:${v.tracking_number}`}, 0))`,
    );
    if (await trackingInUse(tx, org, v.tracking_number, selfId)) throw Conflict(M.trackingInUse);
  }

  if (v.id_user) {
    const [s] = await tx
      .select({ max: settings.defaultMaxReservations })
      .from(settings)
      .where(eq(settings.organizationId, org));
    const max = s?.max ?? null;
    if (max !== null) {
      const held = await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          and(
            eq(reservations.organizationId, org),
            eq(reservations.idUser, v.id_user),
            eq(reservations.status, 'active'),
            selfId ? ne(reservations.id, selfId) : undefined,
          ),
        );
      if (held.length >= max) throw Conflict(M.maxReservations(max));
    }
  }

  let idDevice: string;
  if (device) {
    if (device.idLocation !== idLocation) throw BadRequest(M.lockerNotAtLocation);
    if (device.mode !== v.mode) throw BadRequest(M.lockerWrongMode);
    if (v.id_size && device.idSize !== v.id_size) throw BadRequest(M.lockerWrongSize);
    if (v.mode === 'rental' && device.idProduct !== v.id_product) throw BadRequest(M.productNotInLocker);
    if (device.status === 'maintenance') throw Conflict(M.lockerInMaintenance);
    idDevice = device.id;
  } else {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`reservation-resolve:${org}:${idLocation}`}, 0))`,
    );
    const free = await firstFreeDevice(tx, org, {
      idLocation,
      mode: v.mode,
      idSize: v.id_size,
      idProduct: v.mode === 'rental' ? v.id_product : undefined,
      schedule,
      buffers: buffersOf(cfg),
      excludeReservation: selfId,
    });
    if (!free) throw Conflict(M.noFreeLocker);
    idDevice = free;
  }

  return {
    mode: v.mode,
    status: 'active',
    expiredAt: null,
    trackingNumber: v.tracking_number ?? null,
    idUser: v.id_user ?? null,
    idLocation,
    idDevice,
    idSize: v.id_size ?? device?.idSize ?? null,
    idProduct: v.id_product ?? null,
    phoneNumber: v.phone_number ?? null,
    email: v.email ?? null,
    senderDetails: v.sender_details ?? null,
    recurring: v.recurring,
    ...Object.fromEntries(WEEKDAYS.map((d) => [d, v.recurring ? v[d] : false])),
    fromTime: v.recurring ? v.from_time! : null,
    toTime: v.recurring ? v.to_time! : null,
    startDate: v.recurring ? v.start_date : null,
    endDate: v.recurring ? v.end_date : null,
    timeZone,
    startsAt: sum.startsAt,
    endsAt: sum.endsAt,
  };
}

/** Whether a delivery reservation other than `excludeId` uses the tracking number (upper-case). */
export async function trackingInUse(tx: Tx, organizationId: string, tracking: string, excludeId?: string) {
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
 * The first device of a location, mode and size (or holding a product) that is not in maintenance
 * and has no hold overlapping any window of the schedule (buffers included), available ones first,
 * then by locker number; undefined when none.
 */
export async function firstFreeDevice(
  tx: Tx,
  organizationId: string,
  q: {
    idLocation: string;
    mode: string;
    idSize?: string;
    idProduct?: string;
    schedule: Schedule;
    buffers: { before: number; after: number };
    excludeReservation?: string;
  },
): Promise<string | undefined> {
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
 * Replaces the holds of a reservation: one per window of its schedule, widened by the buffers of
 * the settings (windows that the buffers make touch or overlap are merged into one hold). The exclusion constraint refuses a hold overlapping another reservation's on the
 * same device: answered as 409 'This locker is already reserved for that time.' (the savepoint
 * keeps the caller's transaction usable for its error answer).
 */
export async function writeHolds(tx: Tx, row: ReservationRow): Promise<void> {
  const cfg = await getReservationSettings(tx, row.organizationId);
  try {
    await tx.transaction(async (sp) => {
      await sp.delete(reservationHolds).where(eq(reservationHolds.idReservation, row.id));
      await sp.execute(sql`
        INSERT INTO ${reservationHolds} (organization_id, id_reservation, id_device, during)
        SELECT ${row.organizationId}, ${row.id}, ${row.idDevice}, r.during
        FROM unnest((SELECT range_agg(${heldRange(buffersOf(cfg))}) FROM ${windowsSql(scheduleOfRow(row))} AS o)) AS r(during)`);
    });
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw Conflict(M.alreadyReserved);
    throw err;
  }
}

/** Emits on_reservation for a new reservation (spec: console §4 events per mode). */
export async function emitReservation(tx: Tx, row: ReservationRow): Promise<void> {
  const [d] = row.idDevice
    ? await tx
        .select({ lockerNumber: devices.lockerNumber, location: locations.name })
        .from(devices)
        .innerJoin(locations, eq(locations.id, devices.idLocation))
        .where(eq(devices.id, row.idDevice))
    : [];
  await emit(tx, {
    organizationId: row.organizationId,
    name: 'on_reservation',
    mode: row.mode as 'service' | 'storage' | 'delivery' | 'rental',
    subject: { type: 'reservation', id: row.id },
    payload: {
      tracking_number: row.trackingNumber,
      locker_number: d?.lockerNumber ?? null,
      location: d?.location ?? null,
      id_user: row.idUser,
      phone_number: row.phoneNumber,
      email: row.email,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      recurring: row.recurring,
    },
  });
}

// ——— for the transactions area ———

/**
 * Refuses (409 'This locker is reserved for another user.') starting a transaction on a device
 * that a reservation holds at `at` for somebody else. Allowed when the device has no hold then,
 * or the hold belongs to `userId`; a hold of a reservation without a user (a delivery) belongs to
 * whoever gives its phone number or e-mail. The transaction buffer of the settings makes a hold
 * start early, so the reserving user may start that much before the window.
 * spec: issue 8 "Starting a transaction on a reserved device is allowed only for the reserving
 * user within the window".
 */
export async function assertReservationAllows(
  tx: Tx,
  q: {
    deviceId: string;
    userId?: string | null;
    at: Date;
    phoneNumber?: string | null;
    email?: string | null;
  },
): Promise<void> {
  const holders = await tx.execute(
    sql`SELECT r.id_user, r.phone_number, r.email FROM ${reservationHolds} h
      JOIN ${reservations} r ON r.id = h.id_reservation
      WHERE h.id_device = ${q.deviceId} AND h.during @> ${q.at.toISOString()}::timestamptz AND r.status = 'active'`,
  );
  const phone = q.phoneNumber ? normalizeReservationPhone(q.phoneNumber) : null;
  const email = q.email?.trim().toLowerCase() ?? null;
  for (const h of rowsOf<{ id_user: string | null; phone_number: string | null; email: string | null }>(
    holders,
  )) {
    const mine = h.id_user
      ? h.id_user === q.userId
      : (!!phone && h.phone_number === phone) || (!!email && h.email === email);
    if (!mine) throw Conflict(M.reservedForAnother);
  }
}

// ——— expiry ———

/**
 * Marks every active reservation whose last window has ended by `now` as expired and frees its
 * holds, across organizations (the expiry job runs as the owner). Rows another run is handling are
 * skipped (`FOR UPDATE SKIP LOCKED`), so concurrent runs never expire one twice. Answers the count.
 */
export async function expireReservations(tx: Tx, now: Date): Promise<number> {
  const due = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'active'), lte(reservations.endsAt, now)))
    .limit(5000)
    .for('update', { skipLocked: true });
  if (!due.length) return 0;
  const ids = due.map((d) => d.id);
  await tx
    .update(reservations)
    .set({ status: 'expired', expiredAt: now, updatedAt: now })
    .where(inArray(reservations.id, ids));
  await tx.delete(reservationHolds).where(inArray(reservationHolds.idReservation, ids));
  return ids.length;
}
