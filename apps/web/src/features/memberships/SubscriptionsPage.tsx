import { MEMBERSHIP_MESSAGES, type TMembership } from '@lockerops/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountState, useStripeAccount } from '../../api/payments';
import { type ListActions, ListPage } from '../../components/ListPage';
import { useEnumLabel } from '../../i18n/enums';
import { membershipColumns } from './columns';
import { MEMBERSHIPS_ENDPOINT, membershipsKey, ZMembershipPage } from './hooks';
import { MembershipFormDialog } from './MembershipFormDialog';

/**
 * /subscriptions (spec operational §2 Prices, promos, subscriptions): Add Subscription (the 'Setup
 * Stripe' dialog first when the payment account is not enabled, leading to /pricing-set-up), table,
 * edit, delete (refused while users hold the plan), admin bulk delete and export.
 */
export function SubscriptionsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('memberships');
  const label = useEnumLabel();
  const navigate = useNavigate();
  const stripe = useStripeAccount();
  // the Add dialog's opener while the 'Setup Stripe' question is shown
  const [setup, setSetup] = useState<(() => void) | null>(null);
  const columns = useCallback((a: ListActions<TMembership>) => membershipColumns(t, label, a), [t, label]);

  return (
    <ListPage<TMembership>
      ns="memberships"
      onAdd={(openAdd) => (accountState(stripe.data) === 'enabled' ? openAdd() : setSetup(() => openAdd))}
      endpoint={MEMBERSHIPS_ENDPOINT}
      queryKey={membershipsKey}
      schema={ZMembershipPage}
      columns={columns}
      filterPage="subscriptions"
      exportModel="subscription"
      deletedMessage={MEMBERSHIP_MESSAGES.deleted}
      dialog={({ row, ...p }) => <MembershipFormDialog membership={row} {...p} />}
      disableVirtualization={disableVirtualization}
    >
      <Dialog open={!!setup} onClose={() => setSetup(null)}>
        <DialogTitle>{t('setup.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('setup.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSetup(null)}>{t('common:button.cancel')}</Button>
          <Button
            onClick={() => {
              setup?.();
              setSetup(null);
            }}
          >
            {t('setup.withoutStripe')}
          </Button>
          <Button variant="contained" onClick={() => navigate('/pricing-set-up')}>
            {t('setup.setup')}
          </Button>
        </DialogActions>
      </Dialog>
    </ListPage>
  );
}
