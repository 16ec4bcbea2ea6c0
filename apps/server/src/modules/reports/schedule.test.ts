import { describe, expect, it } from 'vitest';
import { catchUp, firstDue, followingDue, reportPeriod, type Schedule } from './schedule';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();
const weekly: Schedule = { recurrence: 'weekly', weekday: 0, month: null, when: null, sendTime: '09:00' };

describe('report schedule (spec: console §3 schedule, §4 recurrence)', () => {
  it('weekly: the next Monday at the send time (UTC), strictly after', () => {
    // 2026-11-25 is a Wednesday
    expect(iso(firstDue(weekly, at('2026-11-25T10:00:00Z')))).toBe('2026-11-30T09:00:00.000Z');
    expect(iso(firstDue(weekly, at('2026-11-30T08:59:00Z')))).toBe('2026-11-30T09:00:00.000Z');
    expect(iso(firstDue(weekly, at('2026-11-30T09:00:00Z')))).toBe('2026-12-07T09:00:00.000Z');
    const sunday = { ...weekly, weekday: 6, sendTime: '23:30' };
    expect(iso(firstDue(sunday, at('2026-11-25T10:00:00Z')))).toBe('2026-11-29T23:30:00.000Z');
  });

  it('biweekly steps 14 days; weekly 7, across a month end', () => {
    const bi = { ...weekly, recurrence: 'biweekly' as const };
    expect(iso(followingDue(bi, at('2026-11-30T09:00:00Z')))).toBe('2026-12-14T09:00:00.000Z');
    expect(iso(followingDue(weekly, at('2026-12-28T09:00:00Z')))).toBe('2027-01-04T09:00:00.000Z');
  });

  it('monthly: first or last day, across month ends and the leap day', () => {
    const start: Schedule = {
      recurrence: 'monthly',
      weekday: null,
      month: 1,
      when: 'start',
      sendTime: '06:15',
    };
    const end: Schedule = { ...start, when: 'end' };
    expect(iso(firstDue(start, at('2026-11-25T10:00:00Z')))).toBe('2026-12-01T06:15:00.000Z');
    expect(iso(firstDue(end, at('2026-11-25T10:00:00Z')))).toBe('2026-11-30T06:15:00.000Z');
    expect(iso(followingDue(end, at('2027-01-31T06:15:00Z')))).toBe('2027-02-28T06:15:00.000Z');
    expect(iso(followingDue(end, at('2028-01-31T06:15:00Z')))).toBe('2028-02-29T06:15:00.000Z');
    expect(iso(followingDue(end, at('2028-02-29T06:15:00Z')))).toBe('2028-03-31T06:15:00.000Z');
  });

  it('bimonthly: in `month` and every other month from it', () => {
    const bi: Schedule = {
      recurrence: 'bimonthly',
      weekday: null,
      month: 2,
      when: 'start',
      sendTime: '00:00',
    };
    // from 25 Nov 2026: Dec is even-offset from February → 1 Dec
    expect(iso(firstDue(bi, at('2026-11-25T10:00:00Z')))).toBe('2026-12-01T00:00:00.000Z');
    expect(iso(followingDue(bi, at('2026-12-01T00:00:00Z')))).toBe('2027-02-01T00:00:00.000Z');
    const odd = { ...bi, month: 1, when: 'end' as const };
    // November is in January's cycle: its last day
    expect(iso(firstDue(odd, at('2026-11-25T10:00:00Z')))).toBe('2026-11-30T00:00:00.000Z');
    expect(iso(followingDue(odd, at('2026-11-30T00:00:00Z')))).toBe('2027-01-31T00:00:00.000Z');
  });

  it('catch-up after downtime: the latest missed send once, then the one after now', () => {
    const r = catchUp(weekly, at('2026-11-02T09:00:00Z'), at('2026-11-25T10:00:00Z'));
    expect(iso(r.due!)).toBe('2026-11-23T09:00:00.000Z');
    expect(iso(r.next)).toBe('2026-11-30T09:00:00.000Z');
    const none = catchUp(weekly, at('2026-11-30T09:00:00Z'), at('2026-11-25T10:00:00Z'));
    expect(none.due).toBeNull();
    const exact = catchUp(weekly, at('2026-11-30T09:00:00Z'), at('2026-11-30T09:00:00Z'));
    expect(iso(exact.due!)).toBe('2026-11-30T09:00:00.000Z');
  });

  it('period: the last week, two weeks, month or two months before the local send date', () => {
    expect(reportPeriod('weekly', at('2026-11-30T09:00:00Z'), 'UTC')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(reportPeriod('biweekly', at('2026-11-30T09:00:00Z'), 'UTC')).toEqual({
      from: '2026-11-16',
      to: '2026-11-29',
    });
    expect(reportPeriod('monthly', at('2028-03-01T09:00:00Z'), 'UTC')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(reportPeriod('bimonthly', at('2027-01-01T09:00:00Z'), 'UTC')).toEqual({
      from: '2026-11-01',
      to: '2026-12-31',
    });
    // 1 Dec 03:00 UTC is still 30 Nov in Chicago: the period ends 29 Nov there
    expect(reportPeriod('weekly', at('2026-12-01T03:00:00Z'), 'America/Chicago')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
  });

  it('period across a DST change is whole local days', () => {
    // US DST ends 1 Nov 2026; a week sent Monday 2 Nov 14:00 UTC (08:00 in Chicago)
    expect(reportPeriod('weekly', at('2026-11-02T14:00:00Z'), 'America/Chicago')).toEqual({
      from: '2026-10-26',
      to: '2026-11-01',
    });
    // Europe DST starts 29 Mar 2026; 00:30 UTC on 30 Mar is 02:30 in Berlin, same date
    expect(reportPeriod('weekly', at('2026-03-30T00:30:00Z'), 'Europe/Berlin')).toEqual({
      from: '2026-03-23',
      to: '2026-03-29',
    });
  });
});
