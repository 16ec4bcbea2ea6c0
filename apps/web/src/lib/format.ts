/**
 * How the console shows numbers, money and times (spec §9): every figure and date on a page goes
 * through this module, built on `Intl` in the `en-US` conventions the spec's screens use.
 */

const LOCALE = 'en-US';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(digits: number, grouped: boolean): Intl.NumberFormat {
  const key = `${digits}:${grouped}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouped,
    });
    numberFormats.set(key, f);
  }
  return f;
}

/**
 * `value` with exactly `digits` decimals (the decimal as written rounded half away from zero:
 * 1.005 → `1.01`), thousands grouped with commas when `grouped` (`1,234.50`), else `1234.50`.
 */
export function formatNumber(value: number, digits = 2, { grouped = false } = {}): string {
  // `+ 0` turns -0 into 0, so a zero never shows a minus sign
  return numberFormat(digits, grouped).format(value + 0);
}

export interface MoneyOptions {
  /** shown for a missing amount; '-' unless given */
  empty?: string;
  /** thousands grouped with commas (the dashboard's figures); off in tables and dialogs */
  grouped?: boolean;
}

/**
 * An amount of money as the console shows it: the currency's symbol (`currencySymbol(code)` of the
 * contract, e.g. `$`, `€`, `CA$`) and two decimals — `$12.50`, `€1,234.00` when grouped. A missing
 * amount shows `empty` ('-').
 */
export function formatMoney(
  amount: number | null | undefined,
  symbol: string,
  { empty = '-', grouped = false }: MoneyOptions = {},
): string {
  if (amount === null || amount === undefined) return empty;
  return `${symbol}${formatNumber(amount, 2, { grouped })}`;
}

const dateTimeFormats = {
  minutes: new Intl.DateTimeFormat(LOCALE, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h12',
  }),
  seconds: new Intl.DateTimeFormat(LOCALE, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h12',
  }),
};

/**
 * A moment in the browser's time zone as `MM/DD/YYYY hh:mm AM` (the spec §9 format,
 * `DATE_FORMAT` of the contract), or `MM/DD/YYYY hh:mm:ss AM` with `seconds`. A missing value
 * shows `empty` ('-'); an unreadable one `Invalid Date`.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  { empty = '-', seconds = false }: { empty?: string; seconds?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of dateTimeFormats[seconds ? 'seconds' : 'minutes'].formatToParts(date))
    parts[p.type] = p.value;
  const time = seconds ? `${parts.hour}:${parts.minute}:${parts.second}` : `${parts.hour}:${parts.minute}`;
  return `${parts.month}/${parts.day}/${parts.year} ${time} ${parts.dayPeriod?.toUpperCase()}`;
}
