import { randomBytes } from 'node:crypto';
import {
  TOOLBOX_MESSAGES,
  type TWidgetBooking,
  type TWidgetConfig,
  type TWidgetSettings,
  ZReservationCreateRequest,
  ZWidgetBooking,
  type ZWidgetBookingRequest,
} from '@lockerops/contract';
// the full metadata: it knows a number's type (premium-rate, shared-cost), not only its country
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { z } from 'zod';
import type { TxAuth, TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { BadRequest, HttpError } from '../../../errors';
import { writeAudit } from '../../../lib/crud/audit';
import { wireOf } from '../../../lib/wire';
import { organizationTimeZone } from '../../dashboard';
import { consumeCode, MAX_TRIES_IN_ALL } from '../../one-time-codes';
import { defaultCurrency } from '../../prices';
import {
  emitReservation,
  insertReservationRow,
  recordPayment,
  reservationValues,
  writeHolds,
} from '../../reservations';
import { insertCustomer } from '../../users';
import {
  customerBy,
  openWidgetBookings,
  organizationPhone,
  placeOfDevice,
  publicLocationSizes,
  WIDGET_MODE,
  widgetOrganization,
} from '../queries';
import { assertPublicLocation, checkWindow, priceFor } from './widget-quote';

/**
 * What the public widget shows: the organization's name and logo, the saved widget
 * settings, whether its payments go through the local sandbox (`sandbox`: no real money, said
 * beside every amount), and its public locations with their time zone (the location's, else the
 * organization's) and the sizes of their storage lockers. Nothing else.
 */
export async function widgetConfig({
  tx,
  organizationId,
  widget,
  sandbox,
}: TxOrg<{ widget: TWidgetSettings; sandbox: boolean }>): Promise<TWidgetConfig> {
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
    sandbox,
    locations: [...byLocation.values()],
  };
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
export function trackingNumber(): string {
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
export async function checkOpenBookings(
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
 * A paid booking's payment (`widget-payment.ts`): the door that was priced and paid for, the
 * tracking number the payment was made under, and the payment to attach to the reservation.
 */
export interface PaidBooking {
  deviceId: string;
  trackingNumber: string;
  paymentId: string;
  sandbox: boolean;
}

/**
 * Books a storage locker for a widget customer: the window rules of the widget, a public
 * location, then exactly the console's path — `reservationValues` (the organization's reservation
 * rules and the first free locker, or with `paid` the door that was paid for), the insert,
 * `writeHolds` (the exclusion constraint against double booking: 409), the `on_reservation` domain
 * event (notification, webhooks) and the audit entry — in the caller's transaction; with `paid`,
 * the payment is attached to the reservation in the same transaction. The customer becomes (or is
 * found as) a widget-only user.
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
  paid,
  now = new Date(),
}: TxAuth<{
  widget: TWidgetSettings;
  body: z.output<typeof ZWidgetBookingRequest>;
  guard: WidgetGuard;
  paid?: PaidBooking;
  now?: Date;
}>): Promise<TWidgetBooking> {
  const organizationId = auth.organizationId;
  checkWindow(widget, body.start, body.end, now);
  await assertPublicLocation(tx, organizationId, body.id_location);
  const parsed = ZReservationCreateRequest.safeParse({
    mode: WIDGET_MODE,
    id_location: body.id_location,
    id_size: body.id_size,
    id_device: paid?.deviceId,
    phone_number: body.phone_number,
    email: body.email,
    start_date: body.start,
    end_date: body.end,
    tracking_number: paid?.trackingNumber ?? trackingNumber(),
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
  if (paid)
    await recordPayment({
      tx,
      organizationId,
      id: paid.paymentId,
      set: { idReservation: row!.id, bookedAt: now },
    });
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
  const seconds = (row!.endsAt.getTime() - row!.startsAt.getTime()) / 1000;
  const priced = await priceFor(tx, organizationId, row!.idDevice!, seconds);
  return wireOf(ZWidgetBooking, row!, {
    location: place?.location ?? '',
    locker_number: place?.lockerNumber ?? null,
    time_zone: place?.timeZone ?? (await organizationTimeZone({ tx, organizationId })),
    price: priced && { subtotal: priced.subtotal, discount: priced.discount, total: priced.total },
    currency: priced?.currency ?? (await defaultCurrency({ tx, organizationId })),
    paid: !!paid,
    sandbox: paid?.sandbox ?? false,
  });
}
