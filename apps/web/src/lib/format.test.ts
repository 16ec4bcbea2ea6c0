import { DATE_FORMAT } from '@lockerops/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatNumber } from './format';

describe('formatMoney', () => {
  it('writes the symbol and two decimals, like the spec screens', () => {
    expect(formatMoney(12.5, '$')).toBe('$12.50');
    expect(formatMoney(0, '€')).toBe('€0.00');
    expect(formatMoney(-0, '$')).toBe('$0.00');
    expect(formatMoney(-3.456, 'CA$')).toBe('CA$-3.46');
    expect(formatMoney(1234567.891, '£')).toBe('£1234567.89');
    expect(formatMoney(1234567.891, '£', { grouped: true })).toBe('£1,234,567.89');
  });

  it('shows the empty text for a missing amount', () => {
    expect(formatMoney(null, '$')).toBe('-');
    expect(formatMoney(undefined, '$', { empty: '' })).toBe('');
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
