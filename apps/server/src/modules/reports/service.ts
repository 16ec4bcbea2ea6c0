import {
  isLanguage,
  negotiateLanguage,
  REPORT_MESSAGES,
  type TLanguage,
  type TReport,
  type TReportCreateRequest,
  ZReport,
} from '@lockerops/contract';
import type { DbOrTx } from '../../db/client';
import { NotFound } from '../../errors';
import { wireOf } from '../../lib/wire';
import { assigneeLanguage, memberRowsOf, type ReportRow, reportsOf, setNextDue } from './queries';
import { firstDue, type Schedule } from './service/schedule';

export type { ReportRow } from './queries';

/**
 * The language of a downloaded report: the saved language of the member asking, else
 * the request's Accept-Language (as `GET members/self`), else English. `db` is the owner handle:
 * the member belongs to its home organization, which a `target_org` download does not act for.
 */
export async function downloadLanguage({
  db,
  who,
  acceptLanguage,
}: {
  db: DbOrTx;
  who: { homeOrganizationId: string; memberId?: string };
  acceptLanguage: string | undefined;
}): Promise<TLanguage> {
  const saved = await assigneeLanguage({
    db,
    organizationId: who.homeOrganizationId,
    memberId: who.memberId ?? null,
  });
  return isLanguage(saved) ? saved : negotiateLanguage(acceptLanguage);
}

/** A member's display name: name, else first and last name, else e-mail. */
export const memberName = (m: {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string => m.name ?? ([m.firstName, m.lastName].filter(Boolean).join(' ') || m.email);

/** The team members of `organizationId` among `ids` (id, e-mail, display name). */
export async function membersOf({
  tx,
  organizationId,
  ids,
}: {
  tx: DbOrTx;
  organizationId: string;
  ids: readonly string[];
}) {
  const rows = await memberRowsOf({ tx, organizationId, ids });
  return rows.map((m) => ({ id: m.id, email: m.email, enabled: m.enabled, name: memberName(m) }));
}

/** 404 'No users found' (spec §7 report lookup fallback) unless every id is a member of the organization. */
export async function assertAssignees({
  tx,
  organizationId,
  ids,
}: {
  tx: DbOrTx;
  organizationId: string;
  ids: readonly string[];
}) {
  const found = await membersOf({ tx, organizationId, ids });
  if (found.length !== new Set(ids).size) throw NotFound(REPORT_MESSAGES.noUsers);
}

/** The schedule part of a row, read in `timeZone` (the organization's IANA zone). */
export const scheduleOf = (
  r: Pick<ReportRow, 'recurrence' | 'weekday' | 'month' | 'when' | 'sendTime'>,
  timeZone: string,
): Schedule => ({
  recurrence: r.recurrence,
  weekday: r.weekday,
  month: r.month,
  when: r.when,
  sendTime: r.sendTime,
  timeZone,
});

/**
 * Column values of a validated create/update body; `next_due_at` is the first send after `now`,
 * weekday and `send_time` read on the wall clock of `timeZone` (the organization's zone).
 */
export function reportValues(input: TReportCreateRequest, now: Date, timeZone: string) {
  const values = {
    name: input.name,
    contents: input.contents,
    assignTo: input.assign_to,
    recurrence: input.recurrence,
    weekday: input.weekday,
    month: input.month,
    when: input.when,
    sendTime: input.send_time,
    includeSubOrgs: input.include_sub_orgs,
  };
  return { ...values, nextDueAt: firstDue(scheduleOf(values, timeZone), now) };
}

/** The wire shape of report rows (one query for every assignee name). */
export async function reportsToWire(rows: ReportRow[], tx: DbOrTx): Promise<TReport[]> {
  const byOrg = new Map<string, Set<string>>();
  for (const r of rows) {
    const s = byOrg.get(r.organizationId) ?? new Set<string>();
    for (const id of r.assignTo) s.add(id);
    byOrg.set(r.organizationId, s);
  }
  const names = new Map<string, string>();
  for (const [org, ids] of byOrg)
    for (const m of await membersOf({ tx, organizationId: org, ids: [...ids] })) names.set(m.id, m.name);
  return rows.map((r) =>
    wireOf(ZReport, r, { assignee: r.assignTo.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])) }),
  );
}

/**
 * Moves every report of the organization to its first send after `now` read in `timeZone` (after
 * the organization's zone changed: the weekday and `send_time` are wall-clock times of the new zone).
 * Answers how many reports were rescheduled. In the caller's transaction.
 */
export async function rescheduleReports({
  tx,
  organizationId,
  timeZone,
  now,
}: {
  tx: DbOrTx;
  organizationId: string;
  timeZone: string;
  now: Date;
}): Promise<number> {
  const rows = await reportsOf({ tx, organizationId });
  for (const r of rows)
    await setNextDue({ tx, organizationId, id: r.id, nextDueAt: firstDue(scheduleOf(r, timeZone), now) });
  return rows.length;
}
