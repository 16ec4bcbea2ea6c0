import type { TPrice } from '@lockerops/contract';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { formatMoney } from '../../lib/format';
import { PRICES_ENDPOINT, pricesKey, useDeletePrice, ZPricePage } from './hooks';
import { PriceFormDialog } from './PriceFormDialog';

/**
 * /pay-per (spec operational §2 Prices): Add Price, search, the prices table (name, unit type,
 * amount, unit amount, unit, card on file, default), edit, delete, admin bulk delete.
 */
export function PayPerPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('prices');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ price: TPrice | null } | null>(null);
  const [deleting, setDeleting] = useState<TPrice | null>(null);
  const remove = useDeletePrice();

  const columns = useMemo<GridColDef<TPrice>[]>(
    () => [
      { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 160 },
      {
        field: 'price_type',
        headerName: t('field.unitType'),
        width: 150,
        valueGetter: (_v, row) => label('priceType', row.price_type),
      },
      {
        field: 'amount',
        headerName: t('field.amount'),
        width: 120,
        valueGetter: (_v, row) => formatMoney(row.amount, row.currency),
      },
      { field: 'unit_amount', headerName: t('field.unitAmount'), width: 120 },
      {
        field: 'unit',
        headerName: t('field.unit'),
        width: 100,
        valueFormatter: (v: string) => t(`unit.${v}`, { defaultValue: v }),
      },
      {
        field: 'card_on_file',
        headerName: t('field.cardOnFile'),
        width: 120,
        sortable: false,
        valueGetter: (_v, row) => (row.card_on_file ? t('field.yes') : t('field.no')),
      },
      {
        field: 'default',
        headerName: t('field.default'),
        width: 110,
        renderCell: ({ row }) =>
          row.default ? <Chip size="small" color="primary" label={t('field.default')} /> : null,
      },
      rowActionsColumn<TPrice>({ onEdit: (price) => setDialog({ price }), onDelete: setDeleting }),
    ],
    [t, label],
  );

  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), () => setDialog({ price: null }))} />
      <DataTable<TPrice>
        queryKey={pricesKey}
        endpoint={PRICES_ENDPOINT}
        schema={ZPricePage}
        columns={columns}
        filterPage="pay-per"
        canSelect={isAdmin}
        bulkDelete
        onRowClick={(price) => setDialog({ price })}
        disableVirtualization={disableVirtualization}
      />
      <PriceFormDialog
        open={!!dialog}
        price={dialog?.price ?? null}
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
