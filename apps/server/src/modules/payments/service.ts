/**
 * The payment-provider set-up of the organization a request acts for (spec: operational §4
 * Payment provider account, §7 Payment provider; console §4): none → created (details not
 * submitted: "Not Configured") → completed ("Enabled") → disconnected (none). The account id and
 * its completion are kept on the organization, which is what the public lookup's
 * `stripe_enabled` reads.
 */
import { PAYMENT_MESSAGES, type TPaymentCountry, type TStripeAccount } from '@lockerops/contract';
import type { PaymentsAdapter } from '../../adapters/payments';
import type { AuthContext } from '../../auth/context';
import type { Db, Tx } from '../../db/client';
import { NotFound } from '../../errors';
import { writeAudit } from '../../lib/crud/audit';
import { setPaymentAccount, submitSandboxAccount } from '../organizations';
import { actingOrganization, memberEmail, organizationOfAccount } from './queries';

const ENTITY = 'payment_account';

/** Runs a function in one tenant transaction (`req.withTenant`). */
type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** The organization's row, locked for the transaction unless `lock` is false. */
async function organizationRow(tx: Tx, auth: AuthContext, lock = true) {
  const org = await actingOrganization({ tx, auth, lock });
  if (!org) throw NotFound();
  return org;
}

/**
 * Creates the account in `country` when the organization has none, then answers the onboarding
 * link to open (`{ url }`); the provider comes back to `{consoleUrl}/pricing-set-up` (the
 * console's address the caller uses, see `consoleUrlOf`). Writes an
 * audit entry on creation. The provider is asked with no transaction open (`run` is
 * `req.withTenant`): read, create the account, then record it under the organization's row lock
 * (an account a concurrent call stored first wins, and the link is for it).
 */
export async function connectAccount({
  run,
  auth,
  adapter,
  country,
  consoleUrl,
}: {
  run: TenantRun;
  auth: AuthContext;
  adapter: PaymentsAdapter;
  country: TPaymentCountry;
  consoleUrl: string;
}): Promise<{ url: string }> {
  const known = await run(async (tx) => {
    const org = await organizationRow(tx, auth, false);
    const email = org.ownerEmail ?? (await memberEmail({ tx, auth })) ?? null;
    return { accountId: org.stripeAccountId, email };
  });
  let accountId = known.accountId;
  if (!accountId) {
    const created = await adapter.createAccount({
      organizationId: auth.organizationId,
      country,
      email: known.email,
    });
    accountId = await run(async (tx) => {
      const org = await organizationRow(tx, auth);
      if (org.stripeAccountId) return org.stripeAccountId;
      await setPaymentAccount({
        tx,
        auth,
        set: { stripeAccountId: created.id, stripeDetailsSubmitted: false },
      });
      await writeAudit({
        tx,
        auth,
        entry: {
          entity: ENTITY,
          entityId: org.id,
          action: 'create',
          after: { stripe_account_id: created.id, country, details_submitted: false },
        },
      });
      return created.id;
    });
  }
  const back = `${consoleUrl}/pricing-set-up`;
  return adapter.onboardingLink({ accountId, returnUrl: back, refreshUrl: `${back}?refresh=1` });
}

/**
 * The connected account `{ id, email, details_submitted }`; 404 ('No payment account is
 * connected.') when there is none. Keeps the organization's copy of `details_submitted` in step
 * with the provider; an account the provider no longer has is disconnected. The provider is
 * asked between two short transactions.
 */
export async function accountOf({
  run,
  auth,
  adapter,
}: {
  run: TenantRun;
  auth: AuthContext;
  adapter: PaymentsAdapter;
}): Promise<TStripeAccount> {
  const org = await run((tx) => organizationRow(tx, auth, false));
  if (!org.stripeAccountId) throw NotFound(PAYMENT_MESSAGES.noAccount);
  const accountId = org.stripeAccountId;
  const account = await adapter.getAccount(accountId, {
    email: org.ownerEmail,
    detailsSubmitted: org.stripeDetailsSubmitted,
  });
  if (!account || account.details_submitted !== org.stripeDetailsSubmitted)
    await run((tx) =>
      setPaymentAccount({
        tx,
        auth,
        set: account
          ? { stripeDetailsSubmitted: account.details_submitted }
          : { stripeAccountId: null, stripeDetailsSubmitted: false },
        ifAccountId: accountId,
      }),
    );
  if (!account) throw NotFound(PAYMENT_MESSAGES.noAccount);
  return account;
}

/**
 * Deletes the account at the provider (no transaction open) and forgets it; 404 when there is
 * none.
 */
export async function disconnectAccount({
  run,
  auth,
  adapter,
}: {
  run: TenantRun;
  auth: AuthContext;
  adapter: PaymentsAdapter;
}): Promise<{ detail: string }> {
  const org = await run((tx) => organizationRow(tx, auth, false));
  if (!org.stripeAccountId) throw NotFound(PAYMENT_MESSAGES.noAccount);
  const accountId = org.stripeAccountId;
  await adapter.deleteAccount(accountId);
  await run(async (tx) => {
    await setPaymentAccount({
      tx,
      auth,
      set: { stripeAccountId: null, stripeDetailsSubmitted: false },
      ifAccountId: accountId,
    });
    await writeAudit({
      tx,
      auth,
      entry: {
        entity: ENTITY,
        entityId: org.id,
        action: 'delete',
        before: { stripe_account_id: accountId, details_submitted: org.stripeDetailsSubmitted },
      },
    });
  });
  return { detail: PAYMENT_MESSAGES.deleted };
}

/**
 * The console address a request came from: the public URL with the request's Host when that Host
 * is the public host or one of its organization sub-domains (`acme.localhost:3000` under
 * `http://localhost:3000`), so an organization's admin comes back to the console they are signed
 * into; any other Host answers the public URL.
 */
export function consoleUrlOf(publicUrl: string, host: string | undefined): string {
  const pub = new URL(publicUrl);
  const base = publicUrl.replace(/\/$/, '');
  if (!host) return base;
  let req: URL;
  try {
    req = new URL(`${pub.protocol}//${host}`);
  } catch {
    return base;
  }
  const hostname = req.hostname.toLowerCase();
  const ours = hostname === pub.hostname || hostname.endsWith(`.${pub.hostname}`);
  if (!ours || req.port !== pub.port) return base;
  return `${req.origin}${pub.pathname.replace(/\/$/, '')}`;
}

/**
 * Completes a sandbox account (its onboarding page's submit): sets `details_submitted`. Runs with
 * the owner's handle because the page is public; the unguessable account id is the credential.
 * Answers the organization's name, or undefined for an unknown account.
 */
export async function completeSandboxAccount({
  db,
  accountId,
}: {
  db: Db;
  accountId: string;
}): Promise<string | undefined> {
  return submitSandboxAccount({ db, accountId });
}

/** The organization name of a sandbox account, for its onboarding page; undefined when unknown. */
export async function sandboxAccountOwner({
  db,
  accountId,
}: {
  db: Db;
  accountId: string;
}): Promise<{ name: string; submitted: boolean } | undefined> {
  return organizationOfAccount({ db, accountId });
}
