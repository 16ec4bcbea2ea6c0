import type { TMembership } from '@lockerops/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountState, useStripeAccount } from '../../api/payments';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { formatMoney } from '../../lib/format';
import { MEMBERSHIPS_ENDPOINT, membershipsKey, useDeleteMembership, ZMembershipPage } from './hooks';
import { MembershipFormDialog } from './MembershipFormDialog';

/**
 * /subscriptions (spec operational §2 Prices, promos, subscriptions): Add Subscription (the 'Setup
 * Stripe' dialog first when the payment account is not enabled, leading to /pricing-set-up), table,
 * edit, delete (refused while users hold the plan), admin bulk delete and export.
 */
export function SubscriptionsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('memberships');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const navigate = useNavigate();
  const stripe = useStripeAccount();
  const [dialog, setDialog] = useState<{ membership: TMembership | null } | null>(null);
  const [setup, setSetup] = useState(false);
  const [deleting, setDeleting] = useState<TMembership | null>(null);
  const remove = useDeleteMembership();

  const columns = useMemo<GridColDef<TMembership>[]>(
    () => [
      { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 150 },
      {
        field: 'membership_type',
        headerName: t('column.type'),
        width: 120,
        valueGetter: (_v, row) => label('membershipType', row.membership_type),
      },
      { field: 'value', headerName: t('column.value'), width: 90 },
      {
        field: 'amount',
        headerName: t('column.amount'),
        width: 110,
        valueGetter: (_v, row) => formatMoney(row.amount, row.currency),
      },
      {
        field: 'billing_type',
        headerName: t('column.billing'),
        width: 160,
        valueGetter: (_v, row) =>
          row.billing_type === 'recurring'
            ? t('column.every', {
                period: row.billing_period ? t(`period.${row.billing_period}`) : '',
                count: row.number_of_payments,
              })
            : t('column.oneTime'),
      },
      { field: 'subscribers', headerName: t('column.subscribers'), width: 120, sortable: false },
      {
        field: 'active',
        headerName: t('column.active'),
        width: 90,
        valueGetter: (_v, row) => (row.active ? t('column.yes') : t('column.no')),
      },
      rowActionsColumn<TMembership>({
        onEdit: (membership) => setDialog({ membership }),
        onDelete: setDeleting,
      }),
    ],
    [t, label],
  );

  const add = () => {
    if (accountState(stripe.data) === 'enabled') setDialog({ membership: null });
    else setSetup(true);
  };

  return (
    <>
      <PageTitle title={t('title')} actions={addAction(t('add'), add)} />
      <DataTable<TMembership>
        queryKey={membershipsKey}
        endpoint={MEMBERSHIPS_ENDPOINT}
        schema={ZMembershipPage}
        columns={columns}
        filterPage="subscriptions"
        canSelect={isAdmin}
        bulkDelete
        exportModel="subscription"
        onRowClick={(membership) => setDialog({ membership })}
        disableVirtualization={disableVirtualization}
      />
      <Dialog open={setup} onClose={() => setSetup(false)}>
        <DialogTitle>{t('setup.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('setup.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSetup(false)}>{t('common:button.cancel')}</Button>
          <Button
            onClick={() => {
              setSetup(false);
              setDialog({ membership: null });
            }}
          >
            {t('setup.withoutStripe')}
          </Button>
          <Button variant="contained" onClick={() => navigate('/pricing-set-up')}>
            {t('setup.setup')}
          </Button>
        </DialogActions>
      </Dialog>
      <MembershipFormDialog
        open={!!dialog}
        membership={dialog?.membership ?? null}
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
