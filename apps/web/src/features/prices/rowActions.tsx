import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Tooltip } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** The Action column (edit, delete) shared by the pricing tables. */
export function actionColumn<R extends GridValidRowModel & { name: string }>(
  onEdit: (row: R) => void,
  onDelete: (row: R) => void,
): GridColDef<R> {
  return {
    field: 'actions',
    headerName: 'Action',
    width: 110,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => (
      <>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => onEdit(row)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${row.name}`} onClick={() => onDelete(row)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    ),
  };
}

/** Money as the console shows it: symbol and two decimals. */
export const formatMoney = (amount: number, symbol: string) => `${symbol}${amount.toFixed(2)}`;
