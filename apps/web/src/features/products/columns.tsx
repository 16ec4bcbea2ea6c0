import type { TProduct } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { imageColumn, rowActionsColumn } from '../../components/DataTable';
import { formatMoney } from '../../lib/format';

export interface ProductColumnOptions {
  /** the `products` namespace's translate function */
  t: TFunction;
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
export function productColumns({ t, isAdmin, currency, onEdit, onClone, onDelete }: ProductColumnOptions) {
  const columns: GridColDef<TProduct>[] = [
    imageColumn<TProduct>(t('field.image')),
    { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 160 },
    { field: 'serial_number', headerName: t('field.serialNumber'), width: 140 },
    { field: 'sku', headerName: t('field.sku'), width: 110 },
    money('price', t('field.cost'), currency),
    money('sales_price', t('field.salePrice'), currency),
    money('msrp', t('field.msrp'), currency),
    {
      field: 'product_group',
      headerName: t('field.productGroup'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => row.product_group?.name ?? '',
    },
    {
      field: 'condition',
      headerName: t('field.condition'),
      width: 130,
      sortable: false,
      valueGetter: (_v, row) => row.condition?.name ?? '',
    },
    {
      field: 'devices',
      headerName: t('field.device'),
      width: 170,
      sortable: false,
      valueGetter: (_v, row) =>
        row.devices.map((d) => `${d.location_name ?? ''} #${d.locker_number}`.trim()).join(', '),
    },
    rowActionsColumn<TProduct>({ onClone, ...(isAdmin ? { onEdit, onDelete } : {}) }),
  ];
  return columns;
}
