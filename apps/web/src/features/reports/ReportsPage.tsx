import { REPORT_MESSAGES, reportsEndpoints, rolesOf, type TReport } from '@lockerops/contract';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationSelf } from '../../api/organizations';
import { useOrganizationZone } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn, type TableFilter } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { inRoles } from '../../lib/access';
import { formatDateTime } from '../../lib/format';
import {
  REPORTS_ENDPOINT,
  reportsKey,
  useDeleteReport,
  useReportDownload,
  useReportOrganizations,
  ZReportPage,
} from './hooks';
import { ReportFormDialog } from './ReportFormDialog';
import { scheduleText } from './schedule';

/**
 * Columns of the Reporting list (spec console §2: name, contents, assignees, last_sent, schedule)
 * and the per-row downloads.
 */
export function reportColumns(
  download: (r: TReport, format: 'csv' | 'pdf') => void,
  /** the `reports` namespace's translate function */
  t: TFunction,
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>,
  /** the organization's zone: schedules are wall-clock times there */
  zone = 'UTC',
): GridColDef<TReport>[] {
  return [
    { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 160 },
    {
      field: 'download',
      headerName: t('column.download'),
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {(['csv', 'pdf'] as const).map((f) => (
            <Button
              key={f}
              size="small"
              aria-label={t('column.downloadAs', { format: f.toUpperCase(), name: row.name })}
              onClick={(e) => {
                e.stopPropagation();
                download(row, f);
              }}
            >
              {f.toUpperCase()}
            </Button>
          ))}
        </>
      ),
    },
    {
      field: 'contents',
      headerName: t('column.contents'),
      width: 220,
      sortable: false,
      valueGetter: (_v, row) => row.contents.map((c) => label('reportContent', c)).join(', '),
    },
    {
      field: 'assignee',
      headerName: t('column.assignees'),
      width: 180,
      sortable: false,
      valueGetter: (_v, row) => row.assignee.join(', '),
    },
    {
      field: 'schedule',
      headerName: t('column.schedule'),
      width: 280,
      sortable: false,
      valueGetter: (_v, row) => scheduleText(row, zone, t),
    },
    {
      field: 'last_sent',
      headerName: t('column.lastSent'),
      width: 170,
      valueFormatter: (v: string | null) => formatDateTime(v, { empty: '' }),
    },
  ];
}

/**
 * /reporting (spec console §2 Reporting): search, organization filter (super-tenants, through the
 * shell's `target_org`), column chooser, paging, row selection and bulk delete for admins, Create
 * Report and the add/edit dialog, CSV/PDF download per row. Open to every signed-in role; viewers
 * only read and download (spec §6).
 */
export function ReportsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const canWrite = inRoles(user.role, rolesOf(reportsEndpoints.reports.create));
  const [dialog, setDialog] = useState<{ report: TReport | null } | null>(null);
  const download = useReportDownload();
  const { t } = useTranslation('reports');
  const label = useEnumLabel();
  const [deleting, setDeleting] = useState<TReport | null>(null);
  const remove = useDeleteReport();
  const zone = useOrganizationZone();
  // a super-tenant reads the reports of one of its organizations (`target_org`, kept in the URL)
  const superTenant = !!useOrganizationSelf().data?.super_tenant;
  const organizations = useReportOrganizations(superTenant);
  const filters = useMemo<TableFilter[]>(
    () => [
      {
        key: 'target_org',
        kind: 'select',
        label: t('filter.organization'),
        emptyLabel: <em>{t('filter.thisOrganization')}</em>,
        displayEmpty: true,
        options: (organizations.data ?? []).map((o) => ({ value: o.id, label: o.name })),
        hidden: !superTenant,
        minWidth: 220,
      },
    ],
    [superTenant, t, organizations.data],
  );
  const columns = useMemo(
    () => [
      ...reportColumns(download, t, label, zone),
      // delete is an admin's (spec §6 bulk actions; the server answers 403 to others)
      ...(isAdmin ? [rowActionsColumn<TReport>({ onDelete: setDeleting })] : []),
    ],
    [download, t, label, zone, isAdmin],
  );
  return (
    <>
      <PageTitle
        title={t('title')}
        actions={
          canWrite
            ? addAction(translateMessage(REPORT_MESSAGES.createReport), () => setDialog({ report: null }))
            : null
        }
      />
      <DataTable<TReport>
        queryKey={reportsKey}
        endpoint={REPORTS_ENDPOINT}
        schema={ZReportPage}
        columns={columns}
        filterPage="reporting"
        filters={filters}
        canSelect={isAdmin}
        bulkDelete
        onRowClick={canWrite ? (report) => setDialog({ report }) : undefined}
        disableVirtualization={disableVirtualization}
      />
      <ReportFormDialog open={!!dialog} report={dialog?.report ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        destructive
        open={!!deleting}
        // the report's name as the title: the catalogs' ICU arguments are not interpolated yet
        title={deleting?.name}
        message={t('confirm.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
