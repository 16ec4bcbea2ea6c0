import { z } from 'zod';
import { ZListQuery } from './common';

/**
 * Scheduled reports (spec: console §2 Reporting, §3 Report, §4 report recurrence, §5 report rules,
 * §7 report calls, §8 report messages).
 */

/** Texts of the Reporting area; the spec's word for word, then ours where the spec names none. */
export const REPORT_MESSAGES = {
  nameRequired: 'Report name is required',
  created: 'Report created successfully!',
  updated: 'Report updated successfully!',
  deleted: 'Report deleted successfully',
  downloaded: 'Report downloaded successfully',
  /** spec §7 report lookup fallbacks. */
  noUsers: 'No users found',
  internalError: 'An internal error occurred',
  fetching: 'Fetching data...',
  empty: 'No Data to Show',
  createReport: 'Create Report',
  /** Ours: the submit rules of spec §5 said on the server too. */
  notFound: 'Report not found',
  nameMax: 'Report name must be 100 characters long maximum.',
  sendTimeRequired: 'Send time is required',
  sendTimeFormat: 'Send time must be written HH:MM (24-hour).',
  recurrenceRequired: 'Recurrence is required',
  assigneeRequired: 'Choose at least one assignee',
  contentRequired: 'Choose at least one content',
  weekdayRequired: 'Choose the weekday of a weekly or biweekly report',
  whenRequired: 'Choose the start or the end of the month for a monthly or bimonthly report',
  monthInvalid: 'Month must be between 1 and 12',
} as const;

/** Report content options (spec §3). */
export const REPORT_CONTENTS = [
  'earnings',
  'user_growth',
  'system_health',
  'issue_rate',
  'occupancy_rate',
  'transaction_rate',
  'users',
  'top_users',
  'top_locations',
  'active_locks',
] as const;
export const ZReportContent = z.enum(REPORT_CONTENTS);
export type TReportContent = z.infer<typeof ZReportContent>;
export const REPORT_CONTENT_LABELS: Record<TReportContent, string> = {
  earnings: 'Earnings',
  user_growth: 'User Growth',
  system_health: 'System Health',
  issue_rate: 'Issue Rate',
  occupancy_rate: 'Occupancy Rate',
  transaction_rate: 'Transaction Rate',
  users: 'Users',
  top_users: 'Top Users',
  top_locations: 'Top Locations',
  active_locks: 'Active Locks',
};

/** Recurrences (spec §3, §4). */
export const REPORT_RECURRENCES = ['weekly', 'biweekly', 'monthly', 'bimonthly'] as const;
export const ZReportRecurrence = z.enum(REPORT_RECURRENCES);
export type TReportRecurrence = z.infer<typeof ZReportRecurrence>;
export const REPORT_RECURRENCE_LABELS: Record<TReportRecurrence, string> = {
  weekly: 'Weekly',
  biweekly: 'Biweekly',
  monthly: 'Monthly',
  bimonthly: 'Bimonthly',
};
export const isWeekBased = (r: TReportRecurrence): boolean => r === 'weekly' || r === 'biweekly';

/** Months of a bimonthly report's start (1 = January); weekdays are 0 = Monday … 6 = Sunday (spec §3). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const REPORT_WHEN = ['start', 'end'] as const;
export const ZReportWhen = z.enum(REPORT_WHEN);
export type TReportWhen = z.infer<typeof ZReportWhen>;

/** `HH:MM`, 24-hour. */
export const SEND_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A report (spec §3 Report). `weekday` Monday=0…Sunday=6 (weekly, biweekly), `month` 1–12 and
 * `when` start|end (monthly, bimonthly: a bimonthly report is sent in `month` and every other month
 * from it; a monthly one every month), `send_time` HH:MM in UTC. `next_due_at` is the next send
 * (ISO 8601 UTC), `last_sent` the last one, `last_error` the last failed attempt's answer.
 */
export const ZReport = z.object({
  id: z.uuid(),
  name: z.string(),
  contents: z.array(ZReportContent),
  assign_to: z.array(z.uuid()),
  assignee: z.array(z.string()),
  recurrence: ZReportRecurrence,
  weekday: z.number().int().nullable(),
  month: z.number().int().nullable(),
  when: ZReportWhen.nullable(),
  send_time: z.string(),
  include_sub_orgs: z.boolean(),
  last_sent: z.string().nullable(),
  last_error: z.string().nullable(),
  next_due_at: z.string().nullable(),
  created_at: z.string(),
});
export type TReport = z.infer<typeof ZReport>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const intOrUndefined = (v: unknown) => {
  const b = blank(v);
  return typeof b === 'string' && /^\d+$/.test(b) ? Number(b) : b;
};

/**
 * `POST reports` / `PUT reports/{id}` body (spec §7). The recurrence rules of spec §4 hold here:
 * weekly and biweekly clear `month` and `when` (a weekday is needed), monthly and bimonthly clear
 * `weekday` (`when` is needed; `month` defaults to 1). Spec §5: a name ('Report name is required'),
 * a send time, a recurrence, at least one assignee and one content.
 */
export const ZReportCreateRequest = z
  .object({
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: REPORT_MESSAGES.nameRequired })
        .min(1, REPORT_MESSAGES.nameRequired)
        .max(100, REPORT_MESSAGES.nameMax),
    ),
    contents: z
      .array(ZReportContent, { error: REPORT_MESSAGES.contentRequired })
      .min(1, REPORT_MESSAGES.contentRequired)
      .transform((a) => [...new Set(a)]),
    assign_to: z
      .array(z.uuid(), { error: REPORT_MESSAGES.assigneeRequired })
      .min(1, REPORT_MESSAGES.assigneeRequired)
      .max(150)
      .transform((a) => [...new Set(a)]),
    recurrence: z.preprocess(blank, ZReportRecurrence.optional()),
    weekday: z.preprocess(intOrUndefined, z.number().int().min(0).max(6).optional()),
    month: z.preprocess(
      intOrUndefined,
      z.number().int().min(1, REPORT_MESSAGES.monthInvalid).max(12, REPORT_MESSAGES.monthInvalid).optional(),
    ),
    when: z.preprocess(blank, ZReportWhen.optional()),
    send_time: z.preprocess(
      blank,
      z
        .string({ error: REPORT_MESSAGES.sendTimeRequired })
        .regex(SEND_TIME_PATTERN, REPORT_MESSAGES.sendTimeFormat),
    ),
    include_sub_orgs: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.recurrence) {
      ctx.addIssue({ code: 'custom', path: ['recurrence'], message: REPORT_MESSAGES.recurrenceRequired });
      return;
    }
    if (isWeekBased(v.recurrence) && v.weekday === undefined)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: REPORT_MESSAGES.weekdayRequired });
    if (!isWeekBased(v.recurrence) && v.when === undefined)
      ctx.addIssue({ code: 'custom', path: ['when'], message: REPORT_MESSAGES.whenRequired });
  })
  .transform((v) => {
    const recurrence = v.recurrence as TReportRecurrence;
    const week = isWeekBased(recurrence);
    return {
      ...v,
      recurrence,
      weekday: week ? (v.weekday as number) : null,
      month: week ? null : (v.month ?? 1),
      when: week ? null : (v.when as TReportWhen),
    };
  });
export type TReportCreateInput = z.input<typeof ZReportCreateRequest>;
export type TReportCreateRequest = z.output<typeof ZReportCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZReportUpdateRequest = ZReportCreateRequest;

/** `GET reports` and `GET reports/all`: 1-based paging, search (2+ characters) on the name. */
export const ZReportListQuery = ZListQuery.extend({ target_org: z.uuid().optional() });

/**
 * `GET reports/download/{id}`: the file's format (default csv) and the send the file stands for
 * (`due_at`, ISO 8601; default now: the period that ends yesterday).
 */
export const ZReportDownloadQuery = z.object({
  format: z.enum(['csv', 'pdf']).optional().default('csv'),
  due_at: z.iso.datetime({ offset: true }).optional(),
  target_org: z.uuid().optional(),
});
