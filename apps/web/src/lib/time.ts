import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * What a person types means the wall clock of the place (README.md "Time zones: where they come from"): a form's
 * `datetime-local` value is read in the location's (or the organization's) IANA zone and sent as an
 * ISO 8601 instant with that zone's offset, whatever the browser's own zone is. dayjs with its
 * utc and timezone plugins does the zone arithmetic.
 */

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * `2027-01-15T10:00` typed for a place in `zone` → `2027-01-15T10:00:00-06:00` (America/Chicago).
 * A value that is not a wall-clock time (already an instant, or empty) is answered unchanged.
 */
export function wallClockToIso(value: string, zone: string): string {
  if (!WALL.test(value) || /(Z|[+-]\d{2}:?\d{2})$/.test(value)) return value;
  return dayjs.tz(value.slice(0, 16), 'YYYY-MM-DDTHH:mm', zone).format('YYYY-MM-DDTHH:mm:ssZ');
}

/** An instant → the wall clock of `zone` as a `datetime-local` value (`2027-01-15T10:00`); '' for none. */
export function isoToWallClock(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(zone).format('YYYY-MM-DDTHH:mm') : '';
}

/** The calendar date (`YYYY-MM-DD`) in `zone` at the instant `at` (today there by default). */
export const dayIn = (zone: string, at: Date | string = new Date()): string =>
  dayjs(at).tz(zone).format('YYYY-MM-DD');

/**
 * A `datetime-local` value with seconds (`2027-01-15T10:00:30`) typed for a place in `zone` → the
 * instant, as ISO with the zone's offset; a value that is not a wall-clock time is answered unchanged.
 */
export function wallClockSecondsToIso(value: string, zone: string): string {
  if (!WALL.test(value) || /(Z|[+-]\d{2}:?\d{2})$/.test(value)) return value;
  const format = value.length > 16 ? 'YYYY-MM-DDTHH:mm:ss' : 'YYYY-MM-DDTHH:mm';
  return dayjs.tz(value.slice(0, 19), format, zone).format('YYYY-MM-DDTHH:mm:ssZ');
}

/** Now (or `at`) on the wall clock of `zone`, with seconds, as a `datetime-local` value. */
export const wallClockNow = (zone: string, at: Date = new Date()): string =>
  dayjs(at).tz(zone).format('YYYY-MM-DDTHH:mm:ss');
