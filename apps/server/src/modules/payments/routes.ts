import { endpoints, PAYMENT_MESSAGES } from '@lockerops/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PaymentsAdapter, SANDBOX_ONBOARDING_PATH } from '../../adapters/payments';
import { errors, routeOf } from '../../lib/openapi';
import { pricingGated } from '../prices';
import {
  accountOf,
  completeSandboxAccount,
  connectAccount,
  consoleUrlOf,
  disconnectAccount,
  sandboxAccountOwner,
} from './service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
button{font-size:1rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}
.note{color:#666;font-size:.9rem}</style></head><body>${body}</body></html>`;

const AccountParams = z.object({ accountId: z.string().regex(/^[A-Za-z0-9_]{1,64}$/) });

/**
 * Payment-provider calls (spec: operational §7 Payment provider): `POST stripe?country` answers
 * the onboarding link, `GET stripe/account` the account, `DELETE stripe` disconnects; gated by
 * the `pricing` feature; reading is open to members, creating and deleting the account to admins. With the sandbox driver it also serves the public
 * onboarding page `GET|POST /payments/sandbox/onboarding/{accountId}` that completes the account
 * and goes back to the console's `/pricing-set-up`.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  opts: { adapter: PaymentsAdapter },
): Promise<void> {
  const { adapter } = opts;
  const tags = ['Payment provider'];

  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(endpoints.payments.mode, {
      tags,
      summary: 'Payment driver: stripe or sandbox',
      description:
        '`sandbox` while STRIPE_SECRET_KEY is unset (no money moves); the console then shows "Sandbox payments".',
      errors: errors(401),
    }),
    handler: async () =>
      ({ payments_mode: app.ctx.charges.kind === 'stripe' ? 'stripe' : 'sandbox' }) as const,
  });

  await pricingGated(app, async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const e = endpoints.stripe;
    api.route({
      ...routeOf(e.link, {
        tags,
        summary: 'Create the payment account (if none) and answer its onboarding link',
        description: `Query \`country\`: one of AT, BE, FI, FR, DE, IE, IT, NL, PT, ES, GB, AU, CA, US, MX (default US). Answers \`{ url }\` to open; the provider comes back to \`/pricing-set-up\` of the console address the request used (the public host or an organization sub-domain of it). Admins only: the account receives the organization's money. spec: operational §7 Payment provider.`,
        errors: errors(400, 401, 403),
      }),
      handler: async (req) =>
        connectAccount({
          run: (fn) => req.withTenant(fn),
          auth: req.auth,
          adapter,
          country: req.query.country,
          consoleUrl: consoleUrlOf(app.ctx.config.publicUrl, req.headers.host),
        }),
    });
    api.route({
      ...routeOf(e.account, {
        tags,
        summary: 'The connected payment account',
        description: `Answers \`{ id, email, details_submitted }\`; 404 '${PAYMENT_MESSAGES.noAccount}' when none. details_submitted false is shown as "Not Configured", true as "Enabled". spec: operational §7 Payment provider, §4.`,
        errors: errors(401, 403, 404),
      }),
      handler: async (req) => accountOf({ run: (fn) => req.withTenant(fn), auth: req.auth, adapter }),
    });
    api.route({
      ...routeOf(e.remove, {
        tags,
        summary: 'Disconnect the payment account',
        description: `Deletes the account at the provider; the organization returns to "no account". 404 when none. Admins only (on Stripe this deletes the connected account). spec: operational §7 Payment provider.`,
        errors: errors(401, 403, 404),
      }),
      handler: async (req) => disconnectAccount({ run: (fn) => req.withTenant(fn), auth: req.auth, adapter }),
    });
  });

  if (adapter.kind !== 'sandbox') return;
  await app.register(async (pub) => {
    // the page's form posts an empty urlencoded body
    pub.addContentTypeParser('application/x-www-form-urlencoded', (_req, _payload, done) => done(null, {}));
    const api = pub.withTypeProvider<ZodTypeProvider>();
    api.get(
      `${SANDBOX_ONBOARDING_PATH}/:accountId`,
      { config: { public: true }, schema: { hide: true, params: AccountParams } },
      async (req, reply) => {
        const owner = await sandboxAccountOwner({ db: app.ctx.db, accountId: req.params.accountId });
        reply.type('text/html; charset=utf-8');
        if (!owner)
          return reply
            .status(404)
            .send(page('Onboarding', `<h1>Onboarding</h1><p>${PAYMENT_MESSAGES.onboardingNotFound}</p>`));
        return reply.send(
          page(
            'Sandbox payment account',
            `<h1>Sandbox payment account</h1>
<p>Account <code>${escapeHtml(req.params.accountId)}</code> for <strong>${escapeHtml(owner.name)}</strong>.</p>
<p class="note">This is the offline sandbox provider: no card or bank details are needed.</p>
<form method="post"><button type="submit">Complete onboarding</button></form>`,
          ),
        );
      },
    );
    api.post(
      `${SANDBOX_ONBOARDING_PATH}/:accountId`,
      { config: { public: true }, schema: { hide: true, params: AccountParams } },
      async (req, reply) => {
        const name = await completeSandboxAccount({ db: app.ctx.db, accountId: req.params.accountId });
        if (!name)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(page('Onboarding', `<h1>Onboarding</h1><p>${PAYMENT_MESSAGES.onboardingNotFound}</p>`));
        return reply.redirect('/pricing-set-up', 303);
      },
    );
  });
}
