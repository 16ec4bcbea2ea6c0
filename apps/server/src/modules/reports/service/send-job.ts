import { fillMailText, REPORT_TEXTS, type TLanguage } from '@lockerops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MailAdapter } from '../../../adapters/mail';
import type { StorageAdapter } from '../../../adapters/storage';
import type { Db } from '../../../db/client';
import type { JobDefinition } from '../../../lib/job-runner';
import { recipientLanguage } from '../../../lib/message-language';
import { organizationTimeZone } from '../../dashboard';
import {
  assigneeLanguage,
  claimReportMails,
  lockDueReports,
  markReportMailFailed,
  markReportMailSent,
  queueReportMails,
  reportOf,
  requeueExpiredMails,
  setNextDue,
} from '../queries';
import { membersOf, type ReportRow, scheduleOf } from '../service';
import { formatDay } from './format';
import { renderPdf } from './pdf';
import { buildReport } from './render';
import { renderCsv, renderHtml, renderText } from './render-mail';
import { catchUp, firstDue } from './schedule';

/** Attempts of one mail before it is `failed`; the wait before attempt n+1 is 60 s × 2^(n-1). */
export const MAX_ATTEMPTS = 8;
export const backoffSeconds = (attempts: number) => 60 * 2 ** Math.max(0, attempts - 1);
/** How long a claimed mail is left to its worker before another may take it again. */
export const LEASE_SECONDS = 300;

export interface ReportSenderDeps {
  db: Db;
  mail: MailAdapter;
  /** Where the organization's logo is read from (the PDF's header); without it, no logo. */
  storage?: StorageAdapter;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Queues the sends that are due at `now`: reports whose `next_due_at` has passed are locked with
 * `FOR UPDATE SKIP LOCKED` (a second worker skips them), one delivery row per enabled assignee is
 * inserted for the latest due time at or before now (after downtime the missed period is sent
 * once, not once per missed tick; the unique key report/due/recipient makes a repeat a no-op),
 * and `next_due_at` moves to the send after now — all in one transaction. Answers the count.
 */
export async function queueDueReports({
  db,
  now,
  batch = 100,
}: {
  db: Db;
  now: Date;
  batch?: number;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await lockDueReports({ tx, now, batch });
    let queued = 0;
    for (const r of due) {
      const s = scheduleOf(r, await organizationTimeZone({ tx, organizationId: r.organizationId }));
      const { due: at, next } = catchUp(s, r.nextDueAt ?? firstDue(s, now), now);
      if (at) {
        const to = (await membersOf({ tx, organizationId: r.organizationId, ids: r.assignTo })).filter(
          (m) => m.enabled,
        );
        queued += await queueReportMails({
          tx,
          organizationId: r.organizationId,
          reportId: r.id,
          dueAt: at,
          to,
        });
      }
      await setNextDue({ tx, organizationId: r.organizationId, id: r.id, nextDueAt: next });
    }
    return queued;
  });
}

/**
 * Sends queued report mails: rows whose lease ran out (a worker died
 * mid-send) go back to the queue; due `queued` rows are claimed with `FOR UPDATE SKIP LOCKED` and
 * committed as `sending` before the mail goes out, so two workers never take the same row. Each
 * mail carries the HTML figures and charts, the CSV and the PDF, in the recipient member's saved
 * language, else the organization's default one (`REPORT_TEXTS`, Intl formats); once the SMTP server accepted it,
 * one transaction marks the row `sent` and sets the report's `last_sent` (and clears
 * `last_error` unless another recipient's mail is still failing). A failure queues the row again after a backoff (`failed` after MAX_ATTEMPTS) and
 * writes `last_error` on the report. The window for a duplicate is only a crash between the SMTP
 * server's acceptance and that commit.
 */
export async function sendQueuedReports(
  deps: ReportSenderDeps,
  batch = 50,
): Promise<{ sent: number; retried: number; failed: number; requeued: number }> {
  const now = deps.now();
  const requeued = await requeueExpiredMails({ db: deps.db, now });
  const lease = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const claimed = await claimReportMails({ db: deps.db, now, lease, batch });
  const out = { sent: 0, retried: 0, failed: 0, requeued };
  const files = new Map<string, Promise<Awaited<ReturnType<typeof render>>>>();
  for (const d of claimed) {
    try {
      const r = await reportOf({ tx: deps.db, organizationId: d.organizationId, id: d.reportId });
      if (!r) continue; // deleted meanwhile: its rows go with it
      const language = await recipientLanguage({
        tx: deps.db,
        organizationId: d.organizationId,
        own: await assigneeLanguage({ db: deps.db, organizationId: d.organizationId, memberId: d.memberId }),
      });
      const key = `${d.reportId}/${d.dueAt.toISOString()}/${language}`;
      if (!files.has(key)) files.set(key, render(deps, r, d.dueAt, language));
      const f = await files.get(key)!;
      const [from, to] = [formatDay(f.data.from, language), formatDay(f.data.to, language)];
      await deps.mail.send({
        to: d.recipient,
        language,
        subject: fillMailText(REPORT_TEXTS[language].subject, { name: r.name, from, to }),
        text: f.text,
        html: f.html,
        attachments: [
          { filename: `${f.base}.csv`, content: f.csv, contentType: 'text/csv' },
          { filename: `${f.base}.pdf`, content: f.pdf, contentType: 'application/pdf' },
        ],
        organizationId: d.organizationId,
      });
      await deps.db.transaction((tx) => markReportMailSent({ tx, mail: d, sentAt: deps.now() }));
      out.sent++;
    } catch (err) {
      const answer = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const last = d.attempts >= MAX_ATTEMPTS;
      const sendAfter = last
        ? d.sendAfter
        : new Date(deps.now().getTime() + backoffSeconds(d.attempts) * 1000);
      await deps.db.transaction((tx) =>
        markReportMailFailed({ tx, mail: d, last, error: answer, sendAfter }),
      );
      if (last) out.failed++;
      else out.retried++;
      deps.log.warn({ delivery: d.id, attempts: d.attempts, answer }, 'report not sent');
    }
  }
  return out;
}

async function render(deps: ReportSenderDeps, r: ReportRow, dueAt: Date, language: TLanguage) {
  const data = await buildReport({
    db: deps.db,
    report: r,
    dueAt,
    opts: { storage: deps.storage, now: deps.now(), language },
  });
  const base = `${r.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'report'}_${data.from}_${data.to}`;
  return {
    data,
    base,
    csv: renderCsv(data),
    pdf: await renderPdf(data),
    html: renderHtml(data),
    text: renderText(data),
  };
}

/** Queues due reports, then sends what is queued; one run per sender. */
export async function sendDueReports(deps: ReportSenderDeps) {
  const queued = await queueDueReports({ db: deps.db, now: deps.now() });
  return { queued, ...(await sendQueuedReports(deps)) };
}

/**
 * Scheduled reports (spec: console §3 schedule): every minute, queue the reports that
 * are due and send them through the mail adapter. Needs the runner to be given the adapters.
 */
export const reportSendJob: JobDefinition = {
  name: 'report-send',
  cron: '* * * * *',
  async handler(ctx) {
    if (!ctx.adapters) throw new Error('report-send needs the mail adapter');
    return sendDueReports({
      db: ctx.db,
      mail: ctx.adapters.mail,
      storage: ctx.adapters.storage,
      log: ctx.log,
      now: ctx.now,
    });
  },
};
