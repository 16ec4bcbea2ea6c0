import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayLocale } from '../../lib/format';
import { bucketKind, compactMoney, lastIsPartial, longBucket, shortBucket } from './chartFormat';

afterEach(() => {
  setDisplayLocale('en-US');
});

describe('chart axes', () => {
  it('writes days and months short on a tick, never a cut ISO date', () => {
    setDisplayLocale('en-US');
    expect(shortBucket('2026-11-22', 'day')).toBe('Nov 22');
    expect(shortBucket('2026-03-01', 'month')).toBe('Mar 2026');
    expect(longBucket('2026-11-22', 'day')).toBe('Nov 22, 2026');
    expect(longBucket('2026-03-01', 'month')).toBe('March 2026');
    // a calendar day stays that day whatever the browser's zone
    expect(shortBucket('2026-01-01', 'day')).toBe('Jan 1');
    setDisplayLocale('de');
    expect(shortBucket('2026-11-22', 'day')).toBe('22. Nov.');
  });

  it('tells month buckets from days', () => {
    expect(bucketKind(['2026-01-01', '2026-02-01', '2026-03-01'])).toBe('month');
    expect(bucketKind(['2026-11-01', '2026-11-02'])).toBe('day');
    expect(bucketKind(['2026-11-01'])).toBe('day');
  });

  it('writes money compact, in the organization’s currency', () => {
    setDisplayLocale('en-US');
    expect(compactMoney(1250, 'usd')).toBe('$1.3K');
    expect(compactMoney(950, 'usd')).toBe('$950');
    expect(compactMoney(2_400_000, 'eur')).toBe('€2.4M');
  });

  it('knows when the last bucket is still under way: the range ends today', () => {
    expect(lastIsPartial({ to_date: '2026-11-25', today: '2026-11-25' })).toBe(true);
    expect(lastIsPartial({ to_date: '2026-11-24', today: '2026-11-25' })).toBe(false);
    expect(lastIsPartial(undefined)).toBe(false);
  });
});
