import type { TProductGroup } from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
import { useEnumLabel } from '../../i18n/enums';
import { productGroupColumns } from './columns';
import { PRODUCT_GROUPS_ENDPOINT, productGroupsKey, useDeleteProductGroup, ZProductGroupPage } from './hooks';
import { ProductGroupFormDialog } from './ProductGroupFormDialog';

/**
 * /product-groups (spec operational §2 Products and product groups): Add Product Group, the list with
 * create/edit (multipart) and delete; admins select rows, bulk delete and export. A member adds
 * groups but cannot open one's edit (spec operational §1: what a role cannot do, it does not see).
 */
export function ProductGroupsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('product-groups');
  const label = useEnumLabel();
  const remove = useDeleteProductGroup();
  const columns = useCallback(
    (a: ListActions<TProductGroup>) => productGroupColumns(t, label, a),
    [t, label],
  );
  return (
    <ListPage<TProductGroup>
      ns="product-groups"
      endpoint={PRODUCT_GROUPS_ENDPOINT}
      queryKey={productGroupsKey}
      schema={ZProductGroupPage}
      columns={columns}
      filterPage="product-groups"
      exportModel="product-group"
      removal={remove}
      rowClick="admins"
      dialog={({ row, open, onClose }) => (
        <ProductGroupFormDialog group={row} open={open} onClose={onClose} />
      )}
      disableVirtualization={disableVirtualization}
    />
  );
}
