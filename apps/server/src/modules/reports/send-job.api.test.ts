import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, createTestApp, demoOrg, signIn, type TestApp } from '../../../test/helpers';
import { startSmtpSink } from '../../../test/smtp-sink';
import { members, reportDeliveries, reports, settings } from '../../db/schema';
import { sendDueReports } from './service/send-job';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Record<string, string>;
let reportId: string;
const A = 'ra@demo-org.test';
const B = 'rb@demo-org.test';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  admin = bearer(await signIn(t.app));
  const orgId = (await demoOrg(t)).id;
  // send times are wall-clock times of the organization's zone: UTC here keeps the dates below plain
  // (daylight saving in Chicago is in schedule.test.ts)
  await t.database.db.update(settings).set({ timeZone: 'UTC' }).where(eq(settings.organizationId, orgId));
  const a = await createMember(t, orgId, { email: A, role: 'member' });
  const b = await createMember(t, orgId, { email: B, role: 'viewer' });
  // B reads German (a report mail speaks its recipient's saved language)
  await t.database.db.update(members).set({ language: 'de' }).where(eq(members.id, b.id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: admin,
    payload: {
      name: 'Ops weekly',
      contents: ['earnings', 'transaction_rate'],
      assign_to: [a.id, b.id],
      recurrence: 'weekly',
      weekday: 0,
      send_time: '09:00',
    },
  });
  reportId = res.json().id;
  // the series starts on Monday 2 March 2026 (the test clock's time)
  await t.database.db
    .update(reports)
    .set({ nextDueAt: new Date('2026-03-02T09:00:00Z') })
    .where(eq(reports.id, reportId));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const run = (iso: string) =>
  sendDueReports({ db: t.database.db, mail: t.app.ctx.mail, log: t.app.log, now: () => new Date(iso) });
const report = async () => (await t.database.db.select().from(reports).where(eq(reports.id, reportId)))[0]!;
const mailsTo = (to: string) => sink.received.filter((m) => m.to.includes(to));

describe('report-send job (exactly once, missed periods once, retries)', () => {
  it('sends nothing before the due time, then one mail per assignee with the CSV and the PDF', async () => {
    expect((await run('2026-03-02T08:59:00Z')).sent).toBe(0);
    expect(sink.received).toHaveLength(0);
    const r = await run('2026-03-02T09:00:00Z');
    expect(r).toMatchObject({ queued: 2, sent: 2 });
    for (const to of [A, B]) {
      const [m] = mailsTo(to);
      expect(mailsTo(to)).toHaveLength(1);
      expect(m!.attachments.map((x) => x.contentType).sort()).toEqual(['application/pdf', 'text/csv']);
      expect(m!.attachments.every((x) => x.size > 0)).toBe(true);
    }
    const [en] = mailsTo(A);
    expect(en!.subject).toBe('Ops weekly: Feb 23, 2026 to Mar 1, 2026');
    expect(en!.text).toContain('Earnings');
    expect(en!.text).toContain('Feb 23, 2026 – Mar 1, 2026 (UTC)');
    const [de] = mailsTo(B);
    expect(de!.subject).toBe('Ops weekly: 23.02.2026 bis 01.03.2026');
    expect(de!.text).toContain('Einnahmen');
    expect(de!.text).toContain('Transaktionsquote');
    expect(de!.text).toContain('23. Feb. 2026 – 1. März 2026 (UTC)');
    expect(de!.text).not.toContain('Earnings');
    expect(de!.html).toMatch(/Diese Nachricht wurde von .+ gesendet\./);
    const row = await report();
    expect(row.lastSent?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(row.nextDueAt?.toISOString()).toBe('2026-03-09T09:00:00.000Z');
    // the same minute again, and the next: nothing more
    expect((await run('2026-03-02T09:00:30Z')).sent).toBe(0);
    expect((await run('2026-03-02T09:01:00Z')).sent).toBe(0);
    expect(sink.received).toHaveLength(2);
  });

  it('two workers at the same due time send each mail once', async () => {
    const [x, y] = await Promise.all([run('2026-03-09T09:00:00Z'), run('2026-03-09T09:00:00Z')]);
    expect(x.sent + y.sent).toBe(2);
    expect(mailsTo(A)).toHaveLength(2);
    expect(mailsTo(B)).toHaveLength(2);
  });

  it('after downtime the latest missed period is sent once, not once per missed week', async () => {
    const r = await run('2026-03-30T10:00:00Z'); // 16, 23 and 30 March passed
    expect(r.sent).toBe(2);
    expect(mailsTo(A)).toHaveLength(3);
    expect(mailsTo(A)[2]!.subject).toBe('Ops weekly: Mar 23, 2026 to Mar 29, 2026');
    expect((await report()).nextDueAt?.toISOString()).toBe('2026-04-06T09:00:00.000Z');
  });

  it('an SMTP failure is retried after a backoff, shows on the report, and mails once', async () => {
    sink.rejectNext(1);
    const first = await run('2026-04-06T09:00:00Z');
    expect(first).toMatchObject({ sent: 1, retried: 1 });
    const failed = await report();
    expect(failed.lastError).toContain('try again later');
    const list = await t.app.inject({ method: 'GET', url: `/api/reports/${reportId}`, headers: admin });
    expect(list.json().last_error).toContain('try again later');
    // before the backoff has passed nothing is retried
    expect((await run('2026-04-06T09:00:30Z')).sent).toBe(0);
    const second = await run('2026-04-06T09:01:00Z');
    expect(second.sent).toBe(1);
    expect(mailsTo(A)).toHaveLength(4);
    expect(mailsTo(B)).toHaveLength(4);
    expect((await report()).lastError).toBeNull();
    expect((await run('2026-04-06T09:10:00Z')).sent).toBe(0);
  });

  it('a mail a dead worker left claimed is sent once its lease has run out', async () => {
    await run('2026-04-13T08:00:00Z');
    await t.database.db
      .update(reports)
      .set({ nextDueAt: new Date('2026-04-13T09:00:00Z') })
      .where(eq(reports.id, reportId));
    // queue the due time, then leave one row claimed as a worker killed mid-send would
    const { queueDueReports } = await import('./service/send-job');
    await queueDueReports({ db: t.database.db, now: new Date('2026-04-13T09:00:00Z') });
    const rows = await t.database.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.dueAt, new Date('2026-04-13T09:00:00Z')));
    expect(rows).toHaveLength(2);
    await t.database.db
      .update(reportDeliveries)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date('2026-04-13T09:05:00Z') })
      .where(eq(reportDeliveries.id, rows[0]!.id));
    expect((await run('2026-04-13T09:01:00Z')).sent).toBe(1); // the other row only
    expect((await run('2026-04-13T09:05:00Z')).sent).toBe(1); // lease over: sent once
    expect((await run('2026-04-13T09:06:00Z')).sent).toBe(0);
    expect(mailsTo(A)).toHaveLength(5);
    expect(mailsTo(B)).toHaveLength(5);
  });
});
