import {
  PAYMENT_MESSAGES,
  paymentsEndpoints,
  type TPaymentCountry,
  ZDetailResponse,
  ZStripeLinkResponse,
} from '@lockerops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { stripeAccountKey } from '../../api/payments';
import { translateMessage } from '../../i18n/messages';

/** `POST stripe?country=`: creates the account if needed and opens the onboarding link in a new tab. */
export function useConnectStripe() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (country: TPaymentCountry) =>
      apiCall(paymentsEndpoints.stripe.link, { query: { country }, schema: ZStripeLinkResponse }),
    onSuccess: ({ url }) => {
      window.open(url, '_blank', 'noopener');
      enqueueSnackbar(translateMessage(PAYMENT_MESSAGES.created), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: stripeAccountKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}

/** `DELETE stripe`: disconnects; the page returns to "no account". */
export function useDisconnectStripe() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: () => apiCall(paymentsEndpoints.stripe.remove, { schema: ZDetailResponse }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(PAYMENT_MESSAGES.deleted), { variant: 'success' });
      queryClient.setQueryData(stripeAccountKey, null);
      void queryClient.invalidateQueries({ queryKey: stripeAccountKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}
