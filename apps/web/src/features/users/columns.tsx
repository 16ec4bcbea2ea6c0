import type { TUser } from '@lockerops/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Chip, Link, Switch } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { RowAction } from '../../components/DataTable';
import { Truncated } from '../../components/Truncated';
import { formatPhone } from '../../lib/format';

export interface UserColumnActions {
  /** the `users` namespace's translate function */
  t: TFunction;
  isAdmin: boolean;
  /** the organization's country: its phone numbers read nationally, others internationally */
  country?: string;
  onEdit: (user: TUser) => void;
  onToggleActive: (user: TUser) => void;
  onQrCode: (user: TUser) => void;
  onTransactions: (user: TUser) => void;
}

/**
 * Columns of the users table (spec operational §2 Users, §3 User). The name is an edit link for
 * admins and plain text for members (§1); only admins get the activate/deactivate switch.
 */
export function userColumns(a: UserColumnActions): GridColDef<TUser>[] {
  const { t } = a;
  return [
    {
      field: 'name',
      headerName: t('column.firstName'),
      flex: 1,
      minWidth: 130,
      renderCell: ({ row }) =>
        a.isAdmin ? (
          <Link component="button" type="button" onClick={() => a.onEdit(row)} underline="hover">
            {row.name}
          </Link>
        ) : (
          row.name
        ),
    },
    { field: 'last_name', headerName: t('column.lastName'), flex: 1, minWidth: 120 },
    { field: 'email', headerName: t('column.email'), flex: 1.4, minWidth: 180 },
    {
      field: 'phone_number',
      headerName: t('column.phone'),
      minWidth: 150,
      valueFormatter: (v: string | null) => formatPhone(v, a.country),
    },
    { field: 'user_id', headerName: t('column.userId'), minWidth: 110 },
    {
      field: 'address',
      headerName: t('column.address'),
      flex: 1,
      minWidth: 140,
      renderCell: ({ row }) => <Truncated text={row.address} />,
    },
    {
      field: 'groups',
      headerName: t('column.groups'),
      sortable: false,
      minWidth: 140,
      renderCell: ({ row }) =>
        row.groups.map((g) => <Chip key={g.id} label={g.name} size="small" sx={{ mr: 0.5 }} />),
    },
    {
      field: 'active',
      headerName: t('column.active'),
      width: 90,
      renderCell: ({ row }) =>
        a.isAdmin ? (
          <Switch
            size="small"
            checked={row.active}
            onChange={() => a.onToggleActive(row)}
            slotProps={{
              input: {
                'aria-label': t(row.active ? 'column.deactivateName' : 'column.activateName', {
                  name: row.name,
                }),
              },
            }}
          />
        ) : row.active ? (
          t('column.active')
        ) : (
          t('column.inactive')
        ),
    },
    {
      field: 'actions',
      headerName: t('common:table.action'),
      width: 140,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <>
          <RowAction
            title={t('common:button.edit')}
            label={t('column.editName', { name: row.name })}
            Icon={EditOutlined}
            onClick={() => a.onEdit(row)}
          />
          <RowAction
            title={t('column.qrCode')}
            label={t('column.qrCodeOf', { name: row.name })}
            Icon={QrCode2Outlined}
            onClick={() => a.onQrCode(row)}
          />
          <RowAction
            title={t('column.transactions')}
            label={t('column.transactionsOf', { name: row.name })}
            Icon={ReceiptLongOutlined}
            onClick={() => a.onTransactions(row)}
          />
        </>
      ),
    },
  ];
}
