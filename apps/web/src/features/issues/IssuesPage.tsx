import { ISSUE_MESSAGES, type TIssue } from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceZone } from '../../api/place';
import { rowActionsColumn } from '../../components/DataTable';
import { type ListActions, ListPage } from '../../components/ListPage';
import { useEnumLabel } from '../../i18n/enums';
import { issueColumns } from './columns';
import { ISSUES_ENDPOINT, issuesKey, useIssueStatus, ZIssuePage } from './hooks';
import { IssueFormDialog } from './IssueFormDialog';

/**
 * /issues (spec console §2 Issues list): search, paging, row selection and bulk delete for admins,
 * a status dropdown per row saved at once ('Issue updated successfully!'), the create/edit dialog,
 * a row's delete for admins after a confirmation naming the issue ('Issue deleted successfully!'),
 * CSV export (`issue`). Viewers never reach it (spec §6).
 */
export function IssuesPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const status = useIssueStatus();
  const { t } = useTranslation('issues');
  const label = useEnumLabel();
  const zoneOf = usePlaceZone();
  const objectOf = useCallback((issue: TIssue) => t('confirm.object', { id: issue.issue_id }), [t]);
  const columns = useCallback(
    ({ isAdmin, remove }: ListActions<TIssue>) => [
      ...issueColumns((issue, next) => status.mutate({ id: issue.id, status: next }), t, label, zoneOf),
      // one issue deleted from its row says 'Issue deleted successfully!' (spec console §5)
      ...(isAdmin ? [rowActionsColumn<TIssue>({ onDelete: remove }, objectOf)] : []),
    ],
    [status.mutate, t, label, zoneOf, objectOf],
  );
  return (
    <ListPage<TIssue>
      ns="issues"
      addLabel={t('action.create')}
      endpoint={ISSUES_ENDPOINT}
      queryKey={issuesKey}
      schema={ZIssuePage}
      columns={columns}
      filterPage="issues"
      exportModel="issue"
      deletedMessage={ISSUE_MESSAGES.deleted}
      confirmDelete={(issue) => ({ message: t('confirm.delete'), objectName: objectOf(issue) })}
      dialog={({ row, open, onClose }) => <IssueFormDialog issue={row} open={open} onClose={onClose} />}
      disableVirtualization={disableVirtualization}
    />
  );
}
