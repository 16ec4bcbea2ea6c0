import { RETURN_POLICY_LABELS, type TProductGroup } from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { PRODUCT_GROUPS_ENDPOINT, productGroupsKey, useDeleteProductGroup, ZProductGroupPage } from './hooks';
import { ProductGroupFormDialog } from './ProductGroupFormDialog';

/** Columns of the product groups table (spec operational §3 Product group). */
export function productGroupColumns(opts: {
  isAdmin: boolean;
  onEdit: (g: TProductGroup) => void;
  onDelete: (g: TProductGroup) => void;
}): GridColDef<TProductGroup>[] {
  return [
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
            style={{ objectFit: 'cover' }}
          />
        ) : (
          <ImageOutlined color="disabled" fontSize="small" sx={{ verticalAlign: 'middle' }} />
        ),
    },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'one_to_one',
      headerName: 'Return Policy',
      width: 200,
      sortable: false,
      valueGetter: (_v, row) => (row.one_to_one ? RETURN_POLICY_LABELS.same : RETURN_POLICY_LABELS.any),
    },
    {
      field: 'size',
      headerName: 'Locker Size',
      width: 120,
      sortable: false,
      valueGetter: (_v, row) => row.size?.name ?? '',
    },
    {
      field: 'products',
      headerName: 'Products',
      width: 100,
      sortable: false,
      valueGetter: (_v, row) => row.products.length,
    },
    { field: 'charging_time', headerName: 'Charging Time', width: 130 },
    {
      field: 'auto_repair',
      headerName: 'Auto Repair',
      width: 110,
      valueGetter: (_v, row) => (row.auto_repair ? 'Yes' : 'No'),
    },
    { field: 'transaction_number', headerName: 'Transactions', width: 120 },
    { field: 'total_inventory', headerName: 'Total Inventory', width: 130 },
    {
      field: 'actions',
      headerName: 'Action',
      width: 100,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => opts.onEdit(row)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {opts.isAdmin ? (
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${row.name}`} onClick={() => opts.onDelete(row)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </>
      ),
    },
  ];
}

/**
 * /product-groups (spec operational §2 Products and product groups): Add Product Group, the list with
 * create/edit (multipart) and delete; admins select rows, bulk delete and export.
 */
export function ProductGroupsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ group: TProductGroup | null } | null>(null);
  const [deleting, setDeleting] = useState<TProductGroup | null>(null);
  const remove = useDeleteProductGroup();
  const columns = useMemo(
    () => productGroupColumns({ isAdmin, onEdit: (group) => setDialog({ group }), onDelete: setDeleting }),
    [isAdmin],
  );
  return (
    <>
      <PageTitle
        title="Product Groups"
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ group: null })}>
            Add Product Group
          </Button>
        }
      />
      <DataTable<TProductGroup>
        queryKey={productGroupsKey}
        endpoint={PRODUCT_GROUPS_ENDPOINT}
        schema={ZProductGroupPage}
        columns={columns}
        filterPage="product-groups"
        canSelect={isAdmin}
        bulkDelete
        exportModel="product-group"
        onRowClick={(group) => setDialog({ group })}
        disableVirtualization={disableVirtualization}
      />
      <ProductGroupFormDialog open={!!dialog} group={dialog?.group ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={!!deleting}
        message={`Are you sure you want to delete the product group "${deleting?.name ?? ''}"?`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
