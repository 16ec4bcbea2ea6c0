import type { TProductGroup } from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { imageColumn, RowAction } from '../../components/DataTable';
import type { ListActions } from '../../components/ListPage';
import type { useEnumLabel } from '../../i18n/enums';

/** Columns of the product groups table (spec operational §3 Product group). */
export function productGroupColumns(
  /** the `product-groups` namespace's translate function */
  t: TFunction,
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>,
  opts: ListActions<TProductGroup>,
): GridColDef<TProductGroup>[] {
  return [
    imageColumn<TProductGroup>(t('column.image')),
    { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 160 },
    {
      field: 'one_to_one',
      headerName: t('column.returnPolicy'),
      width: 200,
      sortable: false,
      valueGetter: (_v, row) => label('returnPolicy', row.one_to_one ? 'same' : 'any'),
    },
    {
      field: 'size',
      headerName: t('column.lockerSize'),
      width: 120,
      sortable: false,
      valueGetter: (_v, row) => row.size?.name ?? '',
    },
    {
      field: 'products',
      headerName: t('column.products'),
      width: 100,
      sortable: false,
      valueGetter: (_v, row) => row.products.length,
    },
    { field: 'charging_time', headerName: t('column.chargingTime'), width: 130 },
    {
      field: 'auto_repair',
      headerName: t('column.autoRepair'),
      width: 110,
      valueGetter: (_v, row) => (row.auto_repair ? t('column.yes') : t('column.no')),
    },
    { field: 'transaction_number', headerName: t('column.transactions'), width: 120 },
    { field: 'total_inventory', headerName: t('column.totalInventory'), width: 130 },
    {
      field: 'actions',
      headerName: t('common:table.action'),
      width: 100,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) =>
        opts.isAdmin ? (
          <>
            <RowAction
              title={t('common:button.edit')}
              label={t('column.editName', { name: row.name })}
              Icon={EditOutlined}
              onClick={() => opts.edit(row)}
            />
            <RowAction
              title={t('common:button.delete')}
              label={t('column.deleteName', { name: row.name })}
              Icon={DeleteOutlined}
              onClick={() => opts.remove(row)}
            />
          </>
        ) : null,
    },
  ];
}
