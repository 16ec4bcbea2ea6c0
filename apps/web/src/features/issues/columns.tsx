import { ISSUE_STATUSES, type TIssue, type TIssueStatus } from '@lockerops/contract';
import { MenuItem, Select } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { Truncated } from '../../components/Truncated';
import { When } from '../../components/When';
import type { TEnumGroup } from '../../i18n/enums';
import { formatDateTime } from '../../lib/format';

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
 * reporter, team member, created (on the wall clock of the issue's location: `zoneOf` its
 * `location_time_zone`, the organization's for an issue of no location; the tooltip names the
 * zone), and the status dropdown
 * saved at once.
 */
export function issueColumns(
  onStatus: (issue: TIssue, status: TIssueStatus) => void,
  t: TFunction,
  label: (group: TEnumGroup, value: string) => string,
  zoneOf: (timeZone: string | null | undefined) => string,
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
      valueFormatter: (v: string, row) =>
        formatDateTime(v, { empty: '', timeZone: zoneOf(row.location_time_zone) }),
      renderCell: ({ value, row }) => (
        <When value={value as string} zone={zoneOf(row.location_time_zone)} empty="" />
      ),
    },
  ];
}
