import { getDisplayLocale } from '../../lib/format';

/**
 * How the dashboard's charts write their axes, tooltips and tables: calendar buckets (`YYYY-MM-DD`,
 * the organization's local days, no zone arithmetic) as short dates, money in compact form on an
 * axis. Built on `Intl` in the display locale, like `lib/format`.
 */

/** What a series' buckets are: days, or months (each dated by its first day). */
export type BucketKind = 'day' | 'month';

const noon = (day: string) => {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
};

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  key: string,
  make: (locale: string) => T,
): T {
  const locale = getDisplayLocale();
  const k = `${key}:${locale}`;
  let f = formats.get(k) as T | undefined;
  if (!f) {
    f = make(locale);
    formats.set(k, f);
  }
  return f;
}

/** The buckets' kind from their dates: months when every bucket starts a month, a month apart. */
export function bucketKind(dates: readonly string[]): BucketKind {
  if (dates.length < 2 || !dates.every((d) => d.slice(8, 10) === '01')) return 'day';
  const gap = (noon(dates[1]!).getTime() - noon(dates[0]!).getTime()) / 86_400_000;
  return gap >= 28 ? 'month' : 'day';
}

/** A bucket as an axis tick: `Nov 22` / `22. Nov.` for a day, `Nov 2026` for a month. */
export function shortBucket(date: string, kind: BucketKind): string {
  const f = cached(
    `b:${kind}`,
    (locale) =>
      new Intl.DateTimeFormat(
        locale,
        kind === 'month'
          ? { timeZone: 'UTC', month: 'short', year: 'numeric' }
          : { timeZone: 'UTC', month: 'short', day: 'numeric' },
      ),
  );
  return f.format(noon(date));
}

/** A bucket in full, for a table or a summary: `Nov 22, 2026` / `November 2026`. */
export function longBucket(date: string, kind: BucketKind): string {
  const f = cached(
    `l:${kind}`,
    (locale) =>
      new Intl.DateTimeFormat(
        locale,
        kind === 'month'
          ? { timeZone: 'UTC', month: 'long', year: 'numeric' }
          : { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' },
      ),
  );
  return f.format(noon(date));
}

/** Money as an axis writes it: `$1.2K`, `$950`, `1,2 Tsd. €`; a missing or unknown currency is USD. */
export function compactMoney(value: number, currency: string | null | undefined): string {
  const code = /^[a-z]{3}$/i.test(currency ?? '') ? currency!.toUpperCase() : 'USD';
  return cached(
    `m:${code}`,
    (locale) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }),
  ).format(value + 0);
}

/** A count as an axis writes it: `1.2K`. */
export function compactCount(value: number): string {
  return cached(
    'c',
    (locale) => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(value + 0);
}

/**
 * Whether the last bucket of a series is still under way: the range ends today (in the
 * organization's zone), so its last day (or month) holds only the hours gone so far.
 */
export const lastIsPartial = (range: { to_date: string; today: string } | undefined): boolean =>
  !!range && range.to_date >= range.today;
