import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * How the console shows numbers, money, phone numbers and times (spec §9, CONTRIBUTING.md "Times, money and numbers in the console"
 * and "Time"): every figure and date on a page goes through this module, built on `Intl` and
 * libphonenumber-js in the display locale (`setDisplayLocale`). en-US keeps the spec's own forms
 * (MM/DD/YYYY hh:mm A, $1,454.20); other locales take `Intl`'s (15.01.2027, 10:00; 1.454,20 €).
 * Times are shown in an explicit IANA zone: the place's, else the page's (`setDisplayTimeZone`).
 */

const FALLBACK_LOCALE = 'en-US';

/** The browser's IANA zone (`Europe/Berlin`), UTC when the browser names none. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `locale` when `Intl` supports it, else en-US. */
function supportedLocale(locale: string | null | undefined): string {
  if (!locale) return FALLBACK_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

let displayLocale = supportedLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
let displayZone: string | null = null;
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** The locale every formatter of this module uses (`en-US`, `de`), for a formatter of a page's own. */
export const getDisplayLocale = (): string => displayLocale;

/**
 * Sets the locale every formatter of this module uses (a BCP 47 tag: `de`, `es-MX`, `en-US`); an
 * unsupported tag falls back to en-US. Called when the member's language changes. Answers the locale in use.
 */
export function setDisplayLocale(locale: string | null | undefined): string {
  displayLocale = supportedLocale(locale);
  cache.clear();
  return displayLocale;
}

/** True when `zone` is an IANA zone the browser knows. */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the zone times are shown in when no place's zone is given: the organization's, or the
 * browser's when the member chose "my browser's zone" (null = the browser's).
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = isTimeZone(zone) ? zone : null;
}

/** The zone of the page: the one set by `setDisplayTimeZone`, else the browser's. */
export const getDisplayTimeZone = (): string => displayZone ?? browserTimeZone();

const isEnUs = () => displayLocale === 'en-US' || displayLocale === 'en';

function numberFormat(digits: number, grouped: boolean): Intl.NumberFormat {
  return cached(
    `n:${displayLocale}:${digits}:${grouped}`,
    () =>
      new Intl.NumberFormat(displayLocale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        useGrouping: grouped,
      }),
  );
}

/**
 * `value` with exactly `digits` decimals (the decimal as written rounded half away from zero:
 * 1.005 → `1.01`), in the display locale; thousands grouped when `grouped` (`1,234.50`, `1.234,50`).
 */
export function formatNumber(value: number, digits = 2, { grouped = false } = {}): string {
  // `+ 0` turns -0 into 0, so a zero never shows a minus sign
  return numberFormat(digits, grouped).format(value + 0);
}

export interface MoneyOptions {
  /** shown for a missing amount; '-' unless given */
  empty?: string;
  /** thousands grouped (default); false for a figure typed back into a field */
  grouped?: boolean;
}

/**
 * An amount of money in `currency` (an ISO 4217 code, any case: `usd`, `EUR`) through
 * `Intl.NumberFormat`: `$1,454.20` in en-US, `1.454,20 €` in de. A missing amount shows `empty`
 * ('-'); a missing or unknown currency is taken as USD.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency: string | null | undefined,
  { empty = '-', grouped = true }: MoneyOptions = {},
): string {
  if (amount === null || amount === undefined || amount === '') return empty;
  const value = Number(amount);
  if (Number.isNaN(value)) return empty;
  const code = /^[a-z]{3}$/i.test(currency ?? '') ? currency!.toUpperCase() : 'USD';
  const f = cached(`m:${displayLocale}:${code}:${grouped}`, () => {
    try {
      return new Intl.NumberFormat(displayLocale, {
        style: 'currency',
        currency: code,
        useGrouping: grouped,
      });
    } catch {
      return new Intl.NumberFormat(displayLocale, {
        style: 'currency',
        currency: 'USD',
        useGrouping: grouped,
      });
    }
  });
  return f.format(value + 0);
}

/** The plural category of `count` in the display locale (`one`, `other`, …), for choosing a word. */
export const pluralCategory = (count: number): Intl.LDMLPluralRule =>
  cached(`p:${displayLocale}`, () => new Intl.PluralRules(displayLocale)).select(count);

/** Options of `formatDuration`. */
export interface DurationOptions {
  /** shown for a missing duration; '-' unless given */
  empty?: string;
  /** seconds shown next to minutes and hours too (a dashboard average); else only under a minute */
  seconds?: boolean;
}

const DURATION_UNITS = [
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * A duration in seconds through `Intl.NumberFormat`'s unit style (short names) in the display
 * locale: "2 hr 30 min", "3 days 2 hr", "45 sec" in en-US, "2 Std. 30 Min." in de, "2 h 30 min" in
 * es. Units that are zero are left out; seconds only under a minute unless `seconds`.
 */
export function formatDuration(
  value: number | null | undefined,
  { empty = '-', seconds = false }: DurationOptions = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  let rest = Math.max(0, Math.round(value));
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (unit === 'second' && !seconds && value >= 60) continue;
    if (n || (unit === 'second' && !parts.length)) parts.push(unitFormat(unit).format(n));
  }
  return parts.join(' ');
}

const unitFormat = (unit: string) =>
  cached(
    `u:${displayLocale}:${unit}`,
    () => new Intl.NumberFormat(displayLocale, { style: 'unit', unit, unitDisplay: 'short' }),
  );

/**
 * A percentage through `Intl.NumberFormat`'s percent style with exactly `digits` decimals: `12.5`
 * (percent points, as the API sends them) → "12.50%" in en-US, "12,50 %" in de. `signed` writes
 * the sign of a change ("+12.50%", "-3.00%"; none on zero).
 */
export function formatPercent(
  value: number | null | undefined,
  digits = 2,
  { empty = '-', signed = false }: { empty?: string; signed?: boolean } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  return cached(
    `pc:${displayLocale}:${digits}:${signed}`,
    () =>
      new Intl.NumberFormat(displayLocale, {
        style: 'percent',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        signDisplay: signed ? 'exceptZero' : 'auto',
      }),
  ).format(value / 100 + 0);
}

type DateInput = string | number | Date | null | undefined;

const toDate = (value: DateInput): Date | null | 'invalid' => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
};

function dateTimeFormat(zone: string, seconds: boolean): Intl.DateTimeFormat {
  return cached(
    `d:${displayLocale}:${zone}:${seconds}`,
    () =>
      new Intl.DateTimeFormat(displayLocale, {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        ...(seconds ? { second: '2-digit' } : {}),
        ...(isEnUs() ? { hourCycle: 'h12' } : {}),
      }),
  );
}

export interface DateTimeOptions {
  /** shown for a missing value; '-' unless given */
  empty?: string;
  /** with seconds (device logs) */
  seconds?: boolean;
  /** IANA zone to show the time in (the place's); the page's zone when not given */
  timeZone?: string | null;
  /** followed by the zone's abbreviation: `01/15/2027 10:00 AM CST` */
  zoneName?: boolean;
}

/**
 * A moment on the wall clock of `timeZone` (the place's; else the page's zone), in the display
 * locale: `MM/DD/YYYY hh:mm AM` in en-US (the spec §9 format, `DATE_FORMAT` of the contract),
 * `Intl`'s numeric form elsewhere (`15.01.2027, 10:00`); with `seconds`, `hh:mm:ss`. A missing value
 * shows `empty` ('-'); an unreadable one `Invalid Date`.
 */
export function formatDateTime(
  value: DateInput,
  { empty = '-', seconds = false, timeZone, zoneName = false }: DateTimeOptions = {},
): string {
  const date = toDate(value);
  if (date === null) return empty;
  if (date === 'invalid') return 'Invalid Date';
  const zone = isTimeZone(timeZone) ? timeZone : getDisplayTimeZone();
  const f = dateTimeFormat(zone, seconds);
  let text: string;
  if (isEnUs()) {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const p of f.formatToParts(date)) parts[p.type] = p.value;
    const time = seconds ? `${parts.hour}:${parts.minute}:${parts.second}` : `${parts.hour}:${parts.minute}`;
    text = `${parts.month}/${parts.day}/${parts.year} ${time} ${parts.dayPeriod?.toUpperCase()}`;
  } else text = f.format(date);
  return zoneName ? `${text} ${zoneAbbreviation(zone, date)}` : text;
}

/** A calendar date (`YYYY-MM-DD`, no zone) in the display locale: `01/15/2027`, `15.01.2027`. */
export function formatDate(day: string | null | undefined, { empty = '-' } = {}): string {
  if (!day) return empty;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return 'Invalid Date';
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return cached(
    `day:${displayLocale}`,
    () =>
      new Intl.DateTimeFormat(displayLocale, {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  ).format(date);
}

/**
 * The short name of `zone` at `at` as people read it: `CST`/`CDT` for America/Chicago, `CET`/`CEST`
 * for Europe/Berlin, `UTC`; `GMT+3` where no letters are in use.
 */
export function zoneAbbreviation(zone: string, at: DateInput = new Date()): string {
  const date = toDate(at);
  const when = date instanceof Date ? date : new Date();
  const name = (locale: string) =>
    cached(
      `z:${locale}:${zone}`,
      () => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }),
    )
      .formatToParts(when)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  const us = name('en-US');
  if (!us.startsWith('GMT')) return us;
  const gb = name('en-GB');
  return !gb.startsWith('GMT') || gb === 'GMT' ? gb : us;
}

/** A zone as people read it in a label: `America/Chicago (CST)`, underscores as spaces. */
export const zoneLabel = (zone: string, at: DateInput = new Date()): string =>
  `${zone.replace(/_/g, ' ')} (${zoneAbbreviation(zone, at)})`;

/**
 * A phone number for reading: national form for numbers of `country` (the organization's, ISO
 * 3166 alpha-2: `(312) 555-0100` in US), international form otherwise (`+49 30 123456`), through
 * libphonenumber-js. A value it cannot read is shown as given; a missing one as `empty`.
 */
export function formatPhone(
  value: string | null | undefined,
  country?: string | null,
  { empty = '' }: { empty?: string } = {},
): string {
  if (!value) return empty;
  const digits = value.trim();
  const home = country ? (country.toUpperCase() as CountryCode) : undefined;
  let parsed = parsePhoneNumberFromString(digits, home);
  // reservations keep the country code without its plus sign (spec §5 Reservation)
  if (!parsed?.isValid() && /^\d{8,15}$/.test(digits)) parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isValid()) return value;
  return home && parsed.country === home ? parsed.formatNational() : parsed.formatInternational();
}
