import { fillMailText, REPORT_TEXTS, type TLanguage } from '@lockerops/contract';

/**
 * How a report shows its numbers and dates to a person (the PDF, the mail body): `Intl` in the
 * report's language (the recipient's), never by hand. The CSV keeps the raw numbers.
 */

/** What a figure counts: money in the block's currency, a percentage, a count or a plain rate. */
export type FigureUnit = 'money' | 'percent' | 'count' | 'rate';

/** One headline figure of a report section and, when the metric has one, the previous period's. */
export interface Figure {
  label: string;
  value: number;
  unit: FigureUnit;
  previous?: number;
}

/** The locale of report documents (spec: en-US display); Spanish and German in their own. */
export const REPORT_LOCALE = 'en-US';
const localeOf = (language: TLanguage) => (language === 'en' ? REPORT_LOCALE : language);

/** Spaces Intl puts in some formats (narrow no-break, thin) that the PDF's standard fonts lack. */
export const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

/** `1454.2` → "$1,454.20" (the currency's own digits); `compact` → "$1.5K" for chart axes. */
export function formatMoney(
  value: number,
  currency: string,
  compact = false,
  language: TLanguage = 'en',
): string {
  const f = new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: currency.toUpperCase(),
    ...(compact ? { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 } : {}),
  });
  return plain(f.format(value));
}

/**
 * A figure's value as a person reads it: money, "12.5%", "1,204" or "3.25" (in German "12,5 %",
 * "1.204"). A percentage figure is in points (12.5 = 12.5%), through Intl's percent style.
 */
export function formatValue(
  value: number,
  unit: FigureUnit,
  currency = 'usd',
  compact = false,
  language: TLanguage = 'en',
): string {
  const locale = localeOf(language);
  switch (unit) {
    case 'money':
      return formatMoney(value, currency, compact, language);
    case 'percent':
      return plain(
        new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: compact ? 0 : 2 }).format(
          value / 100,
        ),
      );
    case 'count':
      return plain(new Intl.NumberFormat(locale, compact ? { notation: 'compact' } : {}).format(value));
    case 'rate':
      return plain(new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value));
  }
}

/** How a figure moved against the previous period, and which way (for its colour). */
export interface Comparison {
  text: string;
  trend: 'up' | 'down' | 'flat';
}

/**
 * "+12.5% vs previous period ($1,290.00)" for money and counts; a percentage moves in points
 * ("+3.2 pts vs previous period (9.3%)"); "No change vs previous period" when equal, and
 * "New this period" when the previous period had nothing — in `language` (`REPORT_TEXTS`).
 */
export function compare(f: Figure, currency = 'usd', language: TLanguage = 'en'): Comparison | undefined {
  if (f.previous === undefined) return undefined;
  const w = REPORT_TEXTS[language];
  const previous = formatValue(f.previous, f.unit, currency, false, language);
  const diff = f.value - f.previous;
  const trend = diff > 0 ? 'up' : diff < 0 ? 'down' : 'flat';
  if (trend === 'flat') return { text: fillMailText(w.noChange, { previous }), trend };
  const signed = { signDisplay: 'always', maximumFractionDigits: 1 } as const;
  const locale = localeOf(language);
  if (f.unit === 'percent' || f.unit === 'rate') {
    const change = plain(new Intl.NumberFormat(locale, signed).format(diff));
    const text = f.unit === 'percent' ? w.movedPoints : w.moved;
    return { text: fillMailText(text, { change, previous }), trend };
  }
  if (f.previous === 0) return { text: fillMailText(w.newThisPeriod, { previous }), trend };
  const change = plain(
    new Intl.NumberFormat(locale, { ...signed, style: 'percent' }).format(diff / Math.abs(f.previous)),
  );
  return { text: fillMailText(w.moved, { change, previous }), trend };
}

const day = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`);

/** "Mar 2, 2026 – Mar 8, 2026" for a report period of local dates (YYYY-MM-DD). */
export function formatPeriod(from: string, to: string, language: TLanguage = 'en'): string {
  const f = new Intl.DateTimeFormat(localeOf(language), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return plain(`${f.format(day(from))} – ${f.format(day(to))}`);
}

/** One local date (YYYY-MM-DD) in the medium style: "Mar 2, 2026", "2 mar 2026", "02.03.2026". */
export function formatDay(iso: string, language: TLanguage = 'en'): string {
  const f = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' });
  return plain(f.format(day(iso)));
}

/** A chart's axis date: "Mar 2" (a month bucket, the first of its month: "Mar 2026"). */
export function formatAxisDate(iso: string, monthly = false, language: TLanguage = 'en'): string {
  const f = new Intl.DateTimeFormat(
    localeOf(language),
    monthly
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  );
  return plain(f.format(day(iso)));
}

/** An instant in the organization's zone: "Mar 9, 2026, 9:00 AM". */
export function formatInstant(at: Date, timeZone: string, language: TLanguage = 'en'): string {
  return plain(
    new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      at,
    ),
  );
}

/**
 * Axis ticks for values up to `max`: 0 and four or five round steps (1, 2, 2.5 or 5 × 10^n) whose
 * last is at least `max` (whole steps when `integer`: counts); `[0, 1]` for an empty series.
 */
export function niceTicks(max: number, count = 4, integer = false): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = integer ? Math.max(1, max / count) : max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max - 1e-9) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}
