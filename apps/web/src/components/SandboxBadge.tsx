import { PAYMENT_MESSAGES, paymentsEndpoints, ZPaymentsMode } from '@lockerops/contract';
import { Chip, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api/client';

/** `GET payments/mode`: whether the server charges through Stripe or the offline sandbox. */
export function usePaymentsMode() {
  return useQuery({
    queryKey: ['payments', 'mode'],
    queryFn: ({ signal }) => apiCall(paymentsEndpoints.payments.mode, { schema: ZPaymentsMode, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * "Sandbox payments" while the server runs the offline sandbox (no `STRIPE_SECRET_KEY`), so
 * nobody mistakes its charges for money; nothing with Stripe or before the answer.
 */
export function SandboxBadge() {
  const mode = usePaymentsMode();
  if (mode.data?.payments_mode !== 'sandbox') return null;
  return (
    <Tooltip title={PAYMENT_MESSAGES.sandboxHint}>
      <Chip
        label={PAYMENT_MESSAGES.sandboxBadge}
        color="warning"
        size="small"
        variant="outlined"
        data-testid="sandbox-payments"
        sx={{ mb: 2 }}
      />
    </Tooltip>
  );
}
