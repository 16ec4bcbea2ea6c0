import { DATE_FORMAT } from '@lockerops/contract';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPhone,
  pluralCategory,
  setDisplayLocale,
  setDisplayTimeZone,
  zoneAbbreviation,
  zoneLabel,
} from './format';

describe('formatMoney', () => {
  afterEach(() => setDisplayLocale('en-US'));

  it('formats through Intl with the currency code: $1,454.20 in en-US, 1.454,20 € in de', () => {
    setDisplayLocale('en-US');
    expect(formatMoney(1454.2, 'usd')).toBe('$1,454.20');
    expect(formatMoney('3', 'usd')).toBe('$3.00');
    expect(formatMoney(0, 'eur')).toBe('€0.00');
    expect(formatMoney(-0, 'usd')).toBe('$0.00');
    expect(formatMoney(-3.456, 'cad')).toBe('-CA$3.46');
    expect(formatMoney(1234567.891, 'gbp', { grouped: false })).toBe('£1234567.89');
    setDisplayLocale('de');
    expect(formatMoney(1454.2, 'eur')).toBe('1.454,20\u00a0€');
    expect(formatMoney(1454.2, 'usd')).toBe('1.454,20\u00a0$');
    setDisplayLocale('es');
    expect(formatMoney(1454.2, 'eur')).toBe('1.454,20\u00a0€');
  });

  it('shows the empty text for a missing amount', () => {
    expect(formatMoney(null, 'usd')).toBe('-');
    expect(formatMoney(undefined, 'usd', { empty: '' })).toBe('');
  });

  it('writes amounts of the wire (two decimals) exactly as toFixed did', () => {
    for (const v of [0.1, 0.29, 1.01, 2.67, 19.99, 100.05, 4503.33, -7.15, 1e-7])
      expect(formatNumber(v, 2)).toBe(v.toFixed(2));
  });

  it('rounds the decimal as written, half away from zero', () => {
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(-0.125, 2)).toBe('-0.13');
    expect(formatNumber(1234.5, 0, { grouped: true })).toBe('1,235');
  });
});

describe('formatDateTime', () => {
  it('matches MM/DD/YYYY hh:mm A in the browser time zone', () => {
    for (const iso of [
      '2026-01-05T00:04:00Z',
      '2026-07-15T12:30:59Z',
      '2026-12-31T23:59:00.000Z',
      '2025-03-09T09:07:00-05:00',
    ]) {
      expect(formatDateTime(iso)).toBe(dayjs(iso).format(DATE_FORMAT));
      expect(formatDateTime(iso, { seconds: true })).toBe(dayjs(iso).format('MM/DD/YYYY hh:mm:ss A'));
    }
  });

  it('shows the empty text for a missing value', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('', { empty: '' })).toBe('');
    expect(formatDateTime('not a date')).toBe('Invalid Date');
  });
});

describe('formatDateTime in a zone and a locale', () => {
  afterEach(() => {
    setDisplayLocale('en-US');
    setDisplayTimeZone(null);
  });

  it("shows the place's wall clock whatever the browser's zone, with its abbreviation when asked", () => {
    setDisplayLocale('en-US');
    expect(formatDateTime('2027-01-15T16:00:00Z', { timeZone: 'America/Chicago' })).toBe(
      '01/15/2027 10:00 AM',
    );
    expect(formatDateTime('2027-07-15T15:00:00Z', { timeZone: 'America/Chicago', zoneName: true })).toBe(
      '07/15/2027 10:00 AM CDT',
    );
    expect(formatDateTime('2027-01-15T16:00:05Z', { timeZone: 'Europe/Berlin', seconds: true })).toBe(
      '01/15/2027 05:00:05 PM',
    );
  });

  it("uses the page's zone when no place is given", () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDateTime('2027-01-15T16:00:00Z')).toBe('01/16/2027 01:00 AM');
    setDisplayTimeZone('Not/AZone');
    expect(formatDateTime('2027-01-15T16:00:00Z')).toBe(dayjs('2027-01-15T16:00:00Z').format(DATE_FORMAT));
  });

  it("takes Intl's own form in other locales: 24-hour, day first in German", () => {
    setDisplayLocale('de-DE');
    expect(formatDateTime('2027-01-15T16:00:00Z', { timeZone: 'America/Chicago', zoneName: true })).toBe(
      '15.01.2027, 10:00 CST',
    );
    expect(formatDate('2027-01-15')).toBe('15.01.2027');
    setDisplayLocale('es');
    expect(formatDateTime('2027-01-15T16:00:00Z', { timeZone: 'UTC' })).toBe('15/01/2027, 16:00');
    setDisplayLocale('xx-not-a-locale');
    expect(formatDate('2027-01-15')).toBe('01/15/2027');
  });

  it('names zones by their abbreviation', () => {
    expect(zoneAbbreviation('America/Chicago', '2027-01-15T12:00:00Z')).toBe('CST');
    expect(zoneAbbreviation('Europe/Berlin', '2027-07-15T12:00:00Z')).toBe('CEST');
    expect(zoneAbbreviation('UTC', '2027-07-15T12:00:00Z')).toBe('UTC');
    expect(zoneLabel('America/New_York', '2027-01-15T12:00:00Z')).toBe('America/New York (EST)');
  });
});

describe('formatPhone and plurals', () => {
  afterEach(() => setDisplayLocale('en-US'));

  it("is national for the organization's country, international otherwise", () => {
    expect(formatPhone('+13125550123', 'US')).toBe('(312) 555-0123');
    expect(formatPhone('+13125550123', 'DE')).toBe('+1 312 555 0123');
    expect(formatPhone('4930901820', 'US')).toBe('+49 30 901820');
    expect(formatPhone('+4930901820', null)).toBe('+49 30 901820');
    expect(formatPhone('12', 'US')).toBe('12');
    expect(formatPhone(null, 'US', { empty: '-' })).toBe('-');
  });

  it('chooses the plural category of the locale', () => {
    expect(pluralCategory(1)).toBe('one');
    expect(pluralCategory(2)).toBe('other');
    setDisplayLocale('de');
    expect(pluralCategory(1)).toBe('one');
  });
});

describe('formatDuration (durations through Intl)', () => {
  afterEach(() => setDisplayLocale('en-US'));

  it('writes the units that are not zero with their short names in the display locale', () => {
    setDisplayLocale('en-US');
    expect(formatDuration(9000)).toBe('2 hr 30 min');
    expect(formatDuration(3 * 86400)).toBe('3 days');
    expect(formatDuration(86400 + 7200 + 300)).toBe('1 day 2 hr 5 min');
    expect(formatDuration(45)).toBe('45 sec');
    expect(formatDuration(0)).toBe('0 sec');
    expect(formatDuration(3725)).toBe('1 hr 2 min');
    expect(formatDuration(3725, { seconds: true })).toBe('1 hr 2 min 5 sec');
    expect(formatDuration(null)).toBe('-');
    setDisplayLocale('de');
    expect(formatDuration(9000)).toBe('2 Std. 30 Min.');
    setDisplayLocale('es');
    expect(formatDuration(9000)).toBe('2 h 30 min');
  });
});

describe('formatPercent (percentages through Intl)', () => {
  afterEach(() => setDisplayLocale('en-US'));

  it("formats percent points with the locale's sign and spacing", () => {
    setDisplayLocale('en-US');
    expect(formatPercent(75)).toBe('75.00%');
    expect(formatPercent(12.345, 1)).toBe('12.3%');
    expect(formatPercent(100, 2, { signed: true })).toBe('+100.00%');
    expect(formatPercent(0, 2, { signed: true })).toBe('0.00%');
    expect(formatPercent(undefined)).toBe('-');
    setDisplayLocale('de');
    expect(formatPercent(75)).toBe('75,00\u00a0%');
  });
});
