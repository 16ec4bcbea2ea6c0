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
    dateStyle: 'medium',
    timeStyle: 'short',
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
