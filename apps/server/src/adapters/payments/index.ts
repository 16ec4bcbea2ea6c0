import { randomBytes } from 'node:crypto';
import type { TPaymentCountry, TStripeAccount } from '@lockerops/contract';
import Stripe from 'stripe';

/**
 * The payment-provider adapter (CONTRIBUTING.md "Adapters (outside systems)"): connected accounts of organizations, one
 * per organization. Drivers: Stripe Connect (when `STRIPE_SECRET_KEY` is set) and an offline
 * sandbox whose onboarding link opens a local page of ours.
 */
export interface PaymentsAdapter {
  readonly kind: 'sandbox' | 'stripe';
  /** Creates a connected account; answers its id. */
  createAccount(input: { organizationId: string; country: TPaymentCountry; email?: string | null }): Promise<{
    id: string;
  }>;
  /** A link that opens the provider's onboarding for `accountId`; it comes back to `returnUrl`. */
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  /**
   * The account as the provider knows it; undefined when the provider no longer has it. `local` is
   * our stored copy (the sandbox's only state; the Stripe driver asks Stripe instead).
   */
  getAccount(
    accountId: string,
    local: { email: string | null; detailsSubmitted: boolean },
  ): Promise<TStripeAccount | undefined>;
  /** Deletes (disconnects) the account at the provider. */
  deleteAccount(accountId: string): Promise<void>;
}

/** Path of the sandbox onboarding page, under the API prefix. */
export const SANDBOX_ONBOARDING_PATH = '/payments/sandbox/onboarding';
export const SANDBOX_ACCOUNT_PREFIX = 'acct_sandbox_';

/**
 * The offline sandbox: accounts live only in the organization's row (`stripe_account_id`,
 * `stripe_details_submitted`); the account's e-mail is the organization owner's. Its onboarding
 * link is `{console origin}/api/payments/sandbox/onboarding/{accountId}` (the origin of the return
 * URL, else the public URL), a page of ours that completes the account and goes back to
 * `/pricing-set-up` on that same origin.
 */
export function createSandboxPayments(opts: { publicUrl: string }): PaymentsAdapter {
  return {
    kind: 'sandbox',
    async createAccount() {
      return { id: `${SANDBOX_ACCOUNT_PREFIX}${randomBytes(12).toString('hex')}` };
    },
    async onboardingLink({ accountId, returnUrl }) {
      // served on the console's own address, so the page's redirect returns to the same session
      const base = returnUrl ? new URL(returnUrl).origin : opts.publicUrl;
      return { url: `${base}/api${SANDBOX_ONBOARDING_PATH}/${accountId}` };
    },
    async getAccount(accountId, local) {
      return { id: accountId, email: local.email, details_submitted: local.detailsSubmitted };
    },
    async deleteAccount() {
      // nothing outside our database to remove
    },
  };
}

/**
 * Stripe Connect with Express accounts through the official `stripe` package. Network errors and
 * Stripe's refusals surface as thrown errors; a deleted account reads as undefined.
 */
export function createStripePayments(opts: { secretKey: string; client?: Stripe }): PaymentsAdapter {
  const stripe = opts.client ?? new Stripe(opts.secretKey);
  return {
    kind: 'stripe',
    async createAccount({ organizationId, country, email }) {
      const account = await stripe.accounts.create({
        type: 'express',
        country,
        email: email ?? undefined,
        metadata: { organization_id: organizationId },
      });
      return { id: account.id };
    },
    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: link.url };
    },
    async getAccount(accountId) {
      try {
        const a = await stripe.accounts.retrieve(accountId);
        if ((a as { deleted?: boolean }).deleted) return undefined;
        return { id: a.id, email: a.email ?? null, details_submitted: Boolean(a.details_submitted) };
      } catch (err) {
        if ((err as { code?: string }).code === 'resource_missing') return undefined;
        throw err;
      }
    },
    async deleteAccount(accountId) {
      try {
        await stripe.accounts.del(accountId);
      } catch (err) {
        if ((err as { code?: string }).code !== 'resource_missing') throw err;
      }
    },
  };
}

/** The Stripe driver when a secret key is given, else the sandbox. */
export function createPaymentsAdapter(opts: {
  stripeSecretKey?: string;
  publicUrl: string;
  /** A configured client (API base of a stand-in); default: a client of `stripeSecretKey`. */
  client?: Stripe;
}): PaymentsAdapter {
  return opts.stripeSecretKey
    ? createStripePayments({ secretKey: opts.stripeSecretKey, client: opts.client })
    : createSandboxPayments({ publicUrl: opts.publicUrl });
}
