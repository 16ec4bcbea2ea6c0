import { PAYMENT_MESSAGES, paymentsEndpoints, ZPaymentsMode } from '@lockerops/contract';
import { Chip, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../api/client';
import { translateMessage } from '../i18n/messages';

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
  // re-rendered when the language changes; the texts are the contract's, by their codes
  useTranslation('errors');
  if (mode.data?.payments_mode !== 'sandbox') return null;
  return (
    <Tooltip title={translateMessage(PAYMENT_MESSAGES.sandboxHint)}>
      <Chip
        label={translateMessage(PAYMENT_MESSAGES.sandboxBadge)}
        color="warning"
        size="small"
        variant="outlined"
        data-testid="sandbox-payments"
        sx={{ mb: 2 }}
      />
    </Tooltip>
  );
}
