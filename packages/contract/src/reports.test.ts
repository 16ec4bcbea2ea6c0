import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, ZReportCreateRequest } from './reports';

const base = {
  name: 'Ops',
  contents: ['earnings'],
  assign_to: ['7b0c2d36-1d8e-4c1c-9f59-5b8f0d1f2a10'],
  send_time: '09:00',
};

describe('report request (spec console §4 recurrence, §5 rules)', () => {
  it('weekly and biweekly clear month and when; monthly and bimonthly clear the weekday', () => {
    const w = ZReportCreateRequest.parse({
      ...base,
      recurrence: 'biweekly',
      weekday: 2,
      month: 4,
      when: 'end',
    });
    expect(w).toMatchObject({ weekday: 2, month: null, when: null });
    const m = ZReportCreateRequest.parse({ ...base, recurrence: 'monthly', weekday: 2, when: 'end' });
    expect(m).toMatchObject({ weekday: null, month: 1, when: 'end' });
  });

  it('needs a name, a weekday or a month position', () => {
    const r = ZReportCreateRequest.safeParse({ ...base, name: ' ', recurrence: 'weekly' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain(REPORT_MESSAGES.nameRequired);
    expect(messages).toContain(REPORT_MESSAGES.weekdayRequired);
  });
});
