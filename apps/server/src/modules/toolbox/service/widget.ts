import { randomBytes } from 'node:crypto';
import {
  RESERVATION_MESSAGES,
  TOOLBOX_MESSAGES,
  type TWidgetBooking,
  type TWidgetConfig,
  type TWidgetQuote,
  type TWidgetSettings,
  WIDGET_MAX_SECONDS,
  WIDGET_UNIT_SECONDS,
  ZReservationCreateRequest,
  ZWidgetBooking,
  type ZWidgetBookingRequest,
} from '@lockerops/contract';
// the full metadata: it knows a number's type (premium-rate, shared-cost), not only its country
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { z } from 'zod';
import type { TxAuth, TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { BadRequest, Conflict, HttpError, NotFound } from '../../../errors';
import { writeAudit } from '../../../lib/crud/audit';
import { wireOf } from '../../../lib/wire';
import { organizationTimeZone } from '../../dashboard';
import { consumeCode, MAX_TRIES_IN_ALL } from '../../one-time-codes';
import { computeCharge, defaultCurrency } from '../../prices';
import {
  buffersOf,
  emitReservation,
  firstFreeDevice,
  getReservationSettings,
  insertReservationRow,
  reservationValues,
  writeHolds,
} from '../../reservations';
import { insertCustomer } from '../../users';
import {
  customerBy,
  isPublicLocation,
  openWidgetBookings,
  organizationPhone,
  placeOfDevice,
  priceOfDevice,
  publicLocationSizes,
  WIDGET_MODE,
  widgetOrganization,
} from '../queries';

/**
 * What the public widget shows: the organization's name and logo, the saved widget
 * settings, and its public locations with their time zone (the location's, else the
 * organization's) and the sizes of their storage lockers. Nothing else.
 */
export async function widgetConfig({
  tx,
  organizationId,
  widget,
}: TxOrg<{ widget: TWidgetSettings }>): Promise<TWidgetConfig> {
  const org = await widgetOrganization({ tx, organizationId });
  const rows = await publicLocationSizes({ tx, organizationId });
  const orgZone = await organizationTimeZone({ tx, organizationId });
  const byLocation = new Map<string, TWidgetConfig['locations'][number]>();
  for (const r of rows) {
    const l = byLocation.get(r.id) ?? {
      id: r.id,
      name: r.name,
      address: r.address,
      time_zone: r.timeZone ?? orgZone,
      sizes: [],
    };
    byLocation.set(r.id, l);
    l.sizes.push({ id: r.sizeId, name: r.sizeName });
  }
  return {
    organization: { name: org?.appName || org?.name || '', logo: org?.logo ?? null },
    settings: widget,
    currency: await defaultCurrency({ tx, organizationId }),
    locations: [...byLocation.values()],
  };
}

/** Checks a window against the widget's rules: in the future, end after start, at most the maximum duration. */
function checkWindow(widget: TWidgetSettings, start: string, end: string, now: Date) {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (e <= s) throw BadRequest(RESERVATION_MESSAGES.endBeforeStart);
  if (s < now.getTime() - 5 * 60_000) throw BadRequest(TOOLBOX_MESSAGES.startInPast);
  if (e - s > widget.max_duration * WIDGET_UNIT_SECONDS[widget.max_duration_unit] * 1000)
    throw BadRequest(TOOLBOX_MESSAGES.tooLong(widget.max_duration, widget.max_duration_unit));
  // a maximum saved before the bound existed still holds no locker beyond 30 days
  if (e - s > WIDGET_MAX_SECONDS * 1000) throw BadRequest(TOOLBOX_MESSAGES.tooLong(30, 'days'));
}

async function assertPublicLocation(tx: Tx, organizationId: string, idLocation: string) {
  if (!(await isPublicLocation({ tx, organizationId, id: idLocation }))) throw NotFound('Location not found');
}

/** The price of a window on a device through the pricing module (null when the device has no price). */
async function priceFor(tx: Tx, organizationId: string, deviceId: string, seconds: number) {
  const price = await priceOfDevice({ tx, organizationId, deviceId });
  if (!price) return null;
  return computeCharge({
    price: {
      price_type: price.priceType,
      amount: price.amount,
      unit_amount: price.unitAmount,
      unit: price.unit,
    },
    elapsedSeconds: seconds,
  });
}

/**
 * Whether a storage locker of the size is free at a public location for the window (the same
 * search as a console reservation, buffers included) and what it costs through the pricing module.
 */
export async function widgetQuote({
  tx,
  organizationId,
  widget,
  q,
  now = new Date(),
}: TxOrg<{
  widget: TWidgetSettings;
  q: { id_location: string; id_size: string; start: string; end: string };
  now?: Date;
}>): Promise<TWidgetQuote> {
  checkWindow(widget, q.start, q.end, now);
  await assertPublicLocation(tx, organizationId, q.id_location);
  const cfg = await getReservationSettings({ tx, organizationId });
  const free = await firstFreeDevice({
    tx,
    organizationId,
    idLocation: q.id_location,
    mode: WIDGET_MODE,
    idSize: q.id_size,
    schedule: {
      recurring: false,
      startsAt: new Date(q.start).toISOString(),
      endsAt: new Date(q.end).toISOString(),
    },
    buffers: buffersOf(cfg),
  });
  const currency = await defaultCurrency({ tx, organizationId });
  if (!free) return { available: false, currency, price: null };
  const seconds = (Date.parse(q.end) - Date.parse(q.start)) / 1000;
  return { available: true, currency, price: await priceFor(tx, organizationId, free, seconds) };
}

/**
 * The customer record a widget booking is for, by its verified contact: the organization's
 * customer with the e-mail, else with the phone — the operator's own record first, else one the
 * widget made — else a new widget-only record. Only called once the contact's code was checked and
 * used (`consumeCode`): an e-mail or phone typed on a public page attaches nothing unverified.
 */
async function customerOf(
  tx: Tx,
  organizationId: string,
  c: { name: string; email?: string; phone?: string },
): Promise<string> {
  const email = c.email?.toLowerCase();
  const found = email
    ? await customerBy({ tx, organizationId, email })
    : c.phone
      ? await customerBy({ tx, organizationId, phone: c.phone })
      : undefined;
  if (found) return found;
  const [first, ...rest] = c.name.split(/\s+/);
  return insertCustomer({
    tx,
    organizationId,
    values: {
      name: first!,
      lastName: rest.join(' ') || null,
      email: email ?? null,
      phoneNumber: c.phone ?? null,
    },
  });
}

/** A tracking number for a widget booking: `W` and 9 characters of an unambiguous alphabet. */
function trackingNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `W${[...randomBytes(9)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** What a widget booking is checked against besides the widget's settings. */
export interface WidgetGuard {
  /** The client address of the request (`req.ip`). */
  address: string;
  /** `WIDGET_MAX_OPEN_*`: caps on open widget bookings per contact, address and organization. */
  maxOpen: { perContact: number; perAddress: number; perOrganization: number };
  /** The checked verification code of the booking's contact (`widget-verification.ts`), used here once. */
  verificationId: string;
}

/** The countries of an organization's currency: where it trades when it has no contact phone yet. */
const CURRENCY_COUNTRIES: Record<string, readonly CountryCode[]> = {
  usd: ['US'],
  cad: ['CA'],
  gbp: ['GB'],
  aud: ['AU'],
  eur: [
    'AT',
    'BE',
    'HR',
    'CY',
    'EE',
    'FI',
    'FR',
    'DE',
    'GR',
    'IE',
    'IT',
    'LV',
    'LT',
    'LU',
    'MT',
    'NL',
    'PT',
    'SK',
    'SI',
    'ES',
  ],
};

/**
 * The organization's own countries (ISO 3166 alpha-2), the first the default of a phone number
 * typed without its country code: its support phone's country, else its currency's countries.
 */
export async function homeCountries({ tx, organizationId }: TxOrg): Promise<readonly string[]> {
  const own = await organizationPhone({ tx, organizationId });
  const fromPhone = own.phone ? parsePhoneNumberFromString(own.phone)?.country : undefined;
  return fromPhone ? [fromPhone] : (CURRENCY_COUNTRIES[own.currency] ?? []);
}

/**
 * 400 `phoneCountryNotAllowed` unless the phone number belongs to the organization's country (its
 * contact phone's; without one, the countries of its currency) or one of `WIDGET_SMS_COUNTRIES`:
 * the widget's messages go to this number by SMS, and a public page must not send them to
 * premium-rate or foreign numbers — premium-rate and shared-cost numbers are refused in every
 * country. A number without a country code is read in the organization's country. Answers the
 * number in E.164 (`+` and digits).
 */
export async function checkPhoneCountry({
  tx,
  organizationId,
  phone,
  allowed,
}: TxOrg<{ phone: string; allowed: readonly string[] }>): Promise<string> {
  const home = await homeCountries({ tx, organizationId });
  const parsed = parsePhoneNumberFromString(phone, home[0] as CountryCode | undefined);
  const country = parsed?.isValid() ? parsed.country : undefined;
  const type = parsed?.getType();
  if (type === 'PREMIUM_RATE' || type === 'SHARED_COST')
    throw BadRequest(TOOLBOX_MESSAGES.phoneCountryNotAllowed);
  if (!country || (!home.includes(country) && !allowed.includes(country)))
    throw BadRequest(TOOLBOX_MESSAGES.phoneCountryNotAllowed);
  return parsed!.number;
}

/**
 * 429 when a cap on open widget bookings (active, not yet ended) is reached: per contact (the
 * e-mail or the phone), per client address, per organization (`WIDGET_MAX_OPEN_*`).
 */
async function checkOpenBookings(
  tx: Tx,
  organizationId: string,
  guard: WidgetGuard,
  contact: { email?: string; phone?: string },
) {
  const open = await openWidgetBookings({ tx, organizationId, ...contact, address: guard.address });
  if (open.byOrganization >= guard.maxOpen.perOrganization)
    throw new HttpError(429, TOOLBOX_MESSAGES.organizationBookingLimit);
  if (open.byAddress >= guard.maxOpen.perAddress)
    throw new HttpError(429, TOOLBOX_MESSAGES.addressBookingLimit);
  if (open.byContact >= guard.maxOpen.perContact)
    throw new HttpError(429, TOOLBOX_MESSAGES.contactBookingLimit);
}

/**
 * What a widget booking is refused for before anything is looked up or checked: 409
 * while the saved settings say the widget takes payment (it cannot), 400 for a window the widget's
 * rules refuse.
 */
export function widgetPrecheck(
  widget: TWidgetSettings,
  body: { start: string; end: string },
  now = new Date(),
): void {
  // saved before the switch was refused: no unpaid booking while the widget says it takes payment
  if (widget.payment_enabled) throw Conflict(TOOLBOX_MESSAGES.paymentNotAvailable);
  checkWindow(widget, body.start, body.end, now);
}

/**
 * Books a storage locker for a widget customer: the window rules of the widget, a public
 * location, then exactly the console's path — `reservationValues` (the organization's reservation
 * rules and the first free locker), the insert, `writeHolds` (the exclusion constraint against
 * double booking: 409), the `on_reservation` domain event (notification, webhooks) and the audit
 * entry — in the caller's transaction. The customer becomes (or is found as) a widget-only user.
 * Before anything is held: the caps on open widget bookings (429), see `WidgetGuard`, and the
 * contact's verification code, checked by the caller (`widgetBookVerified`) and used here once.
 * `body.phone_number` is the verified number in E.164.
 */
export async function widgetBook({
  tx,
  auth,
  widget,
  body,
  guard,
  now = new Date(),
}: TxAuth<{
  widget: TWidgetSettings;
  body: z.output<typeof ZWidgetBookingRequest>;
  guard: WidgetGuard;
  now?: Date;
}>): Promise<TWidgetBooking> {
  const organizationId = auth.organizationId;
  widgetPrecheck(widget, body, now);
  await assertPublicLocation(tx, organizationId, body.id_location);
  const parsed = ZReservationCreateRequest.safeParse({
    mode: WIDGET_MODE,
    id_location: body.id_location,
    id_size: body.id_size,
    phone_number: body.phone_number,
    email: body.email,
    start_date: body.start,
    end_date: body.end,
    tracking_number: trackingNumber(),
    id_user: '00000000-0000-4000-8000-000000000000',
  });
  if (!parsed.success) throw BadRequest([...new Set(parsed.error.issues.map((i) => i.message))]);
  await checkOpenBookings(tx, organizationId, guard, {
    email: parsed.data.email,
    phone: parsed.data.phone_number,
  });
  // the contact's code, used once: a concurrent booking with the same code finds it used
  const used = await consumeCode({
    tx,
    organizationId,
    id: guard.verificationId,
    maxAttempts: MAX_TRIES_IN_ALL,
  });
  if (!used) throw BadRequest(TOOLBOX_MESSAGES.verificationInvalid);
  const idUser = await customerOf(tx, organizationId, {
    name: body.name!,
    email: parsed.data.email,
    phone: body.phone_number,
  });
  const values = await reservationValues({
    tx,
    auth,
    v: { ...parsed.data, id_user: idUser },
    existing: undefined,
    now,
  });
  const { row, image } = await insertReservationRow({
    tx,
    organizationId,
    values: { ...values, widgetAddress: guard.address },
  });
  await writeHolds({ tx, row: row! });
  await emitReservation({ tx, row: row! });
  await writeAudit({
    tx,
    auth,
    entry: {
      entity: 'reservation',
      entityId: row!.id,
      action: 'create',
      after: image,
    },
  });
  const place = await placeOfDevice({ tx, organizationId, deviceId: row!.idDevice! });
  return wireOf(ZWidgetBooking, row!, {
    location: place?.location ?? '',
    locker_number: place?.lockerNumber ?? null,
    time_zone: place?.timeZone ?? (await organizationTimeZone({ tx, organizationId })),
    price: await priceFor(
      tx,
      organizationId,
      row!.idDevice!,
      (row!.endsAt.getTime() - row!.startsAt.getTime()) / 1000,
    ),
    currency: await defaultCurrency({ tx, organizationId }),
  });
}
