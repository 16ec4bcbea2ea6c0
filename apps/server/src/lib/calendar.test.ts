import { describe, expect, it } from 'vitest';
import { bucketsOf, periodsStartingOn, previousPeriod, resolveRange, todayIn } from './calendar';

// 2026-03-08T05:30Z is Saturday 7 March 23:30 in Chicago (CST, UTC−6) and Sunday 8 March in UTC.
const NOW = new Date('2026-03-08T05:30:00Z');

describe('dashboard calendar (spec console §4 date ranges)', () => {
  it('reads today in the zone, not the server', () => {
    expect(todayIn('America/Chicago', NOW)).toBe('2026-03-07');
    expect(todayIn('UTC', NOW)).toBe('2026-03-08');
    expect(todayIn('Asia/Tokyo', NOW)).toBe('2026-03-08');
  });

  it('computes the presets in the zone; weeks start on Sunday', () => {
    const chicago = (range: 'today' | 'this_week' | 'this_month' | 'this_quarter' | 'this_year') =>
      resolveRange({ range }, 'America/Chicago', NOW);
    expect(chicago('today')).toMatchObject({ from_date: '2026-03-07', to_date: '2026-03-07' });
    expect(chicago('this_week')).toMatchObject({
      from_date: '2026-03-01',
      to_date: '2026-03-07',
      previous_from_date: '2026-02-22',
      previous_to_date: '2026-02-28',
    });
    expect(chicago('this_month')).toMatchObject({ from_date: '2026-03-01', to_date: '2026-03-07' });
    expect(chicago('this_quarter')).toMatchObject({ from_date: '2026-01-01', to_date: '2026-03-07' });
    expect(chicago('this_year')).toMatchObject({ from_date: '2026-01-01', to_date: '2026-03-07' });
    // the same instant is already Sunday in UTC: a new week
    expect(resolveRange({ range: 'this_week' }, 'UTC', NOW)).toMatchObject({
      from_date: '2026-03-08',
      to_date: '2026-03-08',
    });
    expect(resolveRange({}, 'UTC', NOW).range).toBe('this_week');
    expect(resolveRange({ range: 'this_quarter' }, 'UTC', new Date('2026-11-23T12:00:00Z')).from_date).toBe(
      '2026-10-01',
    );
  });

  it('refuses a custom range that ends in the future or is reversed', () => {
    expect(() =>
      resolveRange({ from_date: '2026-03-01', to_date: '2026-03-08' }, 'America/Chicago', NOW),
    ).toThrow('The date range cannot end in the future.');
    expect(resolveRange({ from_date: '2026-03-01', to_date: '2026-03-08' }, 'UTC', NOW).range).toBe('custom');
    expect(() => resolveRange({ from_date: '2026-03-05', to_date: '2026-03-01' }, 'UTC', NOW)).toThrow(
      'The start date must be on or before the end date.',
    );
  });

  it('buckets and previous periods', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(bucketsOf('2026-01-30', '2026-03-02', 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(bucketsOf('2026-03-04', '2026-03-10', 'week')).toEqual(['2026-03-01', '2026-03-08']);
    expect(bucketsOf('2026-03-01', '2026-03-03', 'day')).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });
  it('names the months, quarters and years that begin on a day', () => {
    expect(periodsStartingOn('2026-03-02')).toEqual([]);
    expect(periodsStartingOn('2026-02-01')).toEqual([
      { period: 'm', start: '2026-02-01', end: '2026-02-28' },
    ]);
    expect(periodsStartingOn('2028-02-01')[0]!.end).toBe('2028-02-29');
    expect(periodsStartingOn('2026-10-01')).toEqual([
      { period: 'm', start: '2026-10-01', end: '2026-10-31' },
      { period: 'q', start: '2026-10-01', end: '2026-12-31' },
    ]);
    expect(periodsStartingOn('2026-01-01')).toEqual([
      { period: 'm', start: '2026-01-01', end: '2026-01-31' },
      { period: 'q', start: '2026-01-01', end: '2026-03-31' },
      { period: 'y', start: '2026-01-01', end: '2026-12-31' },
    ]);
  });
});
