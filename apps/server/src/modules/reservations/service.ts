import {
  RESERVATION_MESSAGES as M,
  normalizeReservationPhone,
  PERIOD_SECONDS,
  type TReservationCreateValues,
  type TReservationSettings,
  type TReservationTimePeriod,
  WEEKDAYS,
  ZReservationSettings,
} from '@lockerops/contract';
import type { TxAuth, TxOrg } from '../../auth/context';
import type { DbOrTx, Tx } from '../../db/client';
import { emit } from '../../domain-events';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { existsIn } from '../../lib/crud/exists';
import { fromWire, wireOf } from '../../lib/wire';
import {
  activeReservationsOf,
  deviceOf,
  expireEnded,
  firstFreeDevice,
  holdersAt,
  locationOf,
  lockActiveUser,
  placeOf,
  type ReservationInsert,
  type ReservationRow,
  replaceHolds,
  reservationDefaultsOf,
  reservationSettingsRow,
  type Schedule,
  serialize,
  summarize,
  trackingInUse as trackingTaken,
  upsertReservationSettings,
} from './queries';

export type { ReservationRow, Schedule } from './queries';

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
export async function getReservationSettings({
  tx,
  organizationId,
}: {
  tx: DbOrTx;
  organizationId: string;
}): Promise<TReservationSettings> {
  const r = await reservationSettingsRow({ tx, organizationId });
  if (!r) return DEFAULT_SETTINGS;
  return wireOf(ZReservationSettings, r);
}

/** Saves the settings of an organization (one upsert); answers them. spec: operational §7 `PUT reservation-settings`. */
export async function saveReservationSettings({
  tx,
  organizationId,
  s,
}: TxOrg<{ s: TReservationSettings }>): Promise<TReservationSettings> {
  const values = { ...fromWire(ZReservationSettings, s), updatedAt: new Date() };
  await upsertReservationSettings({ tx, organizationId, values });
  return getReservationSettings({ tx, organizationId });
}

const secondsOf = (n: number | null, period: string | null): number =>
  n && period ? n * PERIOD_SECONDS[period as TReservationTimePeriod] : 0;

/** The buffers of the settings in seconds: before each window (transaction) and after it (locker). */
export const buffersOf = (s: TReservationSettings) => ({
  before: secondsOf(s.transaction_buffer_time, s.transaction_buffer_time_period),
  after: secondsOf(s.locker_buffer_time, s.locker_buffer_time_period),
});

// ——— occupied windows ———

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

// ——— the rules of a create or update ———

/** What `toValues` decided, in column form. */
export type ReservationValues = ReservationInsert;

/**
 * Checks a reservation against the organization's data and settings and answers its column values
 * (spec: operational §5 Reservation). In the caller's transaction:
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
export async function reservationValues({
  tx,
  auth,
  v,
  existing,
  now = new Date(),
}: TxAuth<{
  v: TReservationCreateValues;
  existing?: ReservationRow;
  now?: Date;
}>): Promise<ReservationValues> {
  const organizationId = auth.organizationId;
  const selfId = existing?.id;

  const device = v.id_device ? await deviceOf({ tx, auth, id: v.id_device }) : undefined;
  if (v.id_device) {
    if (!device) throw NotFound('Device not found');
  }
  const idLocation = v.id_location ?? device!.idLocation;
  const location = await locationOf({ tx, auth, id: idLocation });
  if (!location) throw NotFound('Location not found');
  // a recurring window is wall-clock time at the place: the request's zone, else the location's,
  // else the organization's (README.md "Time zones: where they come from")
  const timeZone =
    v.time_zone ?? location.timeZone ?? (await reservationDefaultsOf({ tx, auth }))?.timeZone ?? 'UTC';
  if (v.id_size) {
    const size = await existsIn({ tx, organizationId: auth.organizationId, table: 'sizes', id: v.id_size });
    if (!size) throw NotFound('Size not found');
  }
  if (v.id_product) {
    const product = await existsIn({
      tx,
      organizationId: auth.organizationId,
      table: 'products',
      id: v.id_product,
    });
    if (!product) throw NotFound('Product not found');
  }
  if (v.id_user) {
    // Locked: the max-reservations count below must not race another create for this user.
    const user = await lockActiveUser({ tx, auth, id: v.id_user });
    if (!user) throw NotFound('User not found');
  }

  const schedule = scheduleOf(v, timeZone);
  const sum = await summarize({ tx, schedule });
  if (sum.count === 0) throw BadRequest(M.noOccurrence);
  if (sum.endsAt <= now) throw BadRequest(M.endInPast);
  const cfg = await getReservationSettings({ tx, organizationId });
  const maxRes = secondsOf(cfg.max_reservation_time, cfg.max_reservation_time_period);
  if (maxRes && sum.longestSeconds > maxRes)
    throw BadRequest(M.maxReservationTime(cfg.max_reservation_time!, cfg.max_reservation_time_period!));
  const maxRental = secondsOf(cfg.max_rental_time, cfg.max_rental_time_period);
  if (v.mode === 'rental' && maxRental && sum.longestSeconds > maxRental)
    throw BadRequest(M.maxRentalTime(cfg.max_rental_time!, cfg.max_rental_time_period!));

  if (v.mode === 'delivery' && v.tracking_number) {
    await serialize({ tx, organizationId, scope: 'reservation-tracking', key: v.tracking_number });
    if (await trackingInUse({ tx, organizationId, tracking: v.tracking_number, excludeId: selfId }))
      throw Conflict(M.trackingInUse);
  }

  if (v.id_user) {
    const max = (await reservationDefaultsOf({ tx, auth }))?.maxReservations ?? null;
    if (max !== null) {
      const held = await activeReservationsOf({ tx, auth, userId: v.id_user, exceptId: selfId });
      if (held >= max) throw Conflict(M.maxReservations(max));
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
    await serialize({ tx, organizationId, scope: 'reservation-resolve', key: idLocation });
    const free = await firstFreeDevice({
      tx,
      organizationId,
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
export const trackingInUse = ({
  tx,
  organizationId,
  tracking,
  excludeId,
}: TxOrg<{ tracking: string; excludeId?: string }>) =>
  trackingTaken({ tx, organizationId, tracking, excludeId });

/**
 * Replaces the holds of a reservation: one per window of its schedule, widened by the buffers of
 * the settings (windows that the buffers make touch or overlap are merged into one hold). The exclusion constraint refuses a hold overlapping another reservation's on the
 * same device: answered as 409 'This locker is already reserved for that time.' (the savepoint
 * keeps the caller's transaction usable for its error answer).
 */
export async function writeHolds({ tx, row }: { tx: Tx; row: ReservationRow }): Promise<void> {
  const cfg = await getReservationSettings({ tx, organizationId: row.organizationId });
  try {
    await replaceHolds({ tx, row, schedule: scheduleOfRow(row), buffers: buffersOf(cfg) });
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) throw Conflict(M.alreadyReserved);
    throw err;
  }
}

/** Emits on_reservation for a new reservation (spec: console §4 events per mode). */
export async function emitReservation({ tx, row }: { tx: Tx; row: ReservationRow }): Promise<void> {
  const d = row.idDevice
    ? await placeOf({ tx, organizationId: row.organizationId, id: row.idDevice })
    : undefined;
  await emit({
    tx,
    event: {
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
 * Starting a transaction on a reserved device is allowed only for the reserving user within the
 * window (spec: operational §5 Reservation).
 */
export async function assertReservationAllows({
  tx,
  ...q
}: {
  tx: Tx;
  deviceId: string;
  userId?: string | null;
  at: Date;
  phoneNumber?: string | null;
  email?: string | null;
}): Promise<void> {
  const holders = await holdersAt({ tx, deviceId: q.deviceId, at: q.at });
  const phone = q.phoneNumber ? normalizeReservationPhone(q.phoneNumber) : null;
  const email = q.email?.trim().toLowerCase() ?? null;
  for (const h of holders) {
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
export async function expireReservations({ tx, now }: { tx: Tx; now: Date }): Promise<number> {
  return expireEnded({ tx, now });
}
