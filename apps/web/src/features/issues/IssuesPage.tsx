import { ISSUE_MESSAGES, ISSUE_STATUSES, type TIssue, type TIssueStatus } from '@lockerops/contract';
import { MenuItem, Select } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationZones } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { useDeleteOne } from '../../api/useDeleteOne';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { Truncated } from '../../components/Truncated';
import { When } from '../../components/When';
import { type TEnumGroup, useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { ISSUES_ENDPOINT, issuesKey, useIssueStatus, ZIssuePage } from './hooks';
import { IssueFormDialog } from './IssueFormDialog';

/** The server's own reporters of the issues it raises (source `lock`), by their stored names. */
const SYSTEM_REPORTERS: Record<string, string> = { 'Fleet health': 'fleetHealth', Locks: 'locks' };

/** Who reported an issue: a person's name as stored, or the system's reporter in the reader's language. */
function reporterOf(issue: TIssue, t: TFunction): string {
  const system =
    issue.source === 'lock' && issue.reporter_user_name && SYSTEM_REPORTERS[issue.reporter_user_name];
  return system ? t(`issues:reporter.${system}`) : (issue.reporter_user_name ?? '');
}

/**
 * Columns of the Issues list (spec console §2, §3 Issue): issue id, order, description, user,
 * reporter, team member, created (on the wall clock of the issue's location: `zoneOf`, the
 * organization's for an issue of no location; the tooltip names the zone), and the status dropdown
 * saved at once.
 */
export function issueColumns(
  onStatus: (issue: TIssue, status: TIssueStatus) => void,
  t: TFunction,
  label: (group: TEnumGroup, value: string) => string,
  zoneOf: (idLocation: string | null | undefined) => string,
): GridColDef<TIssue>[] {
  return [
    { field: 'issue_id', headerName: t('issues:field.issueId'), width: 110 },
    { field: 'invoice_id', headerName: t('issues:field.orderNo'), width: 130 },
    {
      field: 'status',
      headerName: t('issues:field.status'),
      width: 160,
      renderCell: ({ row }) => (
        <Select
          size="small"
          value={row.status}
          inputProps={{ 'aria-label': t('issues:statusOf', { id: row.issue_id }) }}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => onStatus(row, e.target.value as TIssueStatus)}
          sx={{ minWidth: 140 }}
        >
          {ISSUE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {label('issueStatus', s)}
            </MenuItem>
          ))}
        </Select>
      ),
    },
    {
      field: 'description',
      headerName: t('issues:field.description'),
      flex: 1,
      minWidth: 200,
      sortable: false,
      // cut to 25 characters, the whole text in a tooltip (spec console §9)
      renderCell: ({ row }) => <Truncated text={row.description} />,
    },
    {
      field: 'user',
      headerName: t('issues:field.user'),
      width: 160,
      sortable: false,
      valueGetter: (_v, row) => row.user?.name ?? '',
    },
    {
      field: 'reporter_user_name',
      headerName: t('issues:field.reporter'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => reporterOf(row, t),
    },
    {
      field: 'team_member',
      headerName: t('issues:field.teamMember'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => row.team_member?.name ?? '',
    },
    {
      field: 'created_at',
      headerName: t('issues:field.created'),
      width: 170,
      valueFormatter: (v: string, row) => formatDateTime(v, { empty: '', timeZone: zoneOf(row.id_location) }),
      renderCell: ({ value, row }) => (
        <When value={value as string} zone={zoneOf(row.id_location)} empty="" />
      ),
    },
  ];
}

/**
 * /issues (spec console §2 Issues list): search, paging, row selection and bulk delete for admins,
 * a status dropdown per row saved at once ('Issue updated successfully!'), the create/edit dialog,
 * a row's delete for admins after a confirmation naming the issue ('Issue deleted successfully!'),
 * CSV export (`issue`). Viewers never reach it (spec §6).
 */
export function IssuesPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ issue: TIssue | null } | null>(null);
  const status = useIssueStatus();
  const { t } = useTranslation('issues');
  const label = useEnumLabel();
  const zoneOf = useLocationZones();
  const [deleting, setDeleting] = useState<TIssue | null>(null);
  const remove = useDeleteOne(ISSUES_ENDPOINT.remove, issuesKey, translateMessage(ISSUE_MESSAGES.deleted));
  const columns = useMemo(
    () => [
      ...issueColumns((issue, next) => status.mutate({ id: issue.id, status: next }), t, label, zoneOf),
      // one issue deleted from its row says 'Issue deleted successfully!' (spec console §5)
      ...(isAdmin
        ? [
            rowActionsColumn<TIssue>({ onDelete: setDeleting }, (issue) =>
              t('confirm.object', { id: issue.issue_id }),
            ),
          ]
        : []),
    ],
    [status.mutate, t, label, zoneOf, isAdmin],
  );
  return (
    <>
      <PageTitle
        title={t('title')}
        actions={addAction(t('action.create'), () => setDialog({ issue: null }))}
      />
      <DataTable<TIssue>
        queryKey={issuesKey}
        endpoint={ISSUES_ENDPOINT}
        schema={ZIssuePage}
        columns={columns}
        filterPage="issues"
        canSelect={isAdmin}
        bulkDelete
        exportModel="issue"
        onRowClick={(issue) => setDialog({ issue })}
        disableVirtualization={disableVirtualization}
      />
      <IssueFormDialog open={!!dialog} issue={dialog?.issue ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        destructive
        open={!!deleting}
        message={t('confirm.delete')}
        objectName={deleting ? t('confirm.object', { id: deleting.issue_id }) : undefined}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
