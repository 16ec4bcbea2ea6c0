import { isWeekBased, type TReport } from '@lockerops/contract';
import type { TFunction } from 'i18next';
import { getDisplayLocale } from '../../lib/format';

/** A Monday (5 January 2026) and the days after it, for weekday names through Intl. */
const MONDAY = Date.UTC(2026, 0, 5, 12);

/**
 * A report's schedule in words, in the console's language (`reports:schedule.*`): "Every Monday at
 * 09:00 America/Chicago", "Jeden zweiten Monat ab März am letzten Tag um 06:30 Europe/Berlin".
 * Weekday and month names and the send time go through Intl in the display locale; weekday 0 is
 * Monday, as the server keeps it; the time is a wall clock of the organization's `zone`.
 * spec: console §2 Reporting (schedule column).
 */
export function scheduleText(
  r: Pick<TReport, 'recurrence' | 'weekday' | 'month' | 'when' | 'send_time'>,
  zone: string,
  /** the `reports` namespace's translate function */
  t: TFunction,
): string {
  const locale = getDisplayLocale();
  const [h = 0, m = 0] = r.send_time.split(':').map(Number);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(Date.UTC(2026, 0, 1, h, m));
  if (isWeekBased(r.recurrence)) {
    const day = (((r.weekday ?? 0) % 7) + 7) % 7;
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      MONDAY + day * 86_400_000,
    );
    return t(`schedule.${r.recurrence}`, { weekday, time, zone });
  }
  const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2026, (r.month ?? 1) - 1, 15),
  );
  const day = r.when === 'end' ? 'Last' : 'First';
  return t(`schedule.${r.recurrence}${day}`, { month, time, zone });
}
