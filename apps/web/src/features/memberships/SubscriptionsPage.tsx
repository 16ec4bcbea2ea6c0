import { MEMBERSHIP_TYPE_LABELS, type TMembership } from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountState, useStripeAccount } from '../../api/payments';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { formatMoney } from '../../lib/format';
import { MEMBERSHIPS_ENDPOINT, membershipsKey, useDeleteMembership, ZMembershipPage } from './hooks';
import { MembershipFormDialog } from './MembershipFormDialog';

/**
 * /subscriptions (spec operational §2 Prices, promos, subscriptions): Add Subscription (the 'Setup
 * Stripe' dialog first when the payment account is not enabled, leading to /pricing-set-up), table,
 * edit, delete (refused while users hold the plan), admin bulk delete and export.
 */
export function SubscriptionsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
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
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
      {
        field: 'membership_type',
        headerName: 'Type',
        width: 120,
        valueGetter: (_v, row) => MEMBERSHIP_TYPE_LABELS[row.membership_type],
      },
      { field: 'value', headerName: 'Value', width: 90 },
      {
        field: 'amount',
        headerName: 'Amount',
        width: 110,
        valueGetter: (_v, row) => formatMoney(row.amount, row.currency),
      },
      {
        field: 'billing_type',
        headerName: 'Billing',
        width: 160,
        valueGetter: (_v, row) =>
          row.billing_type === 'recurring'
            ? `Every ${row.billing_period} × ${row.number_of_payments}`
            : 'One time',
      },
      { field: 'subscribers', headerName: 'Subscribers', width: 120, sortable: false },
      {
        field: 'active',
        headerName: 'Active',
        width: 90,
        valueGetter: (_v, row) => (row.active ? 'Yes' : 'No'),
      },
      rowActionsColumn<TMembership>({
        onEdit: (membership) => setDialog({ membership }),
        onDelete: setDeleting,
      }),
    ],
    [],
  );

  const add = () => {
    if (accountState(stripe.data) === 'enabled') setDialog({ membership: null });
    else setSetup(true);
  };

  return (
    <>
      <PageTitle
        title="Subscriptions"
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={add}>
            Add Subscription
          </Button>
        }
      />
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
        <DialogTitle>Setup Stripe</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Subscriptions are paid through your Stripe account. Set it up to charge subscribers.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSetup(false)}>Cancel</Button>
          <Button
            onClick={() => {
              setSetup(false);
              setDialog({ membership: null });
            }}
          >
            Continue without Stripe
          </Button>
          <Button variant="contained" onClick={() => navigate('/pricing-set-up')}>
            Setup
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
        open={!!deleting}
        message={`Are you sure you want to delete the subscription "${deleting?.name ?? ''}"?`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
