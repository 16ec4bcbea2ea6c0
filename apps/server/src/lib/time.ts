import { DateTime } from 'luxon';

/**
 * Times of a place (README.md "Time zones: where they come from"): what a customer or a message sees is the place's
 * wall clock with its zone's abbreviation, never the server's or the reader's zone. Zone arithmetic
 * is luxon's (the IANA database of the running Node's ICU).
 */

/** True when `zone` is an IANA zone name the runtime knows (`America/Chicago`, `UTC`). */
export function isKnownZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `zone` when the runtime knows it, else `fallback` (UTC unless given). */
export const safeZone = (zone: string | null | undefined, fallback = 'UTC'): string =>
  isKnownZone(zone) ? zone : fallback;

/**
 * The short name of `zone` at the instant `at` as people read it on a sign: `CST` / `CDT` for
 * America/Chicago, `CET` / `CEST` for Europe/Berlin, `UTC`; `GMT+3` where no letters are in use.
 */
export function zoneAbbreviation(zone: string, at: Date): string {
  const name = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  const us = name('en-US');
  if (!us.startsWith('GMT')) return us;
  const gb = name('en-GB');
  return !gb.startsWith('GMT') || gb === 'GMT' ? gb : us;
}

/**
 * `at` on the wall clock of `zone` in the spec's MM/DD/YYYY hh:mm A (console §9), no seconds, followed
 * by the zone's abbreviation: `01/15/2027 10:00 AM CST`. The form customers read in e-mails and SMS.
 */
export function formatLocal(at: Date, zone: string): string {
  const z = safeZone(zone);
  const t = DateTime.fromJSDate(at, { zone: z });
  return `${t.toFormat('MM/dd/yyyy hh:mm a')} ${zoneAbbreviation(z, at)}`;
}
