import {
  endpoints,
  RESERVATION_CSV_HEADERS,
  RESERVATION_MESSAGES,
  type TReservation,
  type TReservationCreateValues,
  type TReservationPayment,
  WEEKDAYS,
  ZReservation,
  ZReservationCreateRequest,
  ZReservationListQuery,
  ZReservationPayment,
  ZReservationUpdateRequest,
} from '@lockerops/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { devices, locations, products, reservations, sizes, users } from '../../db/schema';
import type { Resource } from '../../lib/crud/resource';
import { organizationsOf } from '../../lib/tenant-rows';
import { wireOf } from '../../lib/wire';
import { moneyNumber } from '../prices';
import { paymentsOfReservations } from './queries/payments';
import { emitReservation, type ReservationRow, reservationValues, writeHolds } from './service';

const uniq = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => !!x))];

/** The wire shape of reservations, with their user, device, location, size and product (one query each). */
export async function reservationsToWire(rows: ReservationRow[], tx: Tx): Promise<TReservation[]> {
  if (!rows.length) return [];
  const userIds = uniq(rows.map((r) => r.idUser));
  const deviceIds = uniq(rows.map((r) => r.idDevice));
  const locationIds = uniq(rows.map((r) => r.idLocation));
  const sizeIds = uniq(rows.map((r) => r.idSize));
  const productIds = uniq(rows.map((r) => r.idProduct));
  const orgIds = organizationsOf(rows);
  // One after the other: a transaction is one connection, which runs one query at a time.
  const us = userIds.length
    ? await tx
        .select({
          id: users.id,
          name: users.name,
          lastName: users.lastName,
          email: users.email,
          phoneNumber: users.phoneNumber,
        })
        .from(users)
        .where(and(inArray(users.organizationId, orgIds), inArray(users.id, userIds)))
    : [];
  const ds = deviceIds.length
    ? await tx
        .select({ id: devices.id, name: devices.name, lockerNumber: devices.lockerNumber })
        .from(devices)
        .where(and(inArray(devices.organizationId, orgIds), inArray(devices.id, deviceIds)))
    : [];
  const ls = locationIds.length
    ? await tx
        .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
        .from(locations)
        .where(and(inArray(locations.organizationId, orgIds), inArray(locations.id, locationIds)))
    : [];
  const ss = sizeIds.length
    ? await tx
        .select({ id: sizes.id, name: sizes.name })
        .from(sizes)
        .where(and(inArray(sizes.organizationId, orgIds), inArray(sizes.id, sizeIds)))
    : [];
  const ps = productIds.length
    ? await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(and(inArray(products.organizationId, orgIds), inArray(products.id, productIds)))
    : [];
  const paid = await paymentsOfReservations({ tx, orgIds, ids: rows.map((r) => r.id) });
  const payments = new Map(paid.map((x) => [x.idReservation!, x]));
  const by = <T extends { id: string }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  const [u, d, l, s, p] = [by(us), by(ds), by(ls), by(ss), by(ps)];
  return rows.map((r) => {
    const user = r.idUser ? u.get(r.idUser) : undefined;
    const device = r.idDevice ? d.get(r.idDevice) : undefined;
    const location = r.idLocation ? l.get(r.idLocation) : undefined;
    const payment = payments.get(r.id);
    return wireOf(ZReservation, r, {
      payment: payment
        ? wireOf(ZReservationPayment, payment, {
            amount: moneyNumber(payment.amount),
            source: payment.source as TReservationPayment['source'],
            status: payment.status as TReservationPayment['status'],
          })
        : null,
      user: user
        ? wireOf(ZReservation.shape.user, user, {
            name: [user.name, user.lastName].filter(Boolean).join(' '),
          })
        : null,
      device: device ? wireOf(ZReservation.shape.device, device) : null,
      location: location ? wireOf(ZReservation.shape.location.unwrap(), location) : null,
      size: (r.idSize && s.get(r.idSize)) || null,
      product: (r.idProduct && p.get(r.idProduct)) || null,
      start_date: r.recurring ? r.startDate! : r.startsAt.toISOString(),
      end_date: r.recurring ? r.endDate! : r.endsAt.toISOString(),
    });
  });
}

/**
 * The Reservations area (spec: operational §2 Reservations, §3 Reservation, §5 Reservation, §7
 * Reservations): list with the mode filter (`mode` all/service/storage/delivery/rental) and
 * `status`, search over tracking number, e-mail, phone and sender details, create and update with
 * the rules of `reservationValues` and the holds of `writeHolds` (exclusion constraint → 409),
 * bulk delete (admin only: members cannot delete reservations, spec §1), CSV with per-row results,
 * export `reservation_export.csv`. Viewers: 403.
 */
export const reservationsResource: Resource<
  TReservation,
  typeof ZReservationCreateRequest,
  typeof ZReservationUpdateRequest,
  typeof ZReservationListQuery
> = {
  entity: 'reservation',
  path: 'reservations',
  api: endpoints.reservations,
  model: 'reservation',
  tag: 'Reservations',
  table: reservations,
  item: ZReservation,
  create: ZReservationCreateRequest,
  update: ZReservationUpdateRequest,
  query: ZReservationListQuery,
  filters: (q) => [
    q.mode && q.mode !== 'all' ? eq(reservations.mode, q.mode) : undefined,
    q.status ? eq(reservations.status, q.status) : undefined,
    q.id_device ? eq(reservations.idDevice, q.id_device) : undefined,
  ],
  search: [
    reservations.trackingNumber,
    reservations.email,
    reservations.phoneNumber,
    reservations.senderDetails,
  ],
  sort: {
    created_at: reservations.createdAt,
    start_date: reservations.startsAt,
    end_date: reservations.endsAt,
    tracking_number: reservations.trackingNumber,
    mode: reservations.mode,
    status: reservations.status,
  },
  defaultSort: { by: 'created_at', order: 'desc' },
  toWire: (rows, tx) => reservationsToWire(rows as unknown as ReservationRow[], tx),
  toValues: (input, ctx) =>
    reservationValues({
      tx: ctx.tx,
      auth: ctx.auth,
      v: input as TReservationCreateValues,
      existing: ctx.existing as ReservationRow | undefined,
    }),
  async afterWrite(row, _input, ctx) {
    const r = row as unknown as ReservationRow;
    await writeHolds({ tx: ctx.tx, row: r });
    if (!ctx.existing) await emitReservation({ tx: ctx.tx, row: r });
  },
  csv: {
    headers: RESERVATION_CSV_HEADERS,
    toRecord: (r) => ({
      ...r,
      ...Object.fromEntries(WEEKDAYS.map((d) => [d, r.recurring ? r[d] : ''])),
    }),
  },
  messages: {
    created: RESERVATION_MESSAGES.created,
    updated: RESERVATION_MESSAGES.updated,
    deleted: RESERVATION_MESSAGES.deleted,
  },
};
