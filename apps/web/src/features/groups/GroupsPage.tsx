import type { TGroup } from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
import { groupColumns } from './columns';
import { GroupFormDialog } from './GroupFormDialog';
import { GROUPS_ENDPOINT, groupsKey, ZGroupPage } from './hooks';

/**
 * /groups (spec operational §2): Add Group, the groups table (name, users, devices, locations).
 * Admins open a group by its name or the edit action; members see names as plain text and cannot
 * open group edit (§1).
 */
export function GroupsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('groups');
  const columns = useCallback((a: ListActions<TGroup>) => groupColumns(t, a), [t]);
  return (
    <ListPage<TGroup>
      ns="groups"
      addLabel={t('action.add')}
      endpoint={GROUPS_ENDPOINT}
      queryKey={groupsKey}
      schema={ZGroupPage}
      columns={columns}
      filterPage="groups"
      exportModel="group"
      rowClick="none"
      dialog={({ row, open, onClose }) => <GroupFormDialog group={row} open={open} onClose={onClose} />}
      disableVirtualization={disableVirtualization}
    />
  );
}
