import type { TPromo } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { formatDateTime, formatNumber } from '../../lib/format';
import { PROMOS_ENDPOINT, promosKey, useDeletePromo, ZPromoPage } from './hooks';
import { PromoFormDialog } from './PromoFormDialog';

const when = (iso: string) => formatDateTime(iso);

/** /promo-codes (spec operational §2 Promos): Add Promo, search, table, edit, delete, admin bulk delete. */
export function PromoCodesPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('promos');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ promo: TPromo | null } | null>(null);
  const [deleting, setDeleting] = useState<TPromo | null>(null);
  const remove = useDeletePromo();

  const columns = useMemo<GridColDef<TPromo>[]>(
    () => [
      { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 150 },
      { field: 'code', headerName: t('field.code'), width: 140 },
      {
        field: 'discount_type',
        headerName: t('field.discountType'),
        width: 140,
        valueGetter: (_v, row) => label('discountType', row.discount_type),
      },
      {
        field: 'amount',
        headerName: t('field.amount'),
        width: 110,
        valueGetter: (_v, row) =>
          row.discount_type === 'percentage'
            ? t('percent', { value: formatNumber(row.amount, Number.isInteger(row.amount) ? 0 : 2) })
            : formatNumber(row.amount),
      },
      {
        field: 'start_time',
        headerName: t('field.startTime'),
        width: 190,
        valueGetter: (_v, row) => when(row.start_time),
      },
      {
        field: 'end_time',
        headerName: t('field.endTime'),
        width: 190,
        valueGetter: (_v, row) => when(row.end_time),
      },
      rowActionsColumn<TPromo>({ onEdit: (promo) => setDialog({ promo }), onDelete: setDeleting }),
    ],
    [t, label],
  );

  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), () => setDialog({ promo: null }))} />
      <DataTable<TPromo>
        queryKey={promosKey}
        endpoint={PROMOS_ENDPOINT}
        schema={ZPromoPage}
        columns={columns}
        filterPage="promo-codes"
        canSelect={isAdmin}
        bulkDelete
        onRowClick={(promo) => setDialog({ promo })}
        disableVirtualization={disableVirtualization}
      />
      <PromoFormDialog
        open={!!dialog}
        promo={dialog?.promo ?? null}
        isAdmin={isAdmin}
        onClose={() => setDialog(null)}
      />
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
