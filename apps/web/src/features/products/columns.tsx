import type { TProduct } from '@lockerops/contract';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { rowActionsColumn } from '../../components/DataTable';
import { formatMoney } from '../../lib/format';

export interface ProductColumnOptions {
  /** admins edit and delete; members see names as plain text and may only clone (spec operational §1) */
  isAdmin: boolean;
  currency?: string | null;
  onEdit: (product: TProduct) => void;
  onClone: (product: TProduct) => void;
  onDelete: (product: TProduct) => void;
}

const money = (
  field: 'price' | 'sales_price' | 'msrp',
  headerName: string,
  currency: string | null | undefined,
): GridColDef<TProduct> => ({
  field,
  headerName,
  width: 110,
  valueFormatter: (v: number | null) => formatMoney(v, currency, { empty: '' }),
});

/**
 * Columns of the Inventory table (spec operational §2 Products, §3 Product): image, name, serial
 * number, SKU, cost, sale price, MSRP, product group, condition, device, action (clone; edit and
 * delete for admins). The select column is the grid's checkbox column.
 */
export function productColumns({ isAdmin, currency, onEdit, onClone, onDelete }: ProductColumnOptions) {
  const columns: GridColDef<TProduct>[] = [
    {
      field: 'image',
      headerName: 'Image',
      width: 80,
      sortable: false,
      renderCell: ({ row }) =>
        row.image ? (
          <img
            src={row.image}
            alt={row.name}
            loading="lazy"
            width={40}
            height={25}
            style={{ objectFit: 'cover', verticalAlign: 'middle' }}
          />
        ) : (
          <ImageOutlined color="disabled" fontSize="small" sx={{ verticalAlign: 'middle' }} />
        ),
    },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    { field: 'serial_number', headerName: 'Serial Number', width: 140 },
    { field: 'sku', headerName: 'SKU', width: 110 },
    money('price', 'Cost', currency),
    money('sales_price', 'Sale Price', currency),
    money('msrp', 'MSRP', currency),
    {
      field: 'product_group',
      headerName: 'Product Group',
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => row.product_group?.name ?? '',
    },
    {
      field: 'condition',
      headerName: 'Condition',
      width: 130,
      sortable: false,
      valueGetter: (_v, row) => row.condition?.name ?? '',
    },
    {
      field: 'devices',
      headerName: 'Device',
      width: 170,
      sortable: false,
      valueGetter: (_v, row) =>
        row.devices.map((d) => `${d.location_name ?? ''} #${d.locker_number}`.trim()).join(', '),
    },
    rowActionsColumn<TProduct>({ onClone, ...(isAdmin ? { onEdit, onDelete } : {}) }),
  ];
  return columns;
}
