import type { TProduct } from '@lockerops/contract';
import { Button } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { BulkEditProductsDialog } from './BulkEditProductsDialog';
import { productColumns } from './columns';
import { PRODUCTS_ENDPOINT, productsKey, useDeleteProduct, useDuplicateProduct, ZProductPage } from './hooks';
import { ProductFormDialog } from './ProductFormDialog';

/**
 * /inventory (spec operational §2 Products): Add Product, search, the products table with clone, and
 * for admins edit ("Edit Product" with the "Product History Log" tab), delete, bulk edit ("Edit
 * Products"), bulk delete, export and bulk upload. Members cannot open the product edit (spec §1);
 * viewers never reach the page (STAFF).
 */
export function InventoryPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('products');
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ product: TProduct | null } | null>(null);
  const [deleting, setDeleting] = useState<TProduct | null>(null);
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const remove = useDeleteProduct();
  const duplicate = useDuplicateProduct();

  const columns = useMemo(
    () =>
      productColumns({
        t,
        isAdmin,
        onEdit: (product) => setDialog({ product }),
        onClone: (product) => duplicate.mutate(product.id),
        onDelete: setDeleting,
      }),
    [t, isAdmin, duplicate.mutate],
  );

  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), () => setDialog({ product: null }))} />
      <DataTable<TProduct>
        queryKey={productsKey}
        endpoint={PRODUCTS_ENDPOINT}
        schema={ZProductPage}
        columns={columns}
        filterPage="inventory"
        canSelect={isAdmin}
        bulkDelete
        exportModel="product"
        bulkActions={(ids) => (
          <Button size="small" onClick={() => setBulkIds(ids)}>
            {t('editBulk')}
          </Button>
        )}
        onRowClick={isAdmin ? (product) => setDialog({ product }) : undefined}
        disableVirtualization={disableVirtualization}
      />
      <ProductFormDialog
        open={!!dialog}
        product={dialog?.product ?? null}
        isAdmin={isAdmin}
        onClose={() => setDialog(null)}
      />
      <BulkEditProductsDialog ids={bulkIds} onClose={() => setBulkIds(null)} />
      <ConfirmDialog
        destructive
        open={!!deleting}
        message={t('confirmDelete', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
