import type { TProductGroup } from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, imageColumn } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { PRODUCT_GROUPS_ENDPOINT, productGroupsKey, useDeleteProductGroup, ZProductGroupPage } from './hooks';
import { ProductGroupFormDialog } from './ProductGroupFormDialog';

/** Columns of the product groups table (spec operational §3 Product group). */
export function productGroupColumns(opts: {
  /** the `product-groups` namespace's translate function */
  t: TFunction;
  /** enum labels in the console's language */
  label: ReturnType<typeof useEnumLabel>;
  isAdmin: boolean;
  onEdit: (g: TProductGroup) => void;
  onDelete: (g: TProductGroup) => void;
}): GridColDef<TProductGroup>[] {
  const { t, label } = opts;
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
            <Tooltip title={t('common:button.edit')}>
              <IconButton
                size="small"
                aria-label={t('column.editName', { name: row.name })}
                onClick={() => opts.onEdit(row)}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common:button.delete')}>
              <IconButton
                size="small"
                aria-label={t('column.deleteName', { name: row.name })}
                onClick={() => opts.onDelete(row)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : null,
    },
  ];
}

/**
 * /product-groups (spec operational §2 Products and product groups): Add Product Group, the list with
 * create/edit (multipart) and delete; admins select rows, bulk delete and export. A member adds
 * groups but cannot open one's edit (spec operational §1: what a role cannot do, it does not see).
 */
export function ProductGroupsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('product-groups');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ group: TProductGroup | null } | null>(null);
  const [deleting, setDeleting] = useState<TProductGroup | null>(null);
  const remove = useDeleteProductGroup();
  const columns = useMemo(
    () =>
      productGroupColumns({
        t,
        label,
        isAdmin,
        onEdit: (group) => setDialog({ group }),
        onDelete: setDeleting,
      }),
    [t, label, isAdmin],
  );
  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), () => setDialog({ group: null }))} />
      <DataTable<TProductGroup>
        queryKey={productGroupsKey}
        endpoint={PRODUCT_GROUPS_ENDPOINT}
        schema={ZProductGroupPage}
        columns={columns}
        filterPage="product-groups"
        canSelect={isAdmin}
        bulkDelete
        exportModel="product-group"
        onRowClick={isAdmin ? (group) => setDialog({ group }) : undefined}
        disableVirtualization={disableVirtualization}
      />
      <ProductGroupFormDialog open={!!dialog} group={dialog?.group ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={!!deleting}
        destructive
        message={t('confirmDelete', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
