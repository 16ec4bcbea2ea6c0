import type { TGroup } from '@lockerops/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Link, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { ListActions } from '../../components/ListPage';

/**
 * Columns of the groups table (spec operational §2): name, users, devices, locations. Admins open a
 * group by its name or the edit action; members see names as plain text (§1).
 */
export function groupColumns(
  /** the `groups` namespace's translate function */
  t: TFunction,
  { isAdmin, edit }: ListActions<TGroup>,
): GridColDef<TGroup>[] {
  return [
    {
      field: 'name',
      headerName: t('field.name'),
      flex: 1,
      renderCell: ({ row }) =>
        isAdmin ? (
          <Link component="button" type="button" underline="hover" onClick={() => edit(row)}>
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
                  onClick={() => edit(row)}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
          } satisfies GridColDef<TGroup>,
        ]
      : []),
  ];
}
