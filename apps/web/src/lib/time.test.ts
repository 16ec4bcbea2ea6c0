import { describe, expect, it } from 'vitest';
import { dayIn, isoToWallClock, wallClockNow, wallClockSecondsToIso, wallClockToIso } from './time';

describe('wall clock of a place', () => {
  it('reads a typed time in the place zone, with the offset of that day (daylight saving kept)', () => {
    expect(wallClockToIso('2027-01-15T10:00', 'America/Chicago')).toBe('2027-01-15T10:00:00-06:00');
    expect(new Date(wallClockToIso('2027-01-15T10:00', 'America/Chicago')).toISOString()).toBe(
      '2027-01-15T16:00:00.000Z',
    );
    expect(new Date(wallClockToIso('2027-07-15T12:00', 'America/Chicago')).toISOString()).toBe(
      '2027-07-15T17:00:00.000Z',
    );
    expect(wallClockToIso('2027-07-15T10:00', 'Asia/Kolkata')).toBe('2027-07-15T10:00:00+05:30');
    expect(wallClockToIso('2027-07-15T10:00:00Z', 'Asia/Kolkata')).toBe('2027-07-15T10:00:00Z');
    expect(wallClockToIso('', 'UTC')).toBe('');
  });

  it('shows an instant on the wall clock of the place', () => {
    expect(isoToWallClock('2027-01-15T16:00:00Z', 'America/Chicago')).toBe('2027-01-15T10:00');
    expect(isoToWallClock('2027-07-15T15:00:00Z', 'Europe/Berlin')).toBe('2027-07-15T17:00');
    expect(isoToWallClock(null, 'UTC')).toBe('');
    expect(dayIn('America/Chicago', '2027-01-16T03:00:00Z')).toBe('2027-01-15');
  });
});

describe("wallClockSecondsToIso / wallClockNow (an end date typed in the place's zone)", () => {
  it('reads seconds on the wall clock of the zone', () => {
    expect(wallClockSecondsToIso('2027-01-15T10:00:30', 'America/Chicago')).toBe('2027-01-15T10:00:30-06:00');
    expect(wallClockSecondsToIso('2027-07-15T10:00', 'Europe/Berlin')).toBe('2027-07-15T10:00:00+02:00');
    expect(wallClockSecondsToIso('2027-01-15T16:00:30Z', 'America/Chicago')).toBe('2027-01-15T16:00:30Z');
  });

  it("gives now on the zone's wall clock", () => {
    expect(wallClockNow('America/Chicago', new Date('2027-01-15T16:00:30Z'))).toBe('2027-01-15T10:00:30');
  });
});
