import type { TUser } from '@lockerops/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Chip, IconButton, Link, Switch, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';

export interface UserColumnActions {
  isAdmin: boolean;
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
  return [
    {
      field: 'name',
      headerName: 'First Name',
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
    { field: 'last_name', headerName: 'Last Name', flex: 1, minWidth: 120 },
    { field: 'email', headerName: 'Email', flex: 1.4, minWidth: 180 },
    { field: 'phone_number', headerName: 'Phone Number', minWidth: 140 },
    { field: 'user_id', headerName: 'User ID', minWidth: 110 },
    { field: 'address', headerName: 'Address', flex: 1, minWidth: 140 },
    {
      field: 'groups',
      headerName: 'Groups',
      sortable: false,
      minWidth: 140,
      renderCell: ({ row }) =>
        row.groups.map((g) => <Chip key={g.id} label={g.name} size="small" sx={{ mr: 0.5 }} />),
    },
    {
      field: 'active',
      headerName: 'Active',
      width: 90,
      renderCell: ({ row }) =>
        a.isAdmin ? (
          <Switch
            size="small"
            checked={row.active}
            onChange={() => a.onToggleActive(row)}
            slotProps={{ input: { 'aria-label': `${row.active ? 'Deactivate' : 'Activate'} ${row.name}` } }}
          />
        ) : row.active ? (
          'Active'
        ) : (
          'Inactive'
        ),
    },
    {
      field: 'actions',
      headerName: 'Action',
      width: 140,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => a.onEdit(row)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="QR Code">
            <IconButton size="small" aria-label={`QR code of ${row.name}`} onClick={() => a.onQrCode(row)}>
              <QrCode2Outlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Transactions">
            <IconButton
              size="small"
              aria-label={`Transactions of ${row.name}`}
              onClick={() => a.onTransactions(row)}
            >
              <ReceiptLongOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];
}
