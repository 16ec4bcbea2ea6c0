import {
  ADMINS,
  endpoints,
  REPORT_MESSAGES,
  type TReport,
  type TReportCreateRequest,
  ZReport,
  ZReportCreateRequest,
  ZReportUpdateRequest,
} from '@lockerops/contract';
import { reports } from '../../db/schema';
import type { Resource } from '../../lib/crud/resource';
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
  sort: {
    name: reports.name,
    recurrence: reports.recurrence,
    last_sent: reports.lastSent,
    next_due_at: reports.nextDueAt,
    created_at: reports.createdAt,
  },
  defaultSort: { by: 'created_at', order: 'desc' },
  toWire: (rows, tx) => reportsToWire(rows as unknown as ReportRow[], tx),
  async toValues(input, { tx, auth }) {
    const body = input as TReportCreateRequest;
    await assertAssignees(tx, auth.organizationId, body.assign_to);
    return { ...reportValues(body, new Date()), lastError: null };
  },
  csv: {
    headers: ['name', 'contents', 'recurrence', 'weekday', 'month', 'when', 'send_time', 'last_sent'],
  },
  // bulk delete, like row selection, is the admin's (console §6); the console offers it to admins only
  roles: { delete: ADMINS, upload: ADMINS, export: ADMINS },
  messages: {
    created: REPORT_MESSAGES.created,
    updated: REPORT_MESSAGES.updated,
    deleted: REPORT_MESSAGES.deleted,
  },
};
