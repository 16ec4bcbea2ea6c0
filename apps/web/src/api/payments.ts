import { paymentsEndpoints, type TStripeAccount, ZStripeAccount } from '@lockerops/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './client';
import { ApiError } from './errors';

/** Query key of the organization's payment-provider account: the payments page and the memberships page read it. */
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
        return await apiCall(paymentsEndpoints.stripe.account, { schema: ZStripeAccount, signal });
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
