import { describe, expect, it } from 'vitest';
import { maskRecipient } from './routes';
import { backoffSeconds, dueAt, formatAmount, formatInZone } from './service/engine';

describe('sending engine rules', () => {
  const at = new Date('2027-01-15T10:00:00Z');
  const end = new Date('2027-01-15T18:00:00Z');
  it('is due after the event, or before the end (never before the event)', () => {
    expect(dueAt({ timeAmount: 0, timeUnit: 'immediately', before: false }, at, end)).toEqual(at);
    expect(dueAt({ timeAmount: 2, timeUnit: 'day', before: false }, at, end)).toEqual(
      new Date('2027-01-17T10:00:00Z'),
    );
    expect(dueAt({ timeAmount: 1, timeUnit: 'hour', before: true }, at, end)).toEqual(
      new Date('2027-01-15T17:00:00Z'),
    );
    expect(dueAt({ timeAmount: 1, timeUnit: 'week', before: true }, at, end)).toEqual(at);
    expect(dueAt({ timeAmount: 30, timeUnit: 'minute', before: true }, at, null)).toEqual(at);
  });

  it('formats times in a zone, amounts with their symbol, and masks recipients', () => {
    expect(formatInZone(at, 'America/New_York')).toBe('01/15/2027 05:00 AM EST');
    expect(formatInZone(new Date('2027-07-15T15:00:00Z'), 'America/Chicago')).toBe('07/15/2027 10:00 AM CDT');
    expect(formatInZone(new Date('2027-01-15T12:30:00Z'), 'UTC')).toBe('01/15/2027 12:30 PM UTC');
    expect(formatInZone(new Date('2027-07-15T12:30:00Z'), 'Europe/Berlin')).toBe('07/15/2027 02:30 PM CEST');
    expect(formatAmount('12.5', 'eur')).toBe('€12.50');
    expect(formatAmount(null, 'usd')).toBe('');
    expect(maskRecipient('grace@people.test')).toBe('g***@people.test');
    expect(maskRecipient('+14155550100')).toBe('+1******0100');
  });

  it('backs off 30 s, 1, 2, 4 minutes', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
  });
});
