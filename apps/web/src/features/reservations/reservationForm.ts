import { type TReservation, type TReservationCreateRequest, WEEKDAYS } from '@lockerops/contract';
import { isoToWallClock, wallClockToIso } from '../../lib/time';

/** The form's values: the contract's request input plus "days all or custom" (spec operational §4 Reservation). */
export type TReservationFormInput = TReservationCreateRequest & { days: 'all' | 'custom' };

const allDays = (on: boolean) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, on])) as Record<(typeof WEEKDAYS)[number], boolean>;

/**
 * The form's values for a reservation being edited, or a new one (custom range, storage). Times are
 * the wall clock of the place: `zoneOf(id_location)` gives its zone (the location's, else the
 * organization's).
 */
export function reservationFormValues(
  r: TReservation | null,
  zoneOf: (idLocation: string | null | undefined) => string = () => 'UTC',
): TReservationFormInput {
  const timeZone = zoneOf(r?.id_location);
  if (!r) {
    return {
      mode: 'storage',
      tracking_number: '',
      id_location: '',
      id_size: '',
      id_device: '',
      id_product: '',
      id_user: '',
      phone_number: '',
      email: '',
      sender_details: '',
      recurring: false,
      ...allDays(false),
      days: 'all',
      from_time: '',
      to_time: '',
      start_date: '',
      end_date: '',
      time_zone: timeZone,
    };
  }
  const local = (iso: string) => isoToWallClock(iso, timeZone);
  const every = WEEKDAYS.every((d) => r[d]);
  return {
    mode: r.mode,
    tracking_number: r.tracking_number ?? '',
    id_location: r.id_location ?? '',
    id_size: r.id_size ?? '',
    id_device: r.id_device ?? '',
    id_product: r.id_product ?? '',
    id_user: r.id_user ?? '',
    phone_number: r.phone_number ?? '',
    email: r.email ?? '',
    sender_details: r.sender_details ?? '',
    recurring: r.recurring,
    ...Object.fromEntries(WEEKDAYS.map((d) => [d, r[d]])),
    days: r.recurring && !every ? 'custom' : 'all',
    from_time: r.from_time ?? '',
    to_time: r.to_time ?? '',
    start_date: r.recurring ? r.start_date : local(r.start_date),
    end_date: r.recurring ? r.end_date : local(r.end_date),
    time_zone: r.recurring ? r.time_zone : timeZone,
  };
}

/** Applies "days all" before validation: every weekday flag on. */
export function withDays(v: TReservationFormInput): TReservationFormInput {
  return v.recurring && v.days === 'all' ? { ...v, ...allDays(true) } : v;
}

/**
 * Reads the typed times on the wall clock of the chosen location's zone before validation: a custom
 * range's start and end become instants with that zone's offset, and a recurring window takes the
 * zone (README.md "Time zones: where they come from").
 */
export function withZone(v: TReservationFormInput, zone: string): TReservationFormInput {
  if (v.recurring) return { ...v, time_zone: zone };
  return {
    ...v,
    time_zone: zone,
    start_date: typeof v.start_date === 'string' ? wallClockToIso(v.start_date, zone) : v.start_date,
    end_date: typeof v.end_date === 'string' ? wallClockToIso(v.end_date, zone) : v.end_date,
  };
}

/** A device as the form needs it. */
export interface LockerOption {
  id: string;
  locker_number: number;
  name: string;
  mode: string;
  status: string;
  size: { id: string } | null;
  product?: { id: string } | null;
  id_product?: string | null;
}

/**
 * The lockers the form offers: the location's devices of the mode (and size, when chosen) that are
 * available, by locker number (the one being edited stays listed).
 */
export function lockerOptions(
  devices: readonly LockerOption[],
  mode: string | undefined,
  sizeId: string | undefined,
  keepId?: string | null,
): LockerOption[] {
  return devices
    .filter(
      (d) =>
        d.id === keepId ||
        (d.mode === mode &&
          d.status === 'available' &&
          (!sizeId || mode === 'rental' || d.size?.id === sizeId)),
    )
    .sort((a, b) => a.locker_number - b.locker_number);
}

/**
 * Whether the submit must stay disabled: a location is chosen and it has no free locker of the mode
 * (rental: none at all; other modes: no size with available devices either). spec operational §2
 * Reservations "Submit disabled when no lockers or sizes are available".
 */
export function nothingFree(q: {
  locationChosen: boolean;
  mode: string | undefined;
  sizes: readonly { devices: number }[];
  lockers: readonly LockerOption[];
}): boolean {
  if (!q.locationChosen || !q.mode) return false;
  if (q.mode === 'rental') return q.lockers.length === 0;
  return q.lockers.length === 0 || !q.sizes.some((s) => s.devices > 0);
}
