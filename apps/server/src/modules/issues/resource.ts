import {
  endpoints,
  ISSUE_CSV_HEADERS,
  ISSUE_MESSAGES,
  type TIssue,
  ZIssue,
  ZIssueCreateRequest,
  ZIssueListQuery,
  ZIssueUpdateRequest,
} from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import type { TxAuth } from '../../auth/context';
import { issues } from '../../db/schema';
import { type Resource, updateLockedOne } from '../../lib/crud/resource';
import { wireColumns } from '../../lib/wire';
import { assertIssueRefs, type IssueRow, issuesToWire, reporterOf, resolveIssueEvent } from './service';

/**
 * The Issues area (spec: console §2 Issues list, §3 Issue, §5 issue rules, §7 Issues; operational
 * CSV export model `issue`). Multipart bodies and their images are turned into this JSON shape by
 * routes.ts before validation; the status PATCH is in routes.ts too. Viewers are kept out (spec:
 * console §6).
 */
export const issuesResource: Resource<
  TIssue,
  typeof ZIssueCreateRequest,
  typeof ZIssueUpdateRequest,
  typeof ZIssueListQuery
> = {
  entity: 'issue',
  path: 'issues',
  api: endpoints.issues,
  model: 'issue',
  tag: 'Issues',
  table: issues,
  item: ZIssue,
  create: ZIssueCreateRequest,
  update: ZIssueUpdateRequest,
  query: ZIssueListQuery,
  filters: (q) => [
    q.status ? eq(issues.status, q.status) : undefined,
    q.id_location ? eq(issues.idLocation, q.id_location) : undefined,
  ],
  search: [issues.description, issues.invoiceId, issues.reporterName, issues.reporterEmail, issues.number],
  sort: {
    ...wireColumns(issues, ['created_at', 'status']),
    issue_id: issues.number,
    invoice_id: issues.invoiceId,
  },
  defaultSort: { by: 'created_at', order: 'desc' },
  toWire: (rows, tx) => issuesToWire(rows as unknown as IssueRow[], tx),
  async toValues(input, { tx, auth, existing }) {
    const prev = existing as unknown as IssueRow | undefined;
    const changesEvent = !prev || (input.invoice_id !== undefined && input.invoice_id !== prev.invoiceId);
    const event = changesEvent
      ? await resolveIssueEvent({
          tx,
          auth,
          ref: {
            transactionId: prev ? undefined : input.id_event,
            invoiceId: input.invoice_id,
          },
        })
      : undefined;
    await assertIssueRefs({ tx, auth, input });
    return {
      description: input.description,
      ...(input.status ? { status: input.status } : {}),
      ...(input.pictures !== undefined || !prev ? { pictures: input.pictures ?? [] } : {}),
      ...(event ? { transactionId: event.id, invoiceId: event.invoiceId, idLocation: event.idLocation } : {}),
      idUser: input.id_user ?? (prev ? prev.idUser : (event?.idUser ?? null)),
      teamMemberId: input.team_member_id ?? null,
      ...(prev ? {} : await reporterOf({ tx, auth })),
    };
  },
  csv: {
    headers: ISSUE_CSV_HEADERS,
    toRecord: (i) => ({
      issue_id: i.issue_id,
      status: i.status,
      description: i.description,
      invoice_id: i.invoice_id,
      user_name: i.user?.name,
      user_email: i.user?.email,
      reporter_user_name: i.reporter_user_name,
      team_member: i.team_member?.name,
      source: i.source,
      created_at: i.created_at,
    }),
  },
  messages: {
    created: ISSUE_MESSAGES.created,
    updated: ISSUE_MESSAGES.updated,
    deleted: ISSUE_MESSAGES.deleted,
  },
};

/**
 * Sets the status of one issue (pending, in_progress or resolved), under a row lock, with its
 * history entry; returns the issue's wire shape. 404 (`NotFound`) for a missing id or another
 * organization's. spec: console §4 issue status, §7 `PATCH issues/{id}`.
 */
export async function setIssueStatus({
  tx,
  auth,
  id,
  status,
}: TxAuth<{ id: string; status: IssueRow['status'] }>): Promise<TIssue> {
  const after = await updateLockedOne({ tx, auth, table: issues, entity: 'issue', id, values: { status } });
  return (await issuesToWire([after as unknown as IssueRow], tx))[0]!;
}
