import {
  endpoints,
  PAYMENT_MESSAGES,
  type TPaymentCountry,
  type TStripeAccount,
  ZDetailResponse,
  ZStripeAccount,
  ZStripeLinkResponse,
} from '@lockerops/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { apiCall } from '../../api/client';
import { ApiError, formatApiError } from '../../api/errors';

export const stripeAccountKey = ['stripe', 'account'] as const;

/** The three states of the payment-provider account (spec operational §4). */
export type TAccountState = 'none' | 'not_configured' | 'enabled';
export const accountState = (a: TStripeAccount | null | undefined): TAccountState =>
  !a ? 'none' : a.details_submitted ? 'enabled' : 'not_configured';

/** `GET stripe/account`; null when the organization has none (404). Refetched whenever the tab regains focus. */
export function useStripeAccount() {
  return useQuery({
    queryKey: stripeAccountKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiCall(endpoints.stripe.account, { schema: ZStripeAccount, signal });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    // 'always': the onboarding runs in another tab, and coming back must show its outcome even
    // while the answer is younger than the console's default stale time
    refetchOnWindowFocus: 'always',
  });
}

/** `POST stripe?country=`: creates the account if needed and opens the onboarding link in a new tab. */
export function useConnectStripe() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (country: TPaymentCountry) =>
      apiCall(endpoints.stripe.link, { query: { country }, schema: ZStripeLinkResponse }),
    onSuccess: ({ url }) => {
      window.open(url, '_blank', 'noopener');
      enqueueSnackbar(PAYMENT_MESSAGES.created, { variant: 'success' });
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
    mutationFn: () => apiCall(endpoints.stripe.remove, { schema: ZDetailResponse }),
    onSuccess: () => {
      enqueueSnackbar(PAYMENT_MESSAGES.deleted, { variant: 'success' });
      queryClient.setQueryData(stripeAccountKey, null);
      void queryClient.invalidateQueries({ queryKey: stripeAccountKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}
