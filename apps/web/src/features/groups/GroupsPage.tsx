import type { TGroup } from '@lockerops/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Link, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { DataTable } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { GroupFormDialog } from './GroupFormDialog';
import { GROUPS_ENDPOINT, groupsKey, ZGroupPage } from './hooks';

/**
 * /groups (spec operational §2): Add Group, the groups table (name, users, devices, locations).
 * Admins open a group by its name or the edit action; members see names as plain text and cannot
 * open group edit (§1).
 */
export function GroupsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const isAdmin = useCurrentUser().role === 'admin';
  const [dialog, setDialog] = useState<{ group: TGroup | null } | null>(null);
  const { t } = useTranslation('groups');
  const columns = useMemo<GridColDef<TGroup>[]>(
    () => [
      {
        field: 'name',
        headerName: t('field.name'),
        flex: 1,
        renderCell: ({ row }) =>
          isAdmin ? (
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={() => setDialog({ group: row })}
            >
              {row.name}
            </Link>
          ) : (
            row.name
          ),
      },
      { field: 'users', headerName: t('field.users'), width: 110, sortable: false },
      { field: 'devices', headerName: t('field.devices'), width: 110, sortable: false },
      { field: 'locations', headerName: t('field.locations'), width: 110, sortable: false },
      ...(isAdmin
        ? [
            {
              field: 'actions',
              headerName: t('common:table.action'),
              width: 90,
              sortable: false,
              hideable: false,
              renderCell: ({ row }: { row: TGroup }) => (
                <Tooltip title={t('common:button.edit')}>
                  <IconButton
                    size="small"
                    aria-label={t('editOf', { name: row.name })}
                    onClick={() => setDialog({ group: row })}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              ),
            } satisfies GridColDef<TGroup>,
          ]
        : []),
    ],
    [isAdmin, t],
  );
  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('action.add'), () => setDialog({ group: null }))} />
      <DataTable<TGroup>
        queryKey={groupsKey}
        endpoint={GROUPS_ENDPOINT}
        schema={ZGroupPage}
        columns={columns}
        filterPage="groups"
        canSelect={isAdmin}
        bulkDelete
        exportModel="group"
        disableVirtualization={disableVirtualization}
      />
      <GroupFormDialog open={!!dialog} group={dialog?.group ?? null} onClose={() => setDialog(null)} />
    </>
  );
}
