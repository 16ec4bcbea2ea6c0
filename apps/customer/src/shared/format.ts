/**
 * Money and time for the customer's screens, through Intl in the customer's language and, for
 * times, in the zone of the place (a locker in Chicago shows Chicago's clock to a Berlin phone).
 */

/** An amount in major units (`12.5`) in the organization's currency, e.g. "$12.50" or "12,50 €". */
export function formatMoney(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
}

/** A date and time in `timeZone` (IANA), short, with the zone's short name ("3:05 PM CST"). */
export function formatDateTime(iso: string | Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    // (dateStyle/timeStyle cannot be combined with timeZoneName)
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** A distance in metres, in the customer's units and language ("350 m", "1.2 km"). */
export function formatDistance(metres: number, language: string): string {
  return metres < 1000
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
        metres,
      )
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(
        metres / 1000,
      );
}

/** Minutes `timeZone` is ahead of UTC at the instant `ms`. */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return Math.round((wall - ms) / 60_000);
}

/**
 * A date (`2027-01-15`) and time (`10:00`) typed as the wall clock of `timeZone`, as ISO 8601 with
 * that place's offset at that moment (`2027-01-15T10:00:00-06:00`): what the server books.
 */
export function wallClockToIso(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, h!, min!);
  // the offset at the guessed instant, then again at the corrected one (a change of offset between)
  let offset = offsetMinutes(wall, timeZone);
  offset = offsetMinutes(wall - offset * 60_000, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${time}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The zone's name as the customer reads it ("Japan Standard Time"), in their language. */
export function zoneName(timeZone: string, language: string): string {
  const part = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'long' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part ? `${part.value} (${timeZone})` : timeZone;
}
