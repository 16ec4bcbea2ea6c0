import { describe, expect, it } from 'vitest';
import { catchUp, firstDue, followingDue, reportPeriod, type Schedule } from './service/schedule';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();
const weekly: Schedule = {
  recurrence: 'weekly',
  weekday: 0,
  month: null,
  when: null,
  sendTime: '09:00',
  timeZone: 'UTC',
};

describe('report schedule (spec: console §3 schedule, §4 recurrence)', () => {
  it('weekly: the next Monday at the send time (here in UTC), strictly after', () => {
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
      timeZone: 'UTC',
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
      timeZone: 'UTC',
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

  it('weekday and send time are wall-clock times of the zone: Monday 08:00 Chicago is 14:00Z in January, 13:00Z in July', () => {
    const chicago: Schedule = { ...weekly, sendTime: '08:00', timeZone: 'America/Chicago' };
    // a fixed clock: Wednesday 13 January 2027, then Wednesday 14 July 2027
    expect(iso(firstDue(chicago, at('2027-01-13T12:00:00Z')))).toBe('2027-01-18T14:00:00.000Z');
    expect(iso(firstDue(chicago, at('2027-07-14T12:00:00Z')))).toBe('2027-07-19T13:00:00.000Z');
    // Sunday 23:30 UTC is already Monday in Berlin: the local weekday counts, not UTC's
    const berlin: Schedule = { ...weekly, sendTime: '00:30', timeZone: 'Europe/Berlin' };
    expect(iso(firstDue(berlin, at('2027-01-13T12:00:00Z')))).toBe('2027-01-17T23:30:00.000Z');
    // the series keeps 08:00 in Chicago across the change to daylight saving on 14 March 2027
    expect(iso(followingDue(chicago, at('2027-03-08T14:00:00Z')))).toBe('2027-03-15T13:00:00.000Z');
    expect(iso(followingDue({ ...chicago, recurrence: 'biweekly' }, at('2027-10-25T13:00:00Z')))).toBe(
      '2027-11-08T14:00:00.000Z',
    );
    // catching up over the change: the latest missed Monday 08:00 local, then the next one
    const r = catchUp(chicago, at('2027-03-01T14:00:00Z'), at('2027-03-17T00:00:00Z'));
    expect(iso(r.due!)).toBe('2027-03-15T13:00:00.000Z');
    expect(iso(r.next)).toBe('2027-03-22T13:00:00.000Z');
    // monthly on the first day at 08:00 local, in winter and in summer
    const monthly: Schedule = { ...chicago, recurrence: 'monthly', weekday: null, when: 'start' };
    expect(iso(firstDue(monthly, at('2027-01-13T12:00:00Z')))).toBe('2027-02-01T14:00:00.000Z');
    expect(iso(followingDue(monthly, at('2027-06-01T13:00:00Z')))).toBe('2027-07-01T13:00:00.000Z');
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
