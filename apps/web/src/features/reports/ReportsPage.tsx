import { REPORT_MESSAGES, reportsEndpoints, rolesOf, type TReport } from '@lockerops/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationSelf } from '../../api/organizations';
import { useOrganizationZone } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { rowActionsColumn } from '../../components/DataTable';
import { type ListActions, ListPage } from '../../components/ListPage';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { inRoles } from '../../lib/access';
import { reportColumns } from './columns';
import { reportFilters } from './filters';
import { REPORTS_ENDPOINT, reportsKey, useReportDownload, ZReportPage } from './hooks';
import { ReportFormDialog } from './ReportFormDialog';

/**
 * /reporting (spec console §2 Reporting): search, organization filter (super-tenants, through the
 * shell's `target_org`), column chooser, paging, row selection and bulk delete for admins, Create
 * Report and the add/edit dialog, CSV/PDF download per row. Open to every signed-in role; viewers
 * only read and download (spec §6).
 */
export function ReportsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const user = useCurrentUser();
  const canWrite = inRoles(user.role, rolesOf(reportsEndpoints.reports.create));
  const download = useReportDownload();
  const { t } = useTranslation('reports');
  const label = useEnumLabel();
  const zone = useOrganizationZone();
  // a super-tenant reads the reports of one of its organizations (`target_org`, kept in the URL)
  const superTenant = !!useOrganizationSelf().data?.super_tenant;
  const filters = useMemo(() => reportFilters(t, superTenant), [superTenant, t]);
  const columns = useCallback(
    ({ isAdmin, remove }: ListActions<TReport>) => [
      ...reportColumns(download, t, label, zone),
      // delete is an admin's (spec §6 bulk actions; the server answers 403 to others)
      ...(isAdmin ? [rowActionsColumn<TReport>({ onDelete: remove })] : []),
    ],
    [download, t, label, zone],
  );
  return (
    <ListPage<TReport>
      ns="reports"
      canAdd={canWrite}
      addLabel={translateMessage(REPORT_MESSAGES.createReport)}
      endpoint={REPORTS_ENDPOINT}
      queryKey={reportsKey}
      schema={ZReportPage}
      columns={columns}
      filterPage="reporting"
      filters={filters}
      deletedMessage={REPORT_MESSAGES.deleted}
      // the report's name as the title: the catalogs' ICU arguments are not interpolated yet
      confirmDelete={(report) => ({ title: report.name, message: t('confirm.delete') })}
      rowClick={canWrite ? 'all' : 'none'}
      dialog={({ row, open, onClose }) => <ReportFormDialog report={row} open={open} onClose={onClose} />}
      disableVirtualization={disableVirtualization}
    />
  );
}
