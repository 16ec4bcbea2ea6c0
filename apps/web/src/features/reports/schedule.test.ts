import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { setDisplayLocale } from '../../lib/format';
import { scheduleText } from './schedule';

const weekly = { recurrence: 'biweekly', weekday: 0, month: null, when: null, send_time: '09:00' } as const;
const bimonthly = {
  recurrence: 'bimonthly',
  weekday: null,
  month: 3,
  when: 'end',
  send_time: '06:30',
} as const;

describe('scheduleText (the schedule column from the catalogs)', () => {
  afterEach(async () => {
    setDisplayLocale('en-US');
    await i18next.changeLanguage('en');
  });

  it("tells the schedule on the wall clock of the organization's zone, in English", async () => {
    await i18next.changeLanguage('en');
    const t = i18next.getFixedT('en', 'reports');
    expect(scheduleText(weekly, 'UTC', t)).toBe('Every other Monday at 09:00 UTC');
    expect(scheduleText({ ...weekly, recurrence: 'weekly', weekday: 6 }, 'America/Chicago', t)).toBe(
      'Every Sunday at 09:00 America/Chicago',
    );
    expect(scheduleText(bimonthly, 'Europe/Berlin', t)).toBe(
      'Every other month from March on the last day at 06:30 Europe/Berlin',
    );
    expect(scheduleText({ ...bimonthly, recurrence: 'monthly', when: 'start' }, 'UTC', t)).toBe(
      'Every month on the first day at 06:30 UTC',
    );
  });

  it('in German and Spanish, weekday and month names through Intl', async () => {
    setDisplayLocale('de');
    await i18next.changeLanguage('de');
    const de = i18next.getFixedT('de', 'reports');
    expect(scheduleText(weekly, 'UTC', de)).toBe('Jeden zweiten Montag um 09:00 UTC');
    expect(scheduleText(bimonthly, 'Europe/Berlin', de)).toBe(
      'Jeden zweiten Monat ab März am letzten Tag um 06:30 Europe/Berlin',
    );
    setDisplayLocale('es');
    await i18next.changeLanguage('es');
    const es = i18next.getFixedT('es', 'reports');
    expect(scheduleText({ ...weekly, recurrence: 'weekly' }, 'UTC', es)).toBe('Cada lunes a las 09:00 UTC');
  });
});
