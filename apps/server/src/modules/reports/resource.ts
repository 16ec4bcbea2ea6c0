import {
  endpoints,
  MAX_PAGE_SIZE,
  REPORT_MESSAGES,
  type TPage,
  type TReport,
  type TReportCreateRequest,
  ZReport,
  ZReportCreateRequest,
  ZReportUpdateRequest,
} from '@lockerops/contract';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { TxAuth, TxOrg } from '../../auth/context';
import { reports } from '../../db/schema';
import { likePattern, pageOf, pageOffset } from '../../lib/crud/paging';
import { findOr404, type Resource } from '../../lib/crud/resource';
import { wireColumns } from '../../lib/wire';
import { organizationTimeZone } from '../dashboard';
import { assertAssignees, type ReportRow, reportsToWire, reportValues } from './service';

/**
 * The Reporting area (spec: console §2 Reporting, §3 Report, §4 recurrence, §5 report rules, §7
 * report calls): `GET reports` (paged, search on the name), `POST reports`, `PUT reports/{id}`,
 * `DELETE reports` (ids). Assignees must be team members of the organization (else 404 'No users
 * found'); the recurrence rules are in the contract's request schema. Every role reads; admins and
 * members write; bulk delete is for admins (spec §6: bulk actions are admin's), a single delete
 * for members too.
 */
export const reportsResource: Resource<TReport, typeof ZReportCreateRequest, typeof ZReportUpdateRequest> = {
  entity: 'report',
  path: 'reports',
  api: endpoints.reports,
  model: 'report',
  tag: 'Reports',
  table: reports,
  item: ZReport,
  create: ZReportCreateRequest,
  update: ZReportUpdateRequest,
  search: [reports.name],
  sort: wireColumns(reports, ['name', 'recurrence', 'last_sent', 'next_due_at', 'created_at']),
  defaultSort: { by: 'created_at', order: 'desc' },
  toWire: (rows, tx) => reportsToWire(rows as unknown as ReportRow[], tx),
  async toValues(input, { tx, auth }) {
    const body = input as TReportCreateRequest;
    await assertAssignees({ tx, organizationId: auth.organizationId, ids: body.assign_to });
    const zone = await organizationTimeZone({ tx, organizationId: auth.organizationId });
    return { ...reportValues(body, new Date(), zone), lastError: null };
  },
  csv: {
    headers: ['name', 'contents', 'recurrence', 'weekday', 'month', 'when', 'send_time', 'last_sent'],
  },
  messages: {
    created: REPORT_MESSAGES.created,
    updated: REPORT_MESSAGES.updated,
    deleted: REPORT_MESSAGES.deleted,
  },
};

/**
 * The reports of the organization, newest first, paged (1-based, at most `MAX_PAGE_SIZE`);
 * `search` (2+ characters) matches the name. Throws only the database's errors. spec: console §2
 * Reporting, §7 `GET reports/all`.
 */
export async function listReports({
  tx,
  organizationId,
  q,
}: TxOrg<{ q: { search?: string; page: number; size: number } }>): Promise<TPage<TReport>> {
  const s = q.search?.trim();
  const search = s && s.length >= 2 ? ilike(reports.name, likePattern(s)) : undefined;
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(reports)
    .where(and(eq(reports.organizationId, organizationId), search))) as [{ total: number }];
  const size = Math.min(q.size, MAX_PAGE_SIZE);
  const rows = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.organizationId, organizationId), search))
    .orderBy(desc(reports.createdAt), sql`${reports.id}`)
    .limit(size)
    .offset(pageOffset(q.page, size));
  return pageOf(await reportsToWire(rows as ReportRow[], tx), total, q.page, size);
}

/**
 * One report of the organization. 404 (`NotFound`, 'Report not found') for a missing id or
 * another organization's. spec: console §7 `GET reports/download/{id}`.
 */
export async function findReportOr404({ tx, auth, id }: TxAuth<{ id: string }>): Promise<ReportRow> {
  return (await findOr404({
    tx,
    table: reports,
    auth,
    id,
    what: REPORT_MESSAGES.notFound,
  })) as unknown as ReportRow;
}
