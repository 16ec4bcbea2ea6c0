import { SIZE_MESSAGES, type TSize } from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
import { sizeColumns } from './columns';
import { SIZES_ENDPOINT, sizesKey, ZSizePage } from './hooks';
import { SizeFormDialog } from './SizeFormDialog';

/**
 * /sizes (spec operational §2 Sizes): Add Size, search, the sizes table (select, image, name, width,
 * depth, height, action), delete, admin bulk delete/export, pagination. Viewers never reach it
 * (STAFF in the registration); only admins select rows and get the Bulk Upload tab.
 */
export function SizesPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('sizes');
  const columns = useCallback(
    ({ edit, remove }: ListActions<TSize>) => sizeColumns({ t, onEdit: edit, onDelete: remove }),
    [t],
  );
  return (
    <ListPage<TSize>
      ns="sizes"
      endpoint={SIZES_ENDPOINT}
      queryKey={sizesKey}
      schema={ZSizePage}
      columns={columns}
      filterPage="sizes"
      exportModel="size"
      deletedMessage={SIZE_MESSAGES.deleted}
      dialog={({ row, ...p }) => <SizeFormDialog size={row} {...p} />}
      disableVirtualization={disableVirtualization}
    />
  );
}
