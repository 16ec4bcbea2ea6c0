import {
  DEFAULT_PAYMENT_COUNTRY,
  PAYMENT_COUNTRIES,
  PAYMENT_MESSAGES,
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
import { formatApiError } from '../../api/errors';
import { accountState, useStripeAccount } from '../../api/payments';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageTitle } from '../../components/PageTitle';
import { SandboxBadge } from '../../components/SandboxBadge';
import { useConnectStripe, useDisconnectStripe } from './hooks';

/**
 * /pricing-set-up (spec operational §2, §4 Payment provider account; console §4): none → "Create
 * Account" (opens the provider's link) → "Not Configured" (continue the set-up) → "Enabled";
 * "Disconnect" returns to none.
 */
export function PricingSetUpPage() {
  const account = useStripeAccount();
  const connect = useConnectStripe();
  const disconnect = useDisconnectStripe();
  const [country, setCountry] = useState<TPaymentCountry>(DEFAULT_PAYMENT_COUNTRY);
  const [confirming, setConfirming] = useState(false);
  const state = accountState(account.data);

  return (
    <>
      <PageTitle title="Pricing set-up" />
      <SandboxBadge />
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6">Stripe account</Typography>
            {account.isLoading && <Typography>Fetching data...</Typography>}
            {account.isError && <Alert severity="error">{formatApiError(account.error)}</Alert>}
            {account.isSuccess && state === 'none' && (
              <>
                <Typography color="text.secondary">
                  Connect a Stripe account to take card payments for rentals and subscriptions.
                </Typography>
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <TextField
                    select
                    size="small"
                    label="Country"
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
                  <Button
                    variant="contained"
                    disabled={connect.isPending}
                    onClick={() => connect.mutate(country)}
                  >
                    Create Account
                  </Button>
                </Box>
              </>
            )}
            {account.data && (
              <>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <Typography>Status:</Typography>
                  <Chip
                    label={state === 'enabled' ? PAYMENT_MESSAGES.enabled : PAYMENT_MESSAGES.notConfigured}
                    color={state === 'enabled' ? 'success' : 'warning'}
                  />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  Account {account.data.id}
                  {account.data.email ? ` · ${account.data.email}` : ''}
                </Typography>
                <Box sx={{ display: 'flex', gap: 2 }}>
                  {state === 'not_configured' && (
                    <Button
                      variant="contained"
                      disabled={connect.isPending}
                      onClick={() => connect.mutate(country)}
                    >
                      Continue Setup
                    </Button>
                  )}
                  <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                    Disconnect
                  </Button>
                </Box>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        title="Disconnect"
        message="Are you sure you want to disconnect the Stripe account?"
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
