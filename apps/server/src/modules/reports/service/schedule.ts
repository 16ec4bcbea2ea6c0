import type { TReportRecurrence, TReportWhen } from '@lockerops/contract';
import { DateTime } from 'luxon';

/**
 * When a report is sent and which period it tells (spec: console §3 schedule, §4 recurrence).
 * A schedule is read on the wall clock of the organization's time zone: weekday, day of the month
 * and `send_time` HH:MM are local there, so a daylight-saving change keeps the local send time
 * (Monday 08:00 in America/Chicago is 14:00Z in January and 13:00Z in July). The period is read in
 * the same zone.
 */
export interface Schedule {
  recurrence: TReportRecurrence;
  /** Monday=0 … Sunday=6 (weekly, biweekly). */
  weekday: number | null;
  /** 1–12 (bimonthly: sent in this month and every other month from it). */
  month: number | null;
  when: TReportWhen | null;
  /** `HH:MM` on the wall clock of `timeZone`. */
  sendTime: string;
  /** IANA zone of the organization (settings `time_zone`). */
  timeZone: string;
}

const atSendTime = (d: DateTime, sendTime: string): DateTime => {
  const [hour, minute] = sendTime.split(':').map(Number) as [number, number];
  return d.set({ hour, minute, second: 0, millisecond: 0 });
};

/** The send of the month containing `d` (in the schedule's zone): its first or last day at the send time. */
const monthSend = (s: Schedule, d: DateTime): DateTime =>
  atSendTime(s.when === 'end' ? d.endOf('month').startOf('day') : d.startOf('month'), s.sendTime);

const inCycle = (s: Schedule, d: DateTime): boolean =>
  s.recurrence !== 'bimonthly' || (((d.month - (s.month ?? 1)) % 2) + 2) % 2 === 0;

/**
 * The first send strictly after `after`: weekly and biweekly on the first `weekday` at the send
 * time (a biweekly series then steps 14 days from it), monthly on the first or last day of each
 * month, bimonthly the same in `month` and every other month from it.
 */
export function firstDue(s: Schedule, after: Date): Date {
  const from = DateTime.fromJSDate(after, { zone: s.timeZone });
  if (s.recurrence === 'weekly' || s.recurrence === 'biweekly') {
    let d = atSendTime(from.startOf('day'), s.sendTime);
    // luxon: Monday=1 … Sunday=7
    while (d.weekday - 1 !== s.weekday || d <= from) d = d.plus({ days: 1 });
    return d.toJSDate();
  }
  let m = from.startOf('month');
  for (;;) {
    const d = monthSend(s, m);
    if (inCycle(s, m) && d > from) return d.toJSDate();
    m = m.plus({ months: 1 });
  }
}

/**
 * The send that follows `due` in its series (7 or 14 calendar days later at the same local time, or
 * the next month's, or two months later).
 */
export function followingDue(s: Schedule, due: Date): Date {
  const d = DateTime.fromJSDate(due, { zone: s.timeZone });
  switch (s.recurrence) {
    case 'weekly':
      return atSendTime(d.plus({ days: 7 }), s.sendTime).toJSDate();
    case 'biweekly':
      return atSendTime(d.plus({ days: 14 }), s.sendTime).toJSDate();
    case 'monthly':
      return monthSend(s, d.startOf('month').plus({ months: 1 })).toJSDate();
    case 'bimonthly':
      return monthSend(s, d.startOf('month').plus({ months: 2 })).toJSDate();
  }
}

/**
 * Catching up: from the series' next send `nextDue`, the latest send at or before `now` (the one
 * to make — a missed run sends the latest missed period once, not every missed one) and the send
 * after it. `due` is null when nothing is due yet.
 */
export function catchUp(s: Schedule, nextDue: Date, now: Date): { due: Date | null; next: Date } {
  if (nextDue > now) return { due: null, next: nextDue };
  let due = nextDue;
  let next = followingDue(s, due);
  while (next <= now) {
    due = next;
    next = followingDue(s, due);
  }
  return { due, next };
}

/**
 * The period a send at `dueAt` tells, as calendar dates in `timeZone` (both included): it ends
 * the day before the send's local date and spans the last week, two weeks, month or two months.
 * Example: a monthly send on 1 March 09:00 UTC in America/Chicago tells 1–28 February.
 */
export function reportPeriod(
  recurrence: TReportRecurrence,
  dueAt: Date,
  timeZone: string,
): { from: string; to: string } {
  const day = DateTime.fromJSDate(dueAt, { zone: timeZone }).startOf('day');
  const to = day.minus({ days: 1 });
  const start =
    recurrence === 'weekly'
      ? day.minus({ days: 7 })
      : recurrence === 'biweekly'
        ? day.minus({ days: 14 })
        : day.minus({ months: recurrence === 'monthly' ? 1 : 2 });
  return { from: start.toISODate()!, to: to.toISODate()! };
}
