import {
  DEFAULT_PAYMENT_COUNTRY,
  PAYMENT_COUNTRIES,
  PAYMENT_MESSAGES,
  paymentsEndpoints,
  type TPaymentCountry,
} from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { accountState, useStripeAccount } from '../../api/payments';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageTitle } from '../../components/PageTitle';
import { SandboxBadge } from '../../components/SandboxBadge';
import { translateMessage } from '../../i18n/messages';
import { mayCall } from '../../lib/access';
import { useConnectStripe, useDisconnectStripe } from './hooks';

/**
 * /pricing-set-up (spec operational §2, §4 Payment provider account; console §4): none → "Create
 * Account" (opens the provider's link) → "Not Configured" (continue the set-up) → "Enabled";
 * "Disconnect" returns to none.
 */
export function PricingSetUpPage() {
  const { t } = useTranslation('payments');
  const account = useStripeAccount();
  const connect = useConnectStripe();
  const disconnect = useDisconnectStripe();
  const [country, setCountry] = useState<TPaymentCountry>(DEFAULT_PAYMENT_COUNTRY);
  const [confirming, setConfirming] = useState(false);
  const state = accountState(account.data);
  const role = useCurrentUser().role;
  // a member may see the account but not open or close it (the server answers 403)
  const canConnect = mayCall(role, paymentsEndpoints.stripe.link);
  const canDisconnect = mayCall(role, paymentsEndpoints.stripe.remove);

  return (
    <>
      <PageTitle title={t('title')} />
      <SandboxBadge />
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6">{t('stripeAccount')}</Typography>
            {account.isLoading && <Typography>{t('common:table.loading')}</Typography>}
            {account.isError && <Alert severity="error">{formatApiError(account.error)}</Alert>}
            {account.isSuccess && state === 'none' && (
              <>
                <Typography color="text.secondary">{t('connectText')}</Typography>
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <TextField
                    select
                    size="small"
                    label={t('country')}
                    value={country}
                    onChange={(e) => setCountry(e.target.value as TPaymentCountry)}
                    sx={{ minWidth: 140 }}
                  >
                    {PAYMENT_COUNTRIES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                  {canConnect ? (
                    <Button
                      variant="contained"
                      disabled={connect.isPending}
                      onClick={() => connect.mutate(country)}
                    >
                      {t('createAccount')}
                    </Button>
                  ) : null}
                </Box>
              </>
            )}
            {account.data && (
              <>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <Typography>{t('status')}</Typography>
                  <Chip
                    label={translateMessage(
                      state === 'enabled' ? PAYMENT_MESSAGES.enabled : PAYMENT_MESSAGES.notConfigured,
                    )}
                    color={state === 'enabled' ? 'success' : 'warning'}
                  />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {account.data.email
                    ? t('accountEmail', { id: account.data.id, email: account.data.email })
                    : t('account', { id: account.data.id })}
                </Typography>
                <Box sx={{ display: 'flex', gap: 2 }}>
                  {state === 'not_configured' && canConnect && (
                    <Button
                      variant="contained"
                      disabled={connect.isPending}
                      onClick={() => connect.mutate(country)}
                    >
                      {t('continueSetup')}
                    </Button>
                  )}
                  {canDisconnect ? (
                    <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                      {t('disconnect')}
                    </Button>
                  ) : null}
                </Box>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        destructive
        open={confirming}
        title={t('disconnect')}
        message={t('disconnectConfirm')}
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
