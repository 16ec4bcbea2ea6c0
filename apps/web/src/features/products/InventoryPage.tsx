import type { TProduct } from '@lockerops/contract';
import { Button } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
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
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const remove = useDeleteProduct();
  const duplicate = useDuplicateProduct();
  const columns = useCallback(
    ({ isAdmin, edit, remove }: ListActions<TProduct>) =>
      productColumns({
        t,
        isAdmin,
        onEdit: edit,
        onClone: (product) => duplicate.mutate(product.id),
        onDelete: remove,
      }),
    [t, duplicate.mutate],
  );
  return (
    <ListPage<TProduct>
      ns="products"
      endpoint={PRODUCTS_ENDPOINT}
      queryKey={productsKey}
      schema={ZProductPage}
      columns={columns}
      filterPage="inventory"
      exportModel="product"
      removal={remove}
      bulkActions={(ids) => (
        <Button size="small" onClick={() => setBulkIds(ids)}>
          {t('editBulk')}
        </Button>
      )}
      rowClick="admins"
      dialog={({ row, ...p }) => <ProductFormDialog product={row} {...p} />}
      disableVirtualization={disableVirtualization}
    >
      <BulkEditProductsDialog ids={bulkIds} onClose={() => setBulkIds(null)} />
    </ListPage>
  );
}
