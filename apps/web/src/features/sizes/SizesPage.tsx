import type { TSize } from '@lockerops/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { sizeColumns } from './columns';
import { SIZES_ENDPOINT, sizesKey, useDeleteSize, ZSizePage } from './hooks';
import { SizeFormDialog } from './SizeFormDialog';

/**
 * /sizes (spec operational §2 Sizes): Add Size, search, the sizes table (select, image, name, width,
 * depth, height, action), delete, admin bulk delete/export, pagination. Viewers never reach it
 * (STAFF in the registration); only admins select rows and get the Bulk Upload tab.
 */
export function SizesPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('sizes');
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ size: TSize | null } | null>(null);
  const [deleting, setDeleting] = useState<TSize | null>(null);
  const remove = useDeleteSize();

  const columns = useMemo(
    () => sizeColumns({ t, onEdit: (size) => setDialog({ size }), onDelete: setDeleting }),
    [t],
  );

  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), () => setDialog({ size: null }))} />
      <DataTable<TSize>
        queryKey={sizesKey}
        endpoint={SIZES_ENDPOINT}
        schema={ZSizePage}
        columns={columns}
        filterPage="sizes"
        canSelect={isAdmin}
        bulkDelete
        exportModel="size"
        onRowClick={(size) => setDialog({ size })}
        disableVirtualization={disableVirtualization}
      />
      <SizeFormDialog
        open={!!dialog}
        size={dialog?.size ?? null}
        isAdmin={isAdmin}
        onClose={() => setDialog(null)}
      />
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
